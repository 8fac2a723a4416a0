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

@Suite("P256PrivateKey: constant-time ES256 signing with RFC 6979 nonces")
struct P256PrivateKeyTests {
    @Test("the RFC 6979 §A.2.5 nonces k for \"sample\" and \"test\" come out exactly")
    func rfc6979Nonces() throws {
        let vectors = try RFC6979Vectors.load()
        for vector in vectors.cases {
            var nonces = RFC6979(
                privateKey: try Vectors.bytes(hex: vectors.privateKey), hash: Array(SHA256.hash(data: Array(vector.message.utf8))))
            #expect(nonces.next() == (try Vectors.bytes(hex: vector.k)), "\(vector.message)")
        }
    }

    @Test("signatures equal RFC 6979 §A.2.5's r, with s in the low-s form; the public key equals Ux, Uy")
    func rfc6979Signatures() throws {
        let vectors = try RFC6979Vectors.load()
        let key = try P256PrivateKey(rawRepresentation: Vectors.bytes(hex: vectors.privateKey))
        #expect(key.x == (try Vectors.bytes(hex: vectors.publicX)))
        #expect(key.y == (try Vectors.bytes(hex: vectors.publicY)))
        for vector in vectors.cases {
            let signature = key.signature(for: Array(vector.message.utf8))
            #expect(signature == (try Vectors.bytes(hex: vector.r) + Vectors.bytes(hex: vector.lowS)), "\(vector.message)")
            let raw = key.signature(
                hash: Array(SHA256.hash(data: Array(vector.message.utf8))), nonce: try Vectors.bytes(hex: vector.k), lowS: false)
            #expect(raw == (try Vectors.bytes(hex: vector.r) + Vectors.bytes(hex: vector.s)), "\(vector.message)")
        }
    }

    @Test("NIST CAVP SigGen: Q = d·G and (r, s) from the given k, for all 15 P-256/SHA-256 cases")
    func nistSigGen() throws {
        let vectors = try Vectors.nistRecords("NIST/ECDSA-SigGen-P256-SHA256.txt").filter { $0["Msg"] != nil }
        #expect(vectors.count == 15)
        for vector in vectors {
            let key = try P256PrivateKey(rawRepresentation: Vectors.bytes(hex: try #require(vector["d"])))
            #expect(key.x == (try Vectors.bytes(hex: try #require(vector["Qx"]))))
            #expect(key.y == (try Vectors.bytes(hex: try #require(vector["Qy"]))))
            let hash = Array(SHA256.hash(data: try Vectors.bytes(hex: try #require(vector["Msg"]))))
            let signature = key.signature(hash: hash, nonce: try Vectors.bytes(hex: try #require(vector["k"])), lowS: false)
            #expect(signature == (try Vectors.bytes(hex: try #require(vector["R"])) + Vectors.bytes(hex: try #require(vector["S"]))))
        }
    }

    @Test("generated keys sign tokens that the ES256 verifier accepts, with s ≤ n/2, and rejects once altered")
    func roundTrip() throws {
        var generator = SeededRandomNumberGenerator(seed: 18)
        for index in 0..<6 {
            let key = P256PrivateKey.generate(keyID: "k\(index)", using: &generator)
            var claims = JSONObject()
            try claims.append("sub", .string("user \(index)"))
            let token = key.signedJWT(claims: claims)
            let jws = try JWS(compact: token)
            let jwk = try JWK(key.publicJWK)
            #expect(try JWSVerifier.es256.isValidSignature(jws.signature, signingInput: jws.signingInput, key: jwk))
            #expect(
                U256(bigEndian: jws.signature[32..<64]).isLess(than: P256PrivateKey.halfOrder)
                    || U256(bigEndian: jws.signature[32..<64]) == P256PrivateKey.halfOrder)
            var altered = jws.signingInput
            altered[altered.count - 1] ^= 1
            #expect(try !JWSVerifier.es256.isValidSignature(jws.signature, signingInput: altered, key: jwk))
        }
    }

    @Test("signing is deterministic without extra randomness, and hedged signatures differ but verify")
    func hedging() throws {
        let key = try P256PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 32))
        let message = Array("hedged".utf8)
        #expect(key.signature(for: message) == key.signature(for: message))
        let first = key.signature(for: message, extraRandomness: [UInt8](repeating: 1, count: 32))
        let second = key.signature(for: message, extraRandomness: [UInt8](repeating: 2, count: 32))
        #expect(first != second && first != key.signature(for: message))
        let jwk = try JWK(key.publicJWK)
        for signature in [first, second] {
            #expect(try JWSVerifier.es256.isValidSignature(signature, signingInput: message, key: jwk))
        }
    }

    @Test("private keys of zero, n, the wrong length, or a JWK whose x, y or crv do not fit, are refused with 5351")
    func refusals() throws {
        let order = try Vectors.bytes(hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
        for bytes in [[UInt8](repeating: 0, count: 32), order, [UInt8](repeating: 0xff, count: 32), [1], [UInt8](repeating: 1, count: 33)] {
            #expect(throws: AuthJWTError.self) { try P256PrivateKey(rawRepresentation: bytes) }
        }
        let good = try P256PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 32)).privateJWK
        var wrongCurve = JSONObject()
        var wrongPoint = JSONObject()
        for member in good.members {
            try wrongCurve.append(member.name, member.name == "crv" ? "P-384" : member.value)
            try wrongPoint.append(
                member.name, member.name == "x" ? .string(Base64URL.encode([UInt8](repeating: 1, count: 32))) : member.value)
        }
        for object in [wrongCurve, wrongPoint, try #require(try JSONValue(parsing: #"{"kty":"EC","crv":"P-256"}"#).objectValue)] {
            do {
                _ = try P256PrivateKey(jwk: object)
                Issue.record("accepted an unusable JWK")
            } catch {
                #expect(error.code == 5351)
            }
        }
        #expect(try P256PrivateKey(jwk: good).rawRepresentation == [UInt8](repeating: 7, count: 32))
    }

    @Test("the key never appears in description, debugDescription or dump")
    func redaction() throws {
        let key = try P256PrivateKey(rawRepresentation: [UInt8](repeating: 0xab, count: 32), keyID: "visible")
        let secretHex = Vectors.hexString(key.rawRepresentation)
        let secretBase64 = Base64URL.encode(key.rawRepresentation)
        for text in [key.description, key.debugDescription, dumped(key), "\(key)"] {
            #expect(!text.contains(secretHex) && !text.contains(secretBase64) && !text.contains("171, 171"))
            #expect(text.contains("visible"))
        }
    }

    @Test("thumbprints equal RFC 7638 §3.1's RSA example, RFC 9449 §6.1's P-256 jkt and RFC 8037 A.3's Ed25519 one")
    func thumbprints() throws {
        let examples = try JOSEThumbprintVectors.load()
        for example in examples.cases {
            #expect(try JWK(json: Array(example.jwk.utf8)).thumbprint() == example.thumbprint, "\(example.source)")
        }
    }
}
