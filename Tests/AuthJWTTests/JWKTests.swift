// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT
import Foundation
import Testing

@Suite("JWK and JWKSet")
struct JWKTests {
    @Test("reads the RFC 7517 Appendix A.1 public keys")
    func rfc7517PublicKeys() throws {
        let set = try JWKSet(json: JOSEExamples.raw("rfc7517_a1"))
        #expect(set.keys.count == 2 && set.ignoredKeyCount == 0)
        guard case .ellipticCurve(let curve, let x, let y) = set.keys[0].material else {
            Issue.record("the first key is not an EC key")
            return
        }
        #expect(curve == "P-256" && x.count == 32 && y.count == 32)
        #expect(set.keys[0].use == "enc")
        guard case .rsa(let modulus, let exponent) = set.keys[1].material else {
            Issue.record("the second key is not an RSA key")
            return
        }
        #expect(modulus.count == 256 && exponent == [1, 0, 1])
        #expect(set.keys[1].algorithm == .rs256 && set.keys[1].keyID == "2011-04-29")
    }

    @Test("reads the RFC 7517 Appendix A.3 symmetric keys, and never prints them")
    func rfc7517SymmetricKeys() throws {
        let set = try JWKSet(json: JOSEExamples.raw("rfc7517_a3"))
        #expect(set.keys.count == 2)
        guard case .symmetric(let secret) = set.keys[1].material else {
            Issue.record("not a symmetric key")
            return
        }
        #expect(secret.count == 64)
        #expect(set.keys[1].description == "JWK(oct, kid: HMAC key used in JWS spec Appendix A.1 example)")
    }

    @Test("refuses the RFC 7517 Appendix A.2 private key, alone or in a set")
    func privateKeys() throws {
        let key = try JOSEExamples.raw("rfc7517_a2_private_ec")
        #expect(throws: AuthJWTError.privateKeyMaterial(keyID: "1")) { try JWK(json: key) }
        let set = Data(#"{"keys":["#.utf8) + key + Data("]}".utf8)
        #expect(throws: AuthJWTError.privateKeyMaterial(keyID: "1")) { try JWKSet(json: set) }
    }

    @Test("refuses malformed keys with the reason")
    func malformed() {
        #expect(throws: AuthJWTError.invalidKey(keyID: nil, reason: "'kty' is missing or not a string")) {
            try JWK(json: Array(#"{"k":"AA"}"#.utf8))
        }
        #expect(
            throws: AuthJWTError.invalidKey(keyID: "z", reason: "'n' must be an unsigned integer without leading zero octets (RFC 7518 §2)")
        ) {
            try JWK(json: Array(#"{"kty":"RSA","kid":"z","n":"AAEC","e":"AQAB"}"#.utf8))
        }
        #expect(throws: AuthJWTError.invalidKey(keyID: nil, reason: "P-256 coordinates must be 32 bytes each (RFC 7518 §6.2.1.2)")) {
            try JWK(json: Array(#"{"kty":"EC","crv":"P-256","x":"AAEC","y":"AAEC"}"#.utf8))
        }
        #expect(throws: AuthJWTError.invalidKey(keyID: nil, reason: "a JWK Set must have a 'keys' array (RFC 7517 §5)")) {
            try JWKSet(json: Array("{}".utf8))
        }
    }

    @Test("skips keys it does not understand or that are malformed, as RFC 7517 §5 recommends")
    func skipping() throws {
        let set = try JWKSet(
            json: Array(
                """
                {"keys":[{"kty":"AKP","alg":"ML-DSA-44","pub":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"},
                         {"kty":"RSA","n":"!!"},"not an object",{"kty":"oct","kid":"ok","k":"AAAA"}]}
                """.utf8))
        #expect(set.keys.map(\.keyID) == ["ok"])
        #expect(set.ignoredKeyCount == 3)
        // Each with why: kty not understood, 'n' not base64url, not an object.
        #expect(set.ignoredKeys.map(\.reason.code) == [5040, 5012, 5012])
        #expect(set.ignoredKeys.map(\.keyType) == ["AKP", "RSA", nil])
    }

    @Test("reads key_ops as an array of distinct strings (RFC 7517 §4.3), and refuses any other form")
    func keyOperations() throws {
        let key = try JWK(json: Array(#"{"kty":"oct","k":"AAAA","key_ops":["sign","verify"]}"#.utf8))
        #expect(key.keyOperations == ["sign", "verify"])
        #expect(try JWK(json: Array(#"{"kty":"oct","k":"AAAA"}"#.utf8)).keyOperations == nil)
        let reason = "'key_ops' must be an array of distinct strings (RFC 7517 §4.3)"
        for form in [#""verify""#, #"["verify","verify"]"#, #"["verify",1]"#, "{}"] {
            #expect(throws: AuthJWTError.invalidKey(keyID: "k", reason: reason)) {
                try JWK(json: Array(#"{"kty":"oct","kid":"k","k":"AAAA","key_ops":\#(form)}"#.utf8))
            }
        }
    }

    @Test("picks candidate keys by kid, use and alg")
    func candidates() throws {
        let keys = JWKSet(keys: [
            JWK(symmetricKey: Array(repeating: 1, count: 32), keyID: "a"),
            JWK(symmetricKey: Array(repeating: 2, count: 32), keyID: "b"),
            JWK(symmetricKey: Array(repeating: 3, count: 32)),
        ])
        let withKid = try JWS(compact: "eyJhbGciOiJIUzI1NiIsImtpZCI6ImIifQ.e30.")  // {"alg":"HS256","kid":"b"}
        #expect(keys.candidates(for: withKid.header).map(\.keyID) == ["b"])
        let withoutKid = try JWS(compact: "eyJhbGciOiJIUzI1NiJ9.e30.")
        #expect(keys.candidates(for: withoutKid.header).count == 3)
        let encryptionOnly = try JWKSet(
            json: Array(
                #"{"keys":[{"kty":"oct","use":"enc","k":"AAAA"},{"kty":"oct","alg":"HS512","k":"AAAA"},{"kty":"oct","key_ops":["sign"],"k":"AAAA"}]}"#
                    .utf8))
        #expect(encryptionOnly.candidates(for: withoutKid.header).isEmpty)
    }
}
