// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import Foundation
import TestVectors
import Testing

@testable import AuthJWT

@Suite("RS256: RSASSA-PKCS1-v1_5 with SHA-256")
struct RSAVerificationTests {
    struct Vector {
        let modulus: [UInt8]
        let exponent: [UInt8]
        let message: [UInt8]
        let signature: [UInt8]
        let passes: Bool
    }

    /// The SHA-256 cases of NIST CAVP SigVer15_186-3.rsp, each with the modulus of its section.
    static func nistVectors() throws -> [Vector] {
        var modulus: [UInt8] = []
        var vectors: [Vector] = []
        for record in try Vectors.nistRecords("NIST/SigVer15_186-3.rsp") {
            if let n = record["n"] { modulus = try Vectors.bytes(hex: n) }
            guard record["SHAAlg"] == "SHA256", let e = record["e"], let message = record["Msg"],
                let signature = record["S"], let result = record["Result"]
            else { continue }
            vectors.append(
                Vector(
                    modulus: Array(modulus.drop { $0 == 0 }), exponent: try Vectors.bytes(hex: e),
                    message: try Vectors.bytes(hex: message), signature: try Vectors.bytes(hex: signature),
                    passes: result.hasPrefix("P")))
        }
        return vectors
    }

    @Test("agrees with every NIST CAVP SigVer15 SHA-256 verdict for 2048-, 3072- and 4096-bit keys")
    func nistSigVer() throws {
        let vectors = try Self.nistVectors().filter { $0.modulus.count * 8 >= 2048 }
        #expect(vectors.count == 54)
        #expect(vectors.contains { $0.passes } && vectors.contains { !$0.passes })
        for (index, vector) in vectors.enumerated() {
            let verdict: Bool
            do {
                let key = try RSAPublicKey(modulus: vector.modulus, exponent: vector.exponent, keyID: nil)
                verdict = key.isValidSignature(vector.signature, pkcs1: SHA256.hash(data: vector.message))
            } catch {
                verdict = false  // NIST's failing cases include changed exponents that are not valid keys
            }
            #expect(verdict == vector.passes, "vector \(index), \(vector.modulus.count * 8)-bit")
        }
    }

    @Test("refuses the 1024- and 1536-bit NIST keys as too short (RFC 7518 §3.3)")
    func shortKeys() throws {
        let short = try Self.nistVectors().filter { $0.modulus.count * 8 < 2048 }
        #expect(short.count == 36)
        for vector in short {
            let bits = vector.modulus.count * 8 - vector.modulus[0].leadingZeroBitCount
            #expect(throws: AuthJWTError.keyTooShort(bits: bits, minimum: 2048)) {
                try RSAPublicKey(modulus: vector.modulus, exponent: vector.exponent, keyID: nil)
            }
        }
    }

    @Test("refuses a signature of the wrong length or not below the modulus")
    func signatureRange() throws {
        let vector = try #require(try Self.nistVectors().first { $0.passes && $0.modulus.count == 256 })
        let key = try RSAPublicKey(modulus: vector.modulus, exponent: vector.exponent, keyID: nil)
        let digest = SHA256.hash(data: vector.message)
        #expect(key.isValidSignature(vector.signature, pkcs1: digest))
        #expect(!key.isValidSignature(Array(vector.signature.dropFirst()), pkcs1: digest))
        #expect(!key.isValidSignature([0] + vector.signature, pkcs1: digest))
        #expect(!key.isValidSignature(vector.modulus, pkcs1: digest))  // s = n is out of range
        #expect(!key.isValidSignature([UInt8](repeating: 0xff, count: 256), pkcs1: digest))
    }

    @Test("refuses even moduli, exponents that are even or below 3, and exponents over 33 bits")
    func keyValidation() throws {
        let vector = try #require(try Self.nistVectors().first { $0.modulus.count == 256 })
        var even = vector.modulus
        even[even.count - 1] &= 0xfe
        #expect(throws: AuthJWTError.invalidKey(keyID: "k", reason: "the RSA modulus is even")) {
            try RSAPublicKey(modulus: even, exponent: [1, 0, 1], keyID: "k")
        }
        let reason = "the RSA public exponent must be odd and at least 3"
        for exponent: [UInt8] in [[1], [2], [0, 1], [1, 0, 0], []] {
            #expect(throws: AuthJWTError.invalidKey(keyID: nil, reason: reason)) {
                try RSAPublicKey(modulus: vector.modulus, exponent: exponent, keyID: nil)
            }
        }
        // The modulus itself as exponent has its 2048 bits; one more leading 0x01 octet makes 2049.
        #expect(throws: AuthJWTError.rsaExponentTooLarge(keyID: nil, bits: 2048, maximum: 33)) {
            try RSAPublicKey(modulus: vector.modulus, exponent: vector.modulus, keyID: nil)
        }
        #expect(throws: AuthJWTError.rsaExponentTooLarge(keyID: nil, bits: 2049, maximum: 33)) {
            try RSAPublicKey(modulus: vector.modulus, exponent: [1] + vector.modulus, keyID: nil)
        }
        // 2³³ − 1 (five octets 01 ff ff ff ff) is the largest exponent accepted; 2³³ + 1 has 34 bits.
        _ = try RSAPublicKey(modulus: vector.modulus, exponent: [0x01, 0xff, 0xff, 0xff, 0xff], keyID: nil)
        #expect(throws: AuthJWTError.rsaExponentTooLarge(keyID: "k", bits: 34, maximum: 33)) {
            try RSAPublicKey(modulus: vector.modulus, exponent: [0x02, 0x00, 0x00, 0x00, 0x01], keyID: "k")
        }
        #expect(throws: AuthJWTError.invalidKey(keyID: nil, reason: "RSA moduli over 4096 bits are not supported")) {
            try RSAPublicKey(modulus: [0x80] + [UInt8](repeating: 1, count: 512), exponent: [1, 0, 1], keyID: nil)
        }
    }

    struct ExponentCase: Decodable {
        let name: String
        let jwk: [String: String]
        let exponentBits: Int
        let signature: String
        let expected: String
    }

    struct ExponentCorpus: Decodable {
        let message: String
        let cases: [ExponentCase]
    }

    @Test("a correct signature under a key with an exponent over 33 bits is refused for the key, not verified")
    func largeExponents() throws {
        let corpus: ExponentCorpus = try Vectors.json("Python/rsa-large-exponents.json")
        #expect(corpus.cases.count == 4)
        for vector in corpus.cases {
            let key = try JWK(json: Array(try JSONEncoder().encode(vector.jwk)))
            let signature = try Vectors.bytes(hex: vector.signature)
            let verdict: String
            do {
                verdict =
                    try JWSVerifier.rs256.isValidSignature(signature, signingInput: Array(corpus.message.utf8), key: key)
                    ? "valid" : "invalid"
            } catch .rsaExponentTooLarge(_, let bits, let maximum) {
                #expect(maximum == 33)
                verdict = "5036/\(bits)"
            } catch {
                verdict = "\(error.code)"
            }
            #expect(verdict == vector.expected, "\(vector.name)")
        }
    }
}
