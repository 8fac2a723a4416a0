// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthJSON
import AuthJWT
import Foundation
import TestVectors
import Testing

/// The RFC examples in RFC/jose-examples.json.
struct JOSEExamples: Decodable {
    struct HS256Example: Decodable {
        let token: String
        let header: String?
        let payload: String
    }
    // swift-format-ignore: AlwaysUseLowerCamelCase
    let rfc7515_a1: HS256Example
    // swift-format-ignore: AlwaysUseLowerCamelCase
    let rfc7519_6_1_unsecured: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    let rfc7520_4_4: HS256Example
    // swift-format-ignore: AlwaysUseLowerCamelCase
    let rfc7515_a2: HS256Example
    // swift-format-ignore: AlwaysUseLowerCamelCase
    let rfc7515_a3: HS256Example

    static func load() throws -> JOSEExamples { try Vectors.json("RFC/jose-examples.json") }

    /// A member of the file as raw JSON bytes, for the key parsers.
    static func raw(_ name: String) throws -> Data {
        let root = try JSONSerialization.jsonObject(with: Vectors.data("RFC/jose-examples.json")) as? [String: Any]
        let member = try #require(root?[name])
        let object = (member as? [String: Any])?["jwk"] ?? member
        return try JSONSerialization.data(withJSONObject: object)
    }
}

@Suite("JWS and JWT decoding")
struct JWSTests {
    @Test("decodes RFC 7515 Appendix A.1 and keeps the exact header, payload and signing input")
    func rfc7515A1() throws {
        let example = try JOSEExamples.load().rfc7515_a1
        let jws = try JWS(compact: example.token)
        #expect(jws.header.algorithm == .hs256)
        #expect(jws.header.type == "JWT")
        #expect(jws.payload == Array(example.payload.utf8))
        #expect(jws.signature.count == 32)
        #expect(jws.signingInput == Array(example.token.split(separator: ".")[0...1].joined(separator: ".").utf8))
        let jwt = try JWT(compact: example.token)  // RFC 7519 §3.1 is the same token
        #expect(try jwt.claims.issuer == "joe")
        #expect(try jwt.claims.expiration == NumericDate(secondsSince1970: 1_300_819_380))
        #expect(jwt.claims["http://example.com/is_root"] == .bool(true))
    }

    @Test("verifies the RFC 7515 A.1 and RFC 7520 §4.4 HS256 signatures with their keys")
    func rfcSignatures() throws {
        let examples = try JOSEExamples.load()
        let a1Key = try JWK(json: JOSEExamples.raw("rfc7515_a1"))
        let a1 = try JWS(compact: examples.rfc7515_a1.token)
        #expect(try JWSVerifier.hs256.isValidSignature(a1.signature, signingInput: a1.signingInput, key: a1Key))
        try a1.verifySignature(using: JWKSet(keys: [a1Key]), allowedAlgorithms: [.hs256])

        let key7520 = try JWK(json: JOSEExamples.raw("rfc7520_4_4"))
        #expect(key7520.keyID == "018c0ae5-4d9b-471b-bfd6-eef314bc7037")
        let jws7520 = try JWS(compact: examples.rfc7520_4_4.token)
        #expect(String(decoding: jws7520.payload, as: UTF8.self) == examples.rfc7520_4_4.payload)
        let used = try jws7520.verifySignature(using: JWKSet(keys: [a1Key, key7520]), allowedAlgorithms: [.hs256])
        #expect(used.keyID == key7520.keyID)
        #expect(throws: AuthJWTError.invalidSignature) {
            try jws7520.verifySignature(
                using: JWKSet(keys: [JWK(symmetricKey: Array(repeating: 7, count: 32), keyID: key7520.keyID)]),
                allowedAlgorithms: [.hs256])
        }
    }

    @Test("verifies the RFC 7515 Appendix A.2 RS256 signature, and refuses it after any change")
    func rfc7515A2() throws {
        let example = try JOSEExamples.load().rfc7515_a2
        let key = try JWK(json: JOSEExamples.raw("rfc7515_a2"))
        let jws = try JWS(compact: example.token)
        #expect(jws.header.algorithm == .rs256 && jws.signature.count == 256)
        try jws.verifySignature(using: JWKSet(keys: [key]), allowedAlgorithms: [.rs256])
        var signature = jws.signature
        signature[128] ^= 0x01
        #expect(!(try JWSVerifier.rs256.isValidSignature(signature, signingInput: jws.signingInput, key: key)))
        #expect(!(try JWSVerifier.rs256.isValidSignature(jws.signature, signingInput: jws.signingInput + [0x20], key: key)))
        // The RSA key cannot be used for HS256, nor an HMAC key for RS256.
        #expect(throws: AuthJWTError.keyAlgorithmMismatch(algorithm: "HS256", keyType: "RSA")) {
            try JWSVerifier.hs256.isValidSignature(jws.signature, signingInput: jws.signingInput, key: key)
        }
        #expect(throws: AuthJWTError.keyAlgorithmMismatch(algorithm: "RS256", keyType: "oct")) {
            try JWSVerifier.rs256.isValidSignature(jws.signature, signingInput: jws.signingInput, key: JWK(symmetricKey: [1]))
        }
    }

    @Test("verifies the RFC 7515 Appendix A.3 ES256 signature, and refuses it after any change")
    func rfc7515A3() throws {
        let example = try JOSEExamples.load().rfc7515_a3
        let key = try JWK(json: JOSEExamples.raw("rfc7515_a3"))
        let jws = try JWS(compact: example.token)
        #expect(jws.header.algorithm == .es256 && jws.signature.count == 64)
        try jws.verifySignature(using: JWKSet(keys: [key]), allowedAlgorithms: [.es256])
        for index in [0, 31, 32, 63] {
            var signature = jws.signature
            signature[index] ^= 0x10
            #expect(!(try JWSVerifier.es256.isValidSignature(signature, signingInput: jws.signingInput, key: key)))
        }
        #expect(!(try JWSVerifier.es256.isValidSignature(jws.signature, signingInput: jws.signingInput + [0x20], key: key)))
    }

    @Test("refuses the RFC 7519 §6.1 unsecured JWT even when none is listed as allowed")
    func unsecured() throws {
        let token = try JOSEExamples.load().rfc7519_6_1_unsecured
        let jws = try JWS(compact: token)
        #expect(jws.header.algorithm == .none)
        #expect(jws.signature.isEmpty)
        #expect(throws: AuthJWTError.unsecuredTokenRejected) {
            try jws.verifySignature(using: JWKSet(keys: []), allowedAlgorithms: [.none, .hs256])
        }
    }

    @Test("says which structural rule a token breaks")
    func structure() {
        #expect(throws: AuthJWTError.invalidSegmentCount(1)) { try JWS(compact: "abc") }
        #expect(throws: AuthJWTError.invalidSegmentCount(4)) { try JWS(compact: "a.b.c.d") }
        #expect(throws: AuthJWTError.encryptedTokenNotSupported) { try JWS(compact: "a.b.c.d.e") }
        #expect(throws: AuthJWTError.tokenTooLarge(size: 11, limit: 10)) { try JWS(compact: "eyJ9.e30.AA", maximumSize: 10) }
        #expect(throws: AuthJWTError.invalidBase64URL(segment: "header", .invalidLength(characterCount: 1))) {
            try JWS(compact: "e.e30.")
        }
        #expect(throws: AuthJWTError.notAnObject(segment: "header")) { try JWS(compact: "WzFd.e30.") }
        #expect(throws: AuthJWTError.missingHeaderParameter("alg")) { try JWS(compact: "e30.e30.") }
        #expect(throws: AuthJWTError.notAnObject(segment: "payload")) { try JWT(compact: "eyJhbGciOiJub25lIn0.WzFd.") }
    }

    @Test("refuses deeply nested claims and duplicate claim names with the JSON error inside")
    func hostilePayloads() {
        let header = Base64URL.encode(#"{"alg":"HS256"}"#.utf8)
        let deep = Base64URL.encode(("{\"a\":" + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}").utf8)
        #expect(throws: AuthJWTError.invalidJSON(segment: "payload", .nestingTooDeep(offset: 36, limit: 32))) {
            try JWT(compact: header + "." + deep + ".")
        }
        let duplicate = Base64URL.encode(#"{"sub":"alice","sub":"admin"}"#.utf8)
        #expect(throws: AuthJWTError.invalidJSON(segment: "payload", .duplicateMemberName("sub", offset: 15))) {
            try JWT(compact: header + "." + duplicate + ".")
        }
    }

    @Test("refuses every crit the RFC forbids or this library does not understand")
    func critical() throws {
        func header(_ json: String) throws(AuthJWTError) -> JOSEHeader {
            guard case .object(let object)? = try? JSONValue(parsing: json) else { throw .notAnObject(segment: "header") }
            return try JOSEHeader(object)
        }
        #expect(throws: AuthJWTError.unsupportedCriticalParameter("b64")) { try header(#"{"alg":"HS256","crit":["b64"],"b64":false}"#) }
        #expect(throws: AuthJWTError.invalidHeaderParameter("crit", expected: "a non-empty array of strings")) {
            try header(#"{"alg":"HS256","crit":[]}"#)
        }
        #expect(throws: AuthJWTError.invalidHeaderParameter("crit", expected: "distinct names of extension parameters")) {
            try header(#"{"alg":"HS256","crit":["kid"]}"#)
        }
        #expect(throws: AuthJWTError.invalidHeaderParameter("kid", expected: "a string")) { try header(#"{"alg":"HS256","kid":7}"#) }
    }
}
