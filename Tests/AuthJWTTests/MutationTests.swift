// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthJSON
import AuthJWT
import AuthTesting
import Foundation
import TestVectors
import Testing

/// Bad input gets a typed error, never a crash and never a silent wrong answer: seeded random mutations of
/// valid inputs, checked against properties that must hold whatever the mutation.
@Suite("Mutated input")
struct MutationTests {
    static let base64URLAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/= .".utf8)

    @Test("base64url text either decodes canonically (re-encodes to itself) or throws")
    func base64URL() {
        var random = SeededRandomNumberGenerator(seed: 1)
        var decoded = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...24, using: &random)
            let text = (0..<length).map { _ in Self.base64URLAlphabet.randomElement(using: &random)! }
            if let bytes = try? Base64URL.decode(bytes: text) {
                decoded += 1
                #expect(Base64URL.encodedBytes(bytes) == text)
            }
        }
        #expect(decoded > 100)  // the property was exercised, not vacuous
    }

    @Test("mutated JSON documents parse or throw AuthJSONError, and what parses round-trips")
    func json() throws {
        struct Documents: Decodable {
            struct Case: Decodable { let text: String }
            let cases: [Case]
        }
        var random = SeededRandomNumberGenerator(seed: 2)
        var parsed = 0
        for document in try Vectors.json("Python/json-random.json", as: Documents.self).cases {
            for _ in 0..<20 {
                var bytes = Array(document.text.utf8)
                Self.mutate(&bytes, using: &random)
                do {
                    let value = try JSONValue(parsing: bytes)
                    parsed += 1
                    #expect(try JSONValue(parsing: value.serialized()) == value)
                } catch {
                    #expect(error.code >= 4001 && error.code <= 4012)
                }
            }
        }
        #expect(parsed > 100)
    }

    @Test("no one-byte change to a valid HS256, RS256 or ES256 ID token is ever accepted")
    func tokens() throws {
        var random = SeededRandomNumberGenerator(seed: 3)
        var checked = 0
        for file in ["Python/jwt-corpus.json", "Python/jwt-rs256-corpus.json", "Python/jwt-es256-corpus.json"] {
            let root = try JSONSerialization.jsonObject(with: Vectors.data(file)) as? [String: Any]
            let entries = try #require(root?["cases"] as? [[String: Any]]).filter { $0["expected"] as? String == "valid" }
            for entry in entries.prefix(6) {
                let token = try #require(entry["token"] as? String)
                let settings = try #require(entry["settings"] as? [String: Any])
                let keys = try JWKSet(json: JSONSerialization.data(withJSONObject: try #require(entry["jwks"])))
                var validator = IDTokenValidator(
                    issuer: settings["issuer"] as? String ?? "", clientID: settings["clientID"] as? String ?? "")
                validator.allowedAlgorithms = (settings["allowedAlgorithms"] as? [String] ?? []).map(JWSAlgorithm.init(rawValue:))
                let now = NumericDate(secondsSince1970: (settings["now"] as? NSNumber)?.int64Value ?? 0)
                let nonce = settings["nonce"] as? String
                _ = try validator.validate(token, keys: keys, now: now, nonce: nonce)  // the original is valid
                for _ in 0..<40 {
                    var bytes = Array(token.utf8)
                    let position = Int.random(in: 0..<bytes.count, using: &random)
                    let replacement = Self.base64URLAlphabet.randomElement(using: &random)!
                    guard bytes[position] != replacement else { continue }
                    bytes[position] = replacement
                    let mutated = String(decoding: bytes, as: UTF8.self)
                    #expect(throws: AuthJWTError.self, "\(file): byte \(position)") {
                        try validator.validate(mutated, keys: keys, now: now, nonce: nonce)
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 500)
    }

    @Test("random signatures and keys of every length are refused, never crash")
    func randomKeyMaterial() throws {
        var random = SeededRandomNumberGenerator(seed: 4)
        let signingInput = Array("eyJhbGciOiJSUzI1NiJ9.e30".utf8)
        for _ in 0..<200 {
            let modulusLength = Int.random(in: 0...520, using: &random)
            let modulus = (0..<modulusLength).map { _ in UInt8.random(in: 0...255, using: &random) }
            let exponent = (0..<Int.random(in: 0...4, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let key = try? JWK(json: Array(#"{"kty":"RSA","n":"\#(Base64URL.encode(modulus))","e":"\#(Base64URL.encode(exponent))"}"#.utf8))
            let signature = (0..<Int.random(in: 0...520, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            if let key {
                #expect((try? JWSVerifier.rs256.isValidSignature(signature, signingInput: signingInput, key: key)) != true)
            }
            let x = (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
            let y = (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
            if let ecKey = try? JWK(
                json: Array(#"{"kty":"EC","crv":"P-256","x":"\#(Base64URL.encode(x))","y":"\#(Base64URL.encode(y))"}"#.utf8))
            {
                #expect(
                    (try? JWSVerifier.es256.isValidSignature(Array(signature.prefix(64)), signingInput: signingInput, key: ecKey)) != true)
            }
        }
    }

    /// Flips, inserts or deletes one random byte.
    static func mutate(_ bytes: inout [UInt8], using random: inout SeededRandomNumberGenerator) {
        guard !bytes.isEmpty else { return bytes.append(UInt8.random(in: 0...255, using: &random)) }
        let position = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes[position] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
        case 1: bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
        default: bytes.remove(at: position)
        }
    }
}
