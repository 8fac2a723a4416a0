// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT
import AuthResourceServer
import Foundation
import TestVectors
import Testing

/// `Python/access-tokens.json` (made by `Python/generate_access_tokens.py`): JWT access tokens signed by joserfc
/// with ES256 and RS256 keys, valid ones and one broken variant per check of RFC 9068 §4 and §2.2.
struct AccessTokenVectors: Decodable {
    struct Case: Decodable, CustomTestStringConvertible {
        enum Expectation: Decodable {
            case valid
            case refused(Int)

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let code = try? container.decode(Int.self) {
                    self = .refused(code)
                } else {
                    let text = try container.decode(String.self)
                    guard text == "valid" else { throw DecodingError.dataCorruptedError(in: container, debugDescription: text) }
                    self = .valid
                }
            }
        }

        let name: String
        let token: String
        let expect: Expectation
        let subject: String?
        let scopes: [String]?
        let jkt: String?
        let acr: String?
        let authTime: Int64?

        var testDescription: String { name }
    }

    let source: String
    let now: Int64
    let issuer: String
    let resource: String
    let leewaySeconds: Int64
    let cases: [Case]

    static func load() throws -> AccessTokenVectors {
        try Vectors.json("Python/access-tokens.json")
    }

    /// The `jwks` member as JSON bytes.
    static func keySet() throws -> JWKSet {
        let document = try JSONSerialization.jsonObject(with: try Vectors.data("Python/access-tokens.json")) as? [String: Any]
        let jwks = try JSONSerialization.data(withJSONObject: try #require(document?["jwks"]))
        return try JWKSet(json: Array(jwks))
    }
}

@Suite("RFC 9068 access tokens minted by joserfc (ES256, RS256): valid ones validate, each broken one is refused by its check")
struct AccessTokenVectorTests {
    static let vectors = try? AccessTokenVectors.load()

    @Test("the file holds both algorithms' cases and names its source")
    func file() throws {
        let vectors = try #require(Self.vectors)
        #expect(vectors.source.contains("joserfc"))
        #expect(vectors.cases.filter { $0.name.hasPrefix("ES256") }.count == vectors.cases.filter { $0.name.hasPrefix("RS256") }.count)
        #expect(vectors.cases.count >= 70)
    }

    @Test("each token gets its verdict", arguments: Self.vectors?.cases ?? [])
    func verdict(_ vector: AccessTokenVectors.Case) throws {
        let vectors = try #require(Self.vectors)
        var validator = AccessTokenValidator(issuers: [vectors.issuer], audience: vectors.resource)
        validator.leewaySeconds = vectors.leewaySeconds
        let keys = try AccessTokenVectors.keySet()
        switch vector.expect {
        case .valid:
            let principal = try validator.validate(vector.token, keys: keys, now: vectors.now)
            #expect(principal.subject == vector.subject)
            #expect(principal.scopes == vector.scopes)
            #expect(principal.confirmation == vector.jkt)
            #expect(principal.acr == vector.acr)
            #expect(principal.authTime == vector.authTime)
            #expect(principal.issuer == vectors.issuer)
            #expect(principal.clientID == "mcp-client")
        case .refused(let code):
            #expect {
                try validator.validate(vector.token, keys: keys, now: vectors.now)
            } throws: { error in
                (error as? ResourceServerError)?.code == code
            }
        }
    }
}
