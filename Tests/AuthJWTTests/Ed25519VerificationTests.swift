// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDigest
import Foundation
import TestVectors
import Testing

@testable import AuthJWT

@Suite("EdDSA: Ed25519 (RFC 8032, RFC 8037)")
struct Ed25519VerificationTests {
    /// An OKP JWK for a public key given as hex, as a provider would publish it (base64url made by Foundation).
    static func jwk(publicKeyHex: String) throws -> JWK {
        let x = Data(try Vectors.bytes(hex: publicKeyHex)).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return try JWK(json: Array(#"{"kty":"OKP","crv":"Ed25519","x":"\#(x)"}"#.utf8))
    }

    @Test("verifies every RFC 8032 §7.1 test vector, and refuses each after a one-bit change")
    func rfc8032() throws {
        let vectors = try RFC8032Vectors.load()
        #expect(vectors.cases.count == 5)
        for vector in vectors.cases {
            let key = try Self.jwk(publicKeyHex: vector.publicKey)
            let message = try Vectors.bytes(hex: vector.message)
            let signature = try Vectors.bytes(hex: vector.signature)
            #expect(try JWSVerifier.edDSA.isValidSignature(signature, signingInput: message, key: key), "\(vector.name)")
            for index in [0, 31, 32, 63] {
                var changed = signature
                changed[index] ^= 0x04
                #expect(try !JWSVerifier.edDSA.isValidSignature(changed, signingInput: message, key: key), "\(vector.name) byte \(index)")
            }
            #expect(try !JWSVerifier.edDSA.isValidSignature(signature, signingInput: message + [0], key: key), "\(vector.name)")
        }
    }

    @Test("agrees with every Wycheproof Ed25519 verdict; keys that do not decode are refused when read")
    func wycheproof() async throws {
        let vectors = try WycheproofSignatureFile.load("ed25519_test.json")
        #expect(vectors.numberOfTests == 151)
        var checked = 0
        for group in vectors.testGroups {
            let publicKey = try #require(group.publicKey.pk)
            let key: JWK
            do {
                key = try Self.jwk(publicKeyHex: publicKey)
                _ = try JWSVerifier.edDSA.checkKey(key)
            } catch {
                // A public key that is not a canonical point encoding: every test of its group must be invalid.
                #expect(group.tests.allSatisfy { $0.result == "invalid" }, "key \(publicKey): \(error)")
                checked += group.tests.count
                continue
            }
            for test in group.tests {
                let verdict = try JWSVerifier.edDSA.isValidSignature(
                    Vectors.bytes(hex: test.sig), signingInput: Vectors.bytes(hex: test.msg), key: key)
                #expect(verdict == (test.result == "valid"), "tcId \(test.tcId) (\(test.result)): \(test.comment) \(test.flags)")
                checked += 1
                await Task.yield()  // CPU-bound: let the tests that wait on sockets and clocks run
            }
        }
        #expect(checked == 151)
    }

    @Test("verifies the RFC 8037 §A.4 EdDSA JWS with the §A.2 key, and refuses it under another algorithm")
    func rfc8037() throws {
        let example = try #require(try JOSEMoreAlgorithmsExamples.load().examples.first { $0.algorithm == "EdDSA" })
        let jws = try JWS(compact: example.compact)
        let keys = JWKSet(keys: [try JWK(json: example.jwkJSON)])
        #expect(try jws.verifySignature(using: keys, allowedAlgorithms: [.edDSA]).keyType == .octetKeyPair)
        #expect(String(decoding: jws.payload, as: UTF8.self) == example.payload)
        #expect(throws: AuthJWTError.algorithmNotAllowed("EdDSA")) {
            try jws.verifySignature(using: keys, allowedAlgorithms: [.rs256, .es256])
        }
        var signature = jws.signature
        signature[40] ^= 1
        #expect(try !JWSVerifier.edDSA.isValidSignature(signature, signingInput: jws.signingInput, key: keys.keys[0]))
    }

    @Test("decodes the base point from its encoding and refuses non-canonical point encodings (RFC 8032 §5.1.3)")
    func pointDecoding() throws {
        let base = try #require(EdwardsPoint(decoding: [0x58] + [UInt8](repeating: 0x66, count: 31)))
        #expect(base.encoded == EdwardsPoint.base.encoded)
        #expect(base.encoded == [0x58] + [UInt8](repeating: 0x66, count: 31))
        // y = p (≡ 0) and y = p + 1 (≡ 1): in range of 255 bits but not below p.
        let p: [UInt8] = [0xed] + [UInt8](repeating: 0xff, count: 30) + [0x7f]
        #expect(EdwardsPoint(decoding: p) == nil)
        #expect(EdwardsPoint(decoding: [0xee] + [UInt8](repeating: 0xff, count: 30) + [0x7f]) == nil)
        // y = 1 is the identity, x = 0: with the sign bit set it is "negative zero", refused.
        let one: [UInt8] = [1] + [UInt8](repeating: 0, count: 31)
        #expect(EdwardsPoint(decoding: one)?.encoded == one)
        #expect(EdwardsPoint(decoding: [1] + [UInt8](repeating: 0, count: 30) + [0x80]) == nil)
        // y = 2 has no x on the curve (2 is not a valid y: (y² − 1)/(d·y² + 1) is not a square).
        #expect(EdwardsPoint(decoding: [2] + [UInt8](repeating: 0, count: 31)) == nil)
        #expect(throws: AuthJWTError.invalidKey(keyID: nil, reason: "an Ed25519 'x' must be 32 bytes (RFC 8037 §2)")) {
            try JWK(json: Array(#"{"kty":"OKP","crv":"Ed25519","x":"AAEC"}"#.utf8))
        }
        #expect(throws: AuthJWTError.privateKeyMaterial(keyID: nil)) {
            try JWK(json: Array(#"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","d":"AAAA"}"#.utf8))
        }
    }

    @Test("refuses S ≥ L and signatures that are not 64 bytes, and keys of other curves or types")
    func scalarAndKeys() throws {
        let vector = try #require(try RFC8032Vectors.load().cases.first)
        let key = try Self.jwk(publicKeyHex: vector.publicKey)
        let signature = try Vectors.bytes(hex: vector.signature)
        // S + L (little-endian addition): the same point equation, a different encoding of S, refused.
        let order: [UInt8] = [
            0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
        ]
        var malleated = Array(signature[..<32])
        var carry = 0
        for index in 0..<32 {
            let sum = Int(signature[32 + index]) + Int(order[index]) + carry
            malleated.append(UInt8(sum & 0xff))
            carry = sum >> 8
        }
        #expect(carry == 0)
        #expect(try !JWSVerifier.edDSA.isValidSignature(malleated, signingInput: [], key: key))
        #expect(try !JWSVerifier.edDSA.isValidSignature(Array(signature.dropLast()), signingInput: [], key: key))
        #expect(try !JWSVerifier.edDSA.isValidSignature(signature + [0], signingInput: [], key: key))
        let x25519 = try JWK(json: Array(#"{"kty":"OKP","crv":"X25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#.utf8))
        #expect(throws: AuthJWTError.keyAlgorithmMismatch(algorithm: "EdDSA", keyType: "OKP X25519")) {
            try JWSVerifier.edDSA.checkKey(x25519)
        }
        #expect(throws: AuthJWTError.keyAlgorithmMismatch(algorithm: "RS256", keyType: "OKP")) {
            try JWSVerifier.rs256.checkKey(key)
        }
        #expect(throws: AuthJWTError.keyAlgorithmMismatch(algorithm: "HS256", keyType: "OKP")) {
            try JWSVerifier.hs256.checkKey(key)
        }
    }

    /// The refusal of a small-order public key (RFC 8032 §5.1.7 allows it; a strict verifier does not).
    static let smallOrderReason = "an Ed25519 public key must not be a point of small order: it would verify forged signatures"
    static let smallOrderKey = AuthJWTError.invalidKey(keyID: nil, reason: smallOrderReason)

    @Test("refuses each of the eight small-order public keys when it is read, with a typed error")
    func smallOrderKeys() throws {
        let vectors = try Ed25519SpecCheckVectors.load()
        #expect(vectors.eightTorsion.count == 8 && Set(vectors.eightTorsion.map(\.encoding)).count == 8)
        for point in vectors.eightTorsion {
            let encoding = try Vectors.bytes(hex: point.encoding)
            // Each is a canonical encoding of a point whose order is the one the source gives.
            let decoded = try #require(EdwardsPoint(decoding: encoding), "\(point.encoding)")
            let order = try #require(point.order)
            #expect(decoded.multiplied(by: order).isIdentity, "\(point.encoding)")
            #expect(order == 1 || !decoded.multiplied(by: order / 2).isIdentity, "\(point.encoding)")
            #expect(throws: AuthJWTError.invalidKey(keyID: "k", reason: Self.smallOrderReason)) {
                try Ed25519PublicKey(encoding, keyID: "k")
            }
            #expect(throws: Self.smallOrderKey, "\(point.comment)") {
                try JWSVerifier.edDSA.checkKey(try Self.jwk(publicKeyHex: point.encoding))
            }
        }
        // The base point and the keys of RFC 8032 are of order L, and are read.
        #expect(!EdwardsPoint.base.multiplied(by: 8).isIdentity)
        for vector in try RFC8032Vectors.load().cases {
            _ = try JWSVerifier.edDSA.checkKey(try Self.jwk(publicKeyHex: vector.publicKey))
        }
    }

    @Test("does not let the identity key verify any message with R = identity and S = 0")
    func identityKey() throws {
        let identity = try Self.jwk(publicKeyHex: "01" + String(repeating: "00", count: 31))
        let signature: [UInt8] = [1] + [UInt8](repeating: 0, count: 63)
        for message in [[], Array("any message".utf8), [UInt8](repeating: 0xff, count: 200)] {
            #expect(throws: Self.smallOrderKey) {
                try JWSVerifier.edDSA.isValidSignature(signature, signingInput: message, key: identity)
            }
        }
        let token = "eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJtYWxsb3J5In0." + "AQ" + String(repeating: "A", count: 84)
        let refusal = AuthJWTError.noUsableKey(
            keyID: nil, algorithm: "EdDSA", rejected: [JWKRejection(keyID: nil, keyType: "OKP", reason: Self.smallOrderKey)])
        #expect(throws: refusal) {
            try JWS(compact: token).verifySignature(using: JWKSet(keys: [identity]), allowedAlgorithms: [.edDSA])
        }
    }

    @Test("refuses non-canonical encodings of small-order points as keys (RFC 8032 §5.1.3)")
    func nonCanonicalSmallOrderKeys() throws {
        let vectors = try Ed25519SpecCheckVectors.load()
        #expect(vectors.eightTorsionNonCanonical.count == 6)
        for point in vectors.eightTorsionNonCanonical {
            #expect(EdwardsPoint(decoding: try Vectors.bytes(hex: point.encoding)) == nil, "\(point.comment)")
            let reason = "'x' is not the canonical encoding of a point on Ed25519 (RFC 8032 §5.1.3)"
            #expect(throws: AuthJWTError.invalidKey(keyID: nil, reason: reason)) {
                try JWSVerifier.edDSA.checkKey(try Self.jwk(publicKeyHex: point.encoding))
            }
        }
    }

    @Test("refuses a signature whose R has small order, though [S]B = R + [k]A holds (speccheck case 2)")
    func smallOrderR() throws {
        let vectors = try Ed25519SpecCheckVectors.load()
        let vector = vectors.cases[2]
        #expect(vector.cofactorlessEquationHolds && vector.strictVerdict == "invalid")
        let r = try Vectors.bytes(hex: String(vector.signature.prefix(64)))
        #expect(vectors.eightTorsion.contains { $0.encoding == String(vector.signature.prefix(64)) })
        #expect(EdwardsPoint(decoding: r).map { $0.multiplied(by: 8).isIdentity } == true)
        let key = try Self.jwk(publicKeyHex: vector.publicKey)
        _ = try JWSVerifier.edDSA.checkKey(key)  // A is of mixed order, not small: the key is read
        #expect(
            try !JWSVerifier.edDSA.isValidSignature(
                Vectors.bytes(hex: vector.signature), signingInput: Vectors.bytes(hex: vector.message), key: key))
    }

    @Test("gives every ed25519-speccheck case libsodium's strict verdict (Taming the many EdDSAs)")
    func specCheck() throws {
        let vectors = try Ed25519SpecCheckVectors.load()
        #expect(vectors.cases.count == 12)
        for vector in vectors.cases {
            let key = try Self.jwk(publicKeyHex: vector.publicKey)
            let verdict: Bool
            do {
                verdict = try JWSVerifier.edDSA.isValidSignature(
                    Vectors.bytes(hex: vector.signature), signingInput: Vectors.bytes(hex: vector.message), key: key)
            } catch {
                verdict = false  // the key is refused when read: small order or not canonical
            }
            #expect(verdict == (vector.strictVerdict == "valid"), "case \(vector.index): \(vector.condition)")
        }
    }

    @Test("reduces 512-bit hashes modulo L like a big-integer reference")
    func scalarReduction() throws {
        // SHA-512 of "abc" as a little-endian integer, reduced mod L by Python: int.from_bytes(h, "little") % L.
        let reduced = Ed25519PublicKey.reduced(SHA512.hash(data: "abc".utf8))
        #expect(reduced == U256(hex: "0bde34f01d844e685d60d931b02c01b10bee754b1cf99c9ff21fbf9af2be5dd1"))
    }
}
