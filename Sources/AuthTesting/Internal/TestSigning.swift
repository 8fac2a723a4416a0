// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import AuthJWT

/// Signing for test doubles only: AuthTesting's fake provider signs ID tokens with these. They live here, not
/// in AuthJWT, so no app that verifies a JWT ships them; they reach AuthJWT's arithmetic through its `package`
/// members. No routine here is constant time (the comb reads table entries chosen by the nonce's digits and
/// branches on them) and all trust their inputs: use them only with test keys.
enum TestSigning {
    /// RSASSA-PKCS1-v1_5-SIGN with SHA-256 (RFC 8017 §8.2.1): s = EM^d mod n, without CRT. Nil when the
    /// modulus is even or too short for the encoding.
    static func rsaSHA256(_ message: [UInt8], modulus: [UInt8], privateExponent: [UInt8]) -> [UInt8]? {
        let modulus = Array(modulus.drop { $0 == 0 })
        guard modulus.count >= 62, let context = MontgomeryModulus(bigEndian: modulus) else { return nil }
        let encoded = pkcs1SHA256Encoding(of: message, length: modulus.count)
        let representative = MontgomeryModulus.limbs(bigEndian: encoded, count: context.limbCount)
        let signature = context.power(representative, exponent: privateExponent)
        return MontgomeryModulus.bigEndianBytes(signature, byteCount: modulus.count)
    }

    /// The public point d·G of a P-256 private key, as 32-byte big-endian x and y; nil unless 0 < d < n.
    static func p256PublicKey(privateKey: [UInt8]) -> (x: [UInt8], y: [UInt8])? {
        let d = U256(bigEndian: privateKey)
        guard privateKey.count == 32, !d.isZero, d.isLess(than: P256PublicKey.scalars.modulus) else { return nil }
        return affine(multiplyGenerator(by: d))
    }

    /// ECDSA signature generation with SHA-256 (FIPS 186-4 §6.4.1) with the per-message secret `nonce` (k)
    /// given: r = x(k·G) mod n, s = k⁻¹(e + r·d) mod n, returned as r ‖ s (RFC 7518 §3.4). Nil when d or k
    /// is out of range or r or s comes out zero (pick another k).
    static func p256SHA256(_ message: [UInt8], privateKey: [UInt8], nonce: [UInt8]) -> [UInt8]? {
        let scalars = P256PublicKey.scalars
        let d = U256(bigEndian: privateKey)
        let k = U256(bigEndian: nonce)
        guard privateKey.count == 32, nonce.count == 32, !d.isZero, !k.isZero,
            d.isLess(than: scalars.modulus), k.isLess(than: scalars.modulus),
            let point = affine(multiplyGenerator(by: k))
        else { return nil }
        var r = U256(bigEndian: point.x)
        if !r.isLess(than: scalars.modulus) { r = r.subtracting(scalars.modulus).0 }
        var e = U256(bigEndian: Array(SHA256.hash(data: message)))
        if !e.isLess(than: scalars.modulus) { e = e.subtracting(scalars.modulus).0 }
        let sum = scalars.add(scalars.toMontgomery(e), scalars.multiply(scalars.toMontgomery(r), scalars.toMontgomery(d)))
        // k is a test nonce, so the variable-time inverse (a few µs, not Fermat's ~300 multiplications) is fine.
        let s = scalars.fromMontgomery(scalars.multiply(scalars.toMontgomery(scalars.invertVartime(k)), sum))
        guard !r.isZero, !s.isZero else { return nil }
        return bytes(r) + bytes(s)
    }

    /// EM for RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8017 §9.2): 00 01 FF… 00, the DigestInfo prefix and the
    /// digest, built by the verifier's own encoder, so signer and verifier cannot drift apart.
    static func pkcs1SHA256Encoding(of message: [UInt8], length: Int) -> [UInt8] {
        let prefix = RSAPublicKey.digestInfoPrefix(byteCount: SHA256.byteCount) ?? []
        return RSAPublicKey.expectedEncoding(prefix + Array(SHA256.hash(data: message)), length: length)
    }

    /// d·G by the fixed-base comb shared with verification (``P256GeneratorTable``): at most 43 mixed
    /// additions, no doublings. Variable time, like everything here: test keys only.
    private static func multiplyGenerator(by scalar: U256) -> JacobianPoint {
        P256GeneratorTable.addingMultipleVartime(scalar, to: .infinity)
    }

    private static func affine(_ point: JacobianPoint) -> (x: [UInt8], y: [UInt8])? {
        guard !point.z.isZero else { return nil }
        let field = P256PublicKey.field
        let zInverse = field.toMontgomery(field.invertVartime(field.fromMontgomery(point.z)))
        let zInverseSquared = P256Prime.square(zInverse)
        let x = P256Prime.fromMontgomery(P256Prime.multiply(point.x, zInverseSquared))
        let y = P256Prime.fromMontgomery(P256Prime.multiply(point.y, P256Prime.multiply(zInverseSquared, zInverse)))
        return (bytes(x), bytes(y))
    }

    private static func bytes(_ value: U256) -> [UInt8] {
        MontgomeryModulus.bigEndianBytes(value.limbs, byteCount: 32)
    }
}
