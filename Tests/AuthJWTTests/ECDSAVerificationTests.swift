// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDigest
import TestVectors
import Testing

@testable import AuthJWT

@Suite("ES256: ECDSA P-256 with SHA-256")
struct ECDSAVerificationTests {
    /// The [P-256,SHA-256] cases of NIST CAVP ECDSA SigVer (FIPS 186-3).
    static func nistVectors() throws -> [[String: String]] {
        try Vectors.nistRecords("NIST/ECDSA-SigVer.rsp").filter { $0["[section]"] == "[P-256,SHA-256]" && $0["Msg"] != nil }
    }

    @Test("agrees with every NIST CAVP SigVer verdict for P-256 with SHA-256")
    func nistSigVer() throws {
        let vectors = try Self.nistVectors()
        #expect(vectors.count == 15)
        #expect(vectors.contains { $0["Result"]?.hasPrefix("P") == true })
        for (index, vector) in vectors.enumerated() {
            let message = try Vectors.bytes(hex: try #require(vector["Msg"]))
            let signature = try Vectors.bytes(hex: try #require(vector["R"])) + Vectors.bytes(hex: try #require(vector["S"]))
            let verdict: Bool
            do {
                let key = try P256PublicKey(
                    x: Vectors.bytes(hex: try #require(vector["Qx"])), y: Vectors.bytes(hex: try #require(vector["Qy"])), keyID: nil)
                verdict = key.isValidSignature(signature, sha256: SHA256.hash(data: message))
            } catch {
                verdict = false  // NIST's "Q changed" cases are not points on the curve
            }
            #expect(verdict == (vector["Result"]?.hasPrefix("P") == true), "vector \(index): \(vector["Result"] ?? "")")
        }
    }

    @Test("refuses r or s of zero or not below n, and signatures of the wrong length")
    func ranges() throws {
        let vector = try #require(try Self.nistVectors().first { $0["Result"]?.hasPrefix("P") == true })
        let key = try P256PublicKey(
            x: Vectors.bytes(hex: try #require(vector["Qx"])), y: Vectors.bytes(hex: try #require(vector["Qy"])), keyID: nil)
        let digest = SHA256.hash(data: try Vectors.bytes(hex: try #require(vector["Msg"])))
        let r = try Vectors.bytes(hex: try #require(vector["R"]))
        let s = try Vectors.bytes(hex: try #require(vector["S"]))
        let n = try Vectors.bytes(hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
        #expect(key.isValidSignature(r + s, sha256: digest))
        #expect(!key.isValidSignature([UInt8](repeating: 0, count: 32) + s, sha256: digest))
        #expect(!key.isValidSignature(r + [UInt8](repeating: 0, count: 32), sha256: digest))
        #expect(!key.isValidSignature(n + s, sha256: digest))
        #expect(!key.isValidSignature(r + n, sha256: digest))
        #expect(!key.isValidSignature(r + s + [0], sha256: digest))
        #expect(!key.isValidSignature(Array((r + s).dropLast()), sha256: digest))
    }

    @Test("refuses s = n, s = 0, r = n and r = s = n within seconds: a range bug cannot send s⁻¹ into a loop")
    func degenerateScalarsAreRefusedQuickly() async throws {
        let vector = try #require(try Self.nistVectors().first { $0["Result"]?.hasPrefix("P") == true })
        let key = try P256PublicKey(
            x: Vectors.bytes(hex: try #require(vector["Qx"])), y: Vectors.bytes(hex: try #require(vector["Qy"])), keyID: nil)
        let digest = SHA256.hash(data: try Vectors.bytes(hex: try #require(vector["Msg"])))
        let r = try Vectors.bytes(hex: try #require(vector["R"]))
        let s = try Vectors.bytes(hex: try #require(vector["S"]))
        // n from FIPS 186-4 Appendix D.1.2.3.
        let n = try Vectors.bytes(hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
        let zero = [UInt8](repeating: 0, count: 32)
        let signatures = [r + n, r + zero, n + s, n + n, zero + zero]
        // On a thread of its own: a verification that loops fails here instead of hanging the run.
        let verdicts = await finishesOnItsOwnThread(within: 20) { signatures.map { key.isValidSignature($0, sha256: digest) } }
        #expect(verdicts == [false, false, false, false, false])
    }

    @Test("refuses public points off the curve or with coordinates not below p")
    func pointValidation() throws {
        // RFC 7517 Appendix A.1's P-256 key is on the curve.
        let x = try Base64URL.decode("MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4")
        let y = try Base64URL.decode("4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM")
        _ = try P256PublicKey(x: x, y: y, keyID: nil)
        var moved = y
        moved[31] ^= 1
        #expect(throws: AuthJWTError.invalidKey(keyID: "k", reason: "the point is not on the P-256 curve")) {
            try P256PublicKey(x: x, y: moved, keyID: "k")
        }
        #expect(throws: AuthJWTError.invalidKey(keyID: nil, reason: "the point is not on the P-256 curve")) {
            try P256PublicKey(x: [UInt8](repeating: 0, count: 32), y: [UInt8](repeating: 0, count: 32), keyID: nil)
        }
        let p = try Vectors.bytes(hex: "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
        #expect(throws: AuthJWTError.invalidKey(keyID: nil, reason: "a P-256 coordinate is not below the field prime")) {
            try P256PublicKey(x: p, y: y, keyID: nil)
        }
    }

    /// A P-256 JWK from Wycheproof's hex coordinates (a leading 00 octet dropped, short ones padded to 32).
    static func jwk(wx: String, wy: String) throws -> JWK {
        func coordinate(_ hex: String) throws -> String {
            let bytes = Array(try Vectors.bytes(hex: hex).drop { $0 == 0 })
            return Base64URL.encode([UInt8](repeating: 0, count: max(0, 32 - bytes.count)) + bytes)
        }
        return try JWK(json: Array(#"{"kty":"EC","crv":"P-256","x":"\#(try coordinate(wx))","y":"\#(try coordinate(wy))"}"#.utf8))
    }

    static func wycheproof() throws -> WycheproofSignatureFile {
        try WycheproofSignatureFile.load("ecdsa_secp256r1_sha256_p1363_test.json")
    }

    @Test("agrees with every Wycheproof ECDSA P-256 SHA-256 verdict (IEEE P1363 r ‖ s, as in JWS)")
    func wycheproofVerdicts() async throws {
        let vectors = try Self.wycheproof()
        #expect(vectors.numberOfTests == 262)
        var checked = 0
        for group in vectors.testGroups {
            let key = try Self.jwk(wx: try #require(group.publicKey.wx), wy: try #require(group.publicKey.wy))
            for test in group.tests {
                let verdict = try JWSVerifier.es256.isValidSignature(
                    Vectors.bytes(hex: test.sig), signingInput: Vectors.bytes(hex: test.msg), key: key)
                #expect(verdict == (test.result == "valid"), "tcId \(test.tcId) (\(test.result)): \(test.comment) \(test.flags)")
                checked += 1
            }
            await Task.yield()  // CPU-bound: let the tests that wait on sockets and clocks run
        }
        #expect(checked == 262)
    }

    @Test("accepts x = r + n through the second comparison (Wycheproof's large-x cases), with no inversion")
    func reducedXCoordinate() throws {
        let scalars = P256PublicKey.scalars
        let n = scalars.modulus
        var found = 0
        for group in try Self.wycheproof().testGroups {
            for test in group.tests
            where test.comment == "k*G has a large x-coordinate" || test.comment.hasPrefix("r = 3, x = n + 3") {
                let key = try P256PublicKey(
                    x: Array(try Vectors.bytes(hex: try #require(group.publicKey.wx)).suffix(32)),
                    y: Array(try Vectors.bytes(hex: try #require(group.publicKey.wy)).suffix(32)), keyID: nil)
                let signature = try Vectors.bytes(hex: test.sig)
                let digest = SHA256.hash(data: try Vectors.bytes(hex: test.msg))
                let r = U256(bigEndian: signature[0..<32])
                let w = scalars.invert(scalars.toMontgomery(U256(bigEndian: signature[32..<64])))
                let e = U256(bigEndian: digest).reducedOnce(modulo: n)
                let sum = key.linearCombinationVartime(scalars.multiply(e, w), scalars.multiply(r, w))
                // The affine x, by an inversion: it is r + n, above n and below p.
                let field = P256PublicKey.field
                let zInverse = field.invert(sum.z)
                let x = field.fromMontgomery(field.multiply(sum.x, field.multiply(zInverse, zInverse)))
                #expect(x == r.adding(n).0 && !x.isLess(than: n), "tcId \(test.tcId)")
                // So r·Z² ≠ X, and only the r + n comparison accepts.
                #expect(P256Prime.multiply(P256Prime.toMontgomery(r), P256Prime.square(sum.z)) != sum.x)
                #expect(r.isLess(than: P256PublicKey.primeMinusOrder))
                #expect(P256PublicKey.hasXCoordinateVartime(sum, congruentTo: r))
                #expect(key.isValidSignature(signature, sha256: digest), "tcId \(test.tcId)")
                found += 1
            }
        }
        #expect(found == 2)
    }

    @Test("a digest of 0 or n (u1 = 0, no comb term) verifies a signature made for it")
    func zeroDigest() throws {
        let privateKey = try P256PrivateKey(rawRepresentation: [UInt8](repeating: 0x5a, count: 32))
        let key = try P256PublicKey(x: privateKey.x, y: privateKey.y, keyID: nil)
        let n = try Vectors.bytes(hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
        let zero = [UInt8](repeating: 0, count: 32)
        let signature = try #require(privateKey.signature(hash: zero, nonce: [UInt8](repeating: 0x11, count: 32), lowS: false))
        #expect(key.isValidSignature(signature, sha256: try SHA256Digest(bytes: zero)))
        #expect(key.isValidSignature(signature, sha256: try SHA256Digest(bytes: n)))
        #expect(!key.isValidSignature(signature, sha256: try SHA256Digest(bytes: [UInt8](repeating: 0, count: 31) + [1])))
    }
}
