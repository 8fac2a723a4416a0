// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT
import Foundation
import TestVectors
import Testing

@Suite("ID tokens made by joserfc and cryptography")
struct JWTCorpusTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let token: String
        let jwks: Data
        let settings: [String: any Sendable]
        let expected: String
        var testDescription: String { name }
    }

    /// The four corpora: HS256 (jwt-corpus.json), RS256, ES256, and the other algorithms (RS384 … EdDSA).
    static let cases: [Case] =
        load("Python/jwt-corpus.json") + load("Python/jwt-rs256-corpus.json") + load("Python/jwt-es256-corpus.json")
        + load("Python/jwt-more-algorithms-corpus.json")

    /// Read with Foundation's JSONSerialization, so the corpus is not loaded by the code under test.
    static func load(_ file: String) -> [Case] {
        guard let data = try? Vectors.data(file),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = root["cases"] as? [[String: Any]]
        else { return [] }
        return entries.compactMap { entry in
            guard let name = entry["name"] as? String, let token = entry["token"] as? String,
                let jwks = entry["jwks"], let jwksData = try? JSONSerialization.data(withJSONObject: jwks),
                let settings = entry["settings"] as? [String: Any]
            else { return nil }
            let expected = (entry["expected"] as? String) ?? "\(entry["expected"] as? Int ?? -1)"
            var sendable: [String: any Sendable] = [:]
            for (key, value) in settings {
                switch value {
                case let text as String: sendable[key] = text
                case let number as NSNumber: sendable[key] = number.int64Value
                case let list as [String]: sendable[key] = list
                default: break
                }
            }
            return Case(name: name, token: token, jwks: jwksData, settings: sendable, expected: expected)
        }
    }

    @Test("the corpora hold over 160 tokens, valid and of each kind of invalid, HS256, RS256 and ES256")
    func corpusSize() {
        #expect(Self.load("Python/jwt-corpus.json").count >= 100)
        #expect(Self.load("Python/jwt-rs256-corpus.json").count >= 25)
        #expect(Self.load("Python/jwt-es256-corpus.json").count >= 30)
        #expect(Self.load("Python/jwt-more-algorithms-corpus.json").count >= 150)
        #expect(Self.cases.filter { $0.expected == "valid" }.count >= 40)
        #expect(Set(Self.cases.map(\.expected)).count >= 30)
    }

    @Test("each token gets the verdict of its category", arguments: cases)
    func verdict(_ vector: Case) throws {
        let settings = vector.settings
        var validator = IDTokenValidator(
            issuer: settings["issuer"] as? String ?? "", clientID: settings["clientID"] as? String ?? "")
        validator.allowedAlgorithms = (settings["allowedAlgorithms"] as? [String] ?? []).map(JWSAlgorithm.init(rawValue:))
        validator.additionalTrustedAudiences = settings["trustedAudiences"] as? [String] ?? []
        validator.leewaySeconds = settings["leeway"] as? Int64 ?? 0
        validator.maximumIssuedAtAgeSeconds = settings["maxIssuedAtAge"] as? Int64
        let verdict: String
        do {
            let keys = try JWKSet(json: vector.jwks)
            let token = try validator.validate(
                vector.token, keys: keys,
                now: NumericDate(secondsSince1970: settings["now"] as? Int64 ?? 0),
                nonce: settings["nonce"] as? String, maxAge: settings["maxAge"] as? Int64,
                accessToken: settings["accessToken"] as? String, authorizationCode: settings["code"] as? String)
            #expect(token.issuer == validator.issuer)
            verdict = "valid"
        } catch .noUsableKey(_, _, let rejected) {
            // Which key was passed over, and why: "5034/" and each rejection's code.
            verdict = "5034/" + rejected.map { "\($0.reason.code)" }.joined(separator: ",")
            #expect(!rejected.isEmpty)
        } catch {
            verdict = "\(error.code)"
            #expect(!error.description.contains(vector.token), "an error message must not repeat the token")
        }
        #expect(verdict == vector.expected, "\(vector.name)")
    }
}
