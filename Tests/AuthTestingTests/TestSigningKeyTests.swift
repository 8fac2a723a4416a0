// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDigest
import AuthJSON
import AuthTesting
import TestVectors
import Testing

@testable import AuthJWT

@Suite("TestSigningKey: HS256, RS256 and ES256 signing for tests")
struct TestSigningKeyTests {
    @Test("RS256 signatures equal pyca/cryptography's, byte for byte, with the published test key")
    func rsaMatchesCryptography() throws {
        let vectors = try RSATestSignatures.load()
        #expect(vectors.cases.count == 5)
        let jwk = try #require(TestSigningKey.rs256.publicJWK)
        let modulusHex = vectors.n.count % 2 == 1 ? "0" + vectors.n : vectors.n
        #expect(try Base64URL.decode(#require(jwk["n"]?.stringValue)) == Vectors.bytes(hex: modulusHex))
        var unused = ReplayRandomNumberGenerator(octets: [])
        for vector in vectors.cases {
            let message = try Vectors.bytes(hex: vector.message)
            #expect(TestSigningKey.rs256.signature(of: message, using: &unused) == (try Vectors.bytes(hex: vector.signature)))
        }
    }

    @Test("ES256 signatures equal NIST CAVP SigGen's r and s for the same d and k")
    func ecdsaMatchesNIST() throws {
        let vectors = try Vectors.nistRecords("NIST/ECDSA-SigGen-P256-SHA256.txt").filter { $0["Msg"] != nil }
        #expect(vectors.count == 15)
        for vector in vectors {
            let d = try Vectors.bytes(hex: try #require(vector["d"]))
            let key = try #require(TestSigningKey.es256(privateKey: d))
            let jwk = try #require(key.publicJWK)
            #expect(try Base64URL.decode(#require(jwk["x"]?.stringValue)) == Vectors.bytes(hex: try #require(vector["Qx"])))
            #expect(try Base64URL.decode(#require(jwk["y"]?.stringValue)) == Vectors.bytes(hex: try #require(vector["Qy"])))
            var nonce = ReplayRandomNumberGenerator(octets: try Vectors.bytes(hex: try #require(vector["k"])))
            let signature = key.signature(of: try Vectors.bytes(hex: try #require(vector["Msg"])), using: &nonce)
            #expect(signature == (try Vectors.bytes(hex: try #require(vector["R"])) + Vectors.bytes(hex: try #require(vector["S"]))))
        }
    }

    @Test("refuses P-256 private keys of zero, at or above n, or of the wrong length")
    func ecdsaKeyRange() throws {
        #expect(TestSigningKey.es256(privateKey: [UInt8](repeating: 0, count: 32)) == nil)
        #expect(TestSigningKey.es256(privateKey: [UInt8](repeating: 0xff, count: 32)) == nil)
        #expect(TestSigningKey.es256(privateKey: [1]) == nil)
    }

    @Test(
        "tokens from each key verify with AuthJWT against the published JWK Set, and fail once altered",
        arguments: [TestSigningKey.rs256, .es256, .hs256(secret: "a shared secret of thirty-two bytes!", keyID: "h")])
    func roundTrip(key: TestSigningKey) throws {
        var generator = SeededRandomNumberGenerator(seed: 7)
        let claims = try #require(try JSONValue(parsing: #"{"sub":"alice","iss":"https://fake.test"}"#).objectValue)
        let token = key.sign(claims: claims, using: &generator)
        let keys: JWKSet =
            if key.algorithm == .hs256 {
                JWKSet(keys: [JWK(symmetricKey: Array("a shared secret of thirty-two bytes!".utf8), keyID: "h")])
            } else {
                try JWKSet(json: TestSigningKey.jwkSet([key]).serialized())
            }
        let jws = try JWS(compact: token)
        #expect(jws.header.keyID == key.keyID)
        try jws.verifySignature(using: keys, allowedAlgorithms: [key.algorithm])
        var parts = token.split(separator: ".").map(String.init)
        let first = parts[2].removeFirst()
        parts[2] = (first == "A" ? "B" : "A") + parts[2]
        let altered = try JWS(compact: parts.joined(separator: "."))
        #expect(throws: AuthJWTError.self) { try altered.verifySignature(using: keys, allowedAlgorithms: [key.algorithm]) }
    }
}
