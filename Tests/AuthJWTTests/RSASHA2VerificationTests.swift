// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDigest
import Foundation
import TestVectors
import Testing

@testable import AuthJWT

@Suite("RS384, RS512, PS256, PS384, PS512: RSA with SHA-2")
struct RSASHA2VerificationTests {
    /// A JWK for an RSA key given as hex, as a provider would publish it (base64url made by Foundation).
    static func jwk(modulusHex: String, exponentHex: String) throws -> JWK {
        func base64url(_ hex: String) throws -> String {
            let bytes = Array(try Vectors.bytes(hex: hex).drop { $0 == 0 })
            return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        return try JWK(json: Array(#"{"kty":"RSA","n":"\#(try base64url(modulusHex))","e":"\#(try base64url(exponentHex))"}"#.utf8))
    }

    /// Runs every test of a Wycheproof file through `verifier` with the group's key; returns how many were valid.
    static func wycheproof(_ file: String, _ verifier: JWSVerifier, expectedTests: Int) async throws -> Int {
        let vectors = try WycheproofSignatureFile.load(file)
        #expect(vectors.numberOfTests == expectedTests)
        var valid = 0
        for group in vectors.testGroups {
            let key = try jwk(
                modulusHex: try #require(group.publicKey.modulus), exponentHex: try #require(group.publicKey.publicExponent))
            for test in group.tests {
                let verdict = try verifier.isValidSignature(
                    Vectors.bytes(hex: test.sig), signingInput: Vectors.bytes(hex: test.msg), key: key)
                // "acceptable" (only PKCS#1 signatures whose DigestInfo lacks the NULL parameters): refused, as the
                // whole expected encoding with the NULL is compared (RFC 8017 §9.2 note 1).
                #expect(verdict == (test.result == "valid"), "tcId \(test.tcId) (\(test.result)): \(test.comment) \(test.flags)")
                if verdict { valid += 1 }
                await Task.yield()  // CPU-bound: let the tests that wait on sockets and clocks run
            }
        }
        return valid
    }

    @Test(
        "agrees with every Wycheproof RSASSA-PKCS1-v1_5 (SHA-384, SHA-512) and RSASSA-PSS (salt = hash length) verdict",
        arguments: [
            ("rsa_signature_2048_sha384_test.json", "RS384", 258), ("rsa_signature_3072_sha384_test.json", "RS384", 259),
            ("rsa_signature_2048_sha512_test.json", "RS512", 259), ("rsa_signature_4096_sha512_test.json", "RS512", 259),
            ("rsa_pss_2048_sha256_mgf1_32_test.json", "PS256", 108), ("rsa_pss_3072_sha256_mgf1_32_test.json", "PS256", 108),
            ("rsa_pss_2048_sha384_mgf1_48_test.json", "PS384", 141), ("rsa_pss_4096_sha512_mgf1_64_test.json", "PS512", 179),
        ]
    )
    func wycheproofFile(file: String, algorithm: String, count: Int) async throws {
        let verifier = try #require(JWSVerifier.defaults.first { $0.algorithm.rawValue == algorithm })
        #expect(try await Self.wycheproof(file, verifier, expectedTests: count) >= 7)
    }

    /// The SHA-256/384/512 cases of a NIST CAVP SigVer file for 2048–4096-bit keys, with each section's modulus.
    static func nistVectors(_ file: String) throws -> [(modulus: [UInt8], record: [String: String])] {
        var modulus: [UInt8] = []
        var vectors: [(modulus: [UInt8], record: [String: String])] = []
        for record in try Vectors.nistRecords(file) {
            if let n = record["n"] { modulus = Array(try Vectors.bytes(hex: n).drop { $0 == 0 }) }
            guard ["SHA256", "SHA384", "SHA512"].contains(record["SHAAlg"] ?? ""), record["S"] != nil, modulus.count >= 256
            else { continue }
            vectors.append((modulus, record))
        }
        return vectors
    }

    /// The verdict of the internal verifier for one CAVP record, with `check` choosing the encoding.
    static func nistVerdict(
        _ modulus: [UInt8], _ record: [String: String],
        check: (RSAPublicKey, [UInt8], [UInt8], String) -> Bool
    ) throws -> Bool {
        let exponent = try Vectors.bytes(hex: try #require(record["e"]))
        guard let key = try? RSAPublicKey(modulus: modulus, exponent: exponent, keyID: nil) else {
            return false  // NIST's "e changed" cases include exponents that are not valid keys
        }
        return check(
            key, try Vectors.bytes(hex: try #require(record["S"])), try Vectors.bytes(hex: try #require(record["Msg"])),
            record["SHAAlg"] ?? "")
    }

    @Test("agrees with every NIST CAVP SigVerPSS verdict for SHA-256, -384 and -512 with 2048-4096-bit keys")
    func nistPSS() async throws {
        let vectors = try Self.nistVectors("NIST/SigVerPSS_186-3.rsp")
        #expect(vectors.count == 3 * 3 * 18)
        for (index, vector) in vectors.enumerated() {
            let saltLength = try Vectors.bytes(hex: try #require(vector.record["SaltVal"])).count
            let verdict = try Self.nistVerdict(vector.modulus, vector.record) { key, signature, message, hash in
                switch hash {
                case "SHA256": key.isValidSignature(signature, pss: SHA256.hash(data: message), using: SHA256.self, saltLength: saltLength)
                case "SHA384": key.isValidSignature(signature, pss: SHA384.hash(data: message), using: SHA384.self, saltLength: saltLength)
                default: key.isValidSignature(signature, pss: SHA512.hash(data: message), using: SHA512.self, saltLength: saltLength)
                }
            }
            #expect(verdict == (vector.record["Result"]?.hasPrefix("P") == true), "vector \(index): \(vector.record["Result"] ?? "")")
            await Task.yield()
        }
    }

    @Test("agrees with every NIST CAVP SigVer15 verdict for SHA-384 and SHA-512 with 2048-4096-bit keys")
    func nistPKCS1() async throws {
        let vectors = try Self.nistVectors("NIST/SigVer15_186-3.rsp").filter { $0.record["SHAAlg"] != "SHA256" }
        #expect(vectors.count == 2 * 54)
        for (index, vector) in vectors.enumerated() {
            let verdict = try Self.nistVerdict(vector.modulus, vector.record) { key, signature, message, hash in
                hash == "SHA384"
                    ? key.isValidSignature(signature, pkcs1: SHA384.hash(data: message))
                    : key.isValidSignature(signature, pkcs1: SHA512.hash(data: message))
            }
            #expect(verdict == (vector.record["Result"]?.hasPrefix("P") == true), "vector \(index): \(vector.record["Result"] ?? "")")
            await Task.yield()
        }
    }

    @Test("verifies the RFC 7520 §4.2 PS384 example, and refuses it after any change or under another algorithm")
    func rfc7520() throws {
        let example = try #require(try JOSEMoreAlgorithmsExamples.load().examples.first { $0.algorithm == "PS384" })
        let jws = try JWS(compact: example.compact)
        let keys = JWKSet(keys: [try JWK(json: example.jwkJSON)])
        #expect(try jws.verifySignature(using: keys, allowedAlgorithms: [.ps384]).keyID == "bilbo.baggins@hobbiton.example")
        #expect(String(decoding: jws.payload, as: UTF8.self) == example.payload)
        let key = keys.keys[0]
        var signature = jws.signature
        signature[17] ^= 0x20
        #expect(try !JWSVerifier.ps384.isValidSignature(signature, signingInput: jws.signingInput, key: key))
        #expect(try !JWSVerifier.ps256.isValidSignature(jws.signature, signingInput: jws.signingInput, key: key))
        #expect(try !JWSVerifier.ps512.isValidSignature(jws.signature, signingInput: jws.signingInput, key: key))
        #expect(try !JWSVerifier.rs384.isValidSignature(jws.signature, signingInput: jws.signingInput, key: key))
    }

    @Test("HS384 and HS512 need keys as long as their hash, and refuse other key types")
    func hmacKeys() throws {
        let message = Array("payload".utf8)
        for (verifier, size) in [(JWSVerifier.hs384, 48), (JWSVerifier.hs512, 64)] {
            let secret = [UInt8](repeating: 7, count: size)
            let mac =
                size == 48
                ? Array(HMACSHA384.authenticationCode(for: message, key: secret))
                : Array(HMACSHA512.authenticationCode(for: message, key: secret))
            #expect(try verifier.isValidSignature(mac, signingInput: message, key: JWK(symmetricKey: secret)))
            #expect(throws: AuthJWTError.keyTooShort(bits: (size - 1) * 8, minimum: size * 8)) {
                try verifier.checkKey(JWK(symmetricKey: Array(secret.dropLast())))
            }
            let rsa = try Self.jwk(modulusHex: String(repeating: "c3", count: 256), exponentHex: "010001")
            #expect(throws: AuthJWTError.keyAlgorithmMismatch(algorithm: verifier.algorithm.rawValue, keyType: "RSA")) {
                try verifier.checkKey(rsa)
            }
        }
    }
}
