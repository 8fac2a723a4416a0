// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT

/// An RSA private key prepared once for fast RSASSA-PKCS1-v1_5 signing with SHA-256, for test doubles only
/// (AuthTesting's fake provider keeps one per key, so each ID token costs two half-size exponentiations).
///
/// Signing uses the Chinese Remainder Theorem (RFC 8017 §5.1.2, second representation): s₁ = m^dP mod p,
/// s₂ = m^dQ mod q, h = qInv·(s₁ − s₂) mod p, s = s₂ + q·h, with both primes' Montgomery contexts (R² mod p,
/// R² mod q) computed here once, and sliding-window exponentiation (dedicated squarings; the 16-limb
/// primes of a 2048-bit key unrolled). Not constant time (the windows follow the exponent's bits); it trusts
/// the key (p·q = n, matching exponents): use it with test keys only. The result equals s = m^d mod n, which
/// the byte-for-byte pyca/cryptography vectors in AuthTestingTests check.
struct TestRSASigningKey: Sendable {
    let modulusLength: Int
    let p: MontgomeryModulus
    let q: MontgomeryModulus
    let dP: [UInt8]
    let dQ: [UInt8]
    /// qInv·R mod p, so that one Montgomery multiplication by it multiplies by qInv.
    let qInverseMontgomery: [UInt64]

    /// Prepares the key from big-endian n, p, q, dP = d mod (p−1), dQ = d mod (q−1), qInv = q⁻¹ mod p. Nil
    /// unless p and q are odd, the same number of 64-bit limbs, together as long as n, and n is long
    /// enough for the SHA-256 encoding.
    init?(modulus: [UInt8], p: [UInt8], q: [UInt8], dP: [UInt8], dQ: [UInt8], qInverse: [UInt8]) {
        let modulus = Array(modulus.drop { $0 == 0 })
        guard modulus.count >= 62, let pContext = MontgomeryModulus(bigEndian: Array(p.drop { $0 == 0 })),
            let qContext = MontgomeryModulus(bigEndian: Array(q.drop { $0 == 0 })),
            pContext.limbCount == qContext.limbCount, 2 * pContext.limbCount == (modulus.count + 7) / 8
        else { return nil }
        let qInverseLimbs = MontgomeryModulus.limbs(bigEndian: Array(qInverse.drop { $0 == 0 }), count: pContext.limbCount)
        guard MontgomeryModulus.isLess(qInverseLimbs, pContext.modulus) else { return nil }
        modulusLength = modulus.count
        self.p = pContext
        self.q = qContext
        self.dP = dP
        self.dQ = dQ
        qInverseMontgomery = pContext.multiply(qInverseLimbs, pContext.rSquared)
    }

    /// RSASSA-PKCS1-v1_5-SIGN with SHA-256 (RFC 8017 §8.2.1) of `message`.
    func signature(of message: [UInt8]) -> [UInt8] {
        let k = p.limbCount
        let encoded = TestSigning.pkcs1SHA256Encoding(of: message, length: modulusLength)
        let m = MontgomeryModulus.limbs(bigEndian: encoded, count: 2 * k)
        let s1 = p.windowedPower(Self.reduce(m, by: p), exponent: dP)
        let s2 = q.windowedPower(Self.reduce(m, by: q), exponent: dQ)
        // h = qInv·(s₁ − s₂ mod p) mod p; s₂ < q < 2p, so one subtraction brings it below p.
        var s2ModP = s2
        if !MontgomeryModulus.isLess(s2ModP, p.modulus) { _ = Self.subtract(&s2ModP, p.modulus) }
        var difference = s1
        if Self.subtract(&difference, s2ModP) { _ = Self.add(&difference, p.modulus) }
        let h = p.multiply(difference, qInverseMontgomery)
        // s = s₂ + q·h < n.
        var s = Self.product(q.modulus, h)
        var carry: UInt64 = 0
        for index in 0..<(2 * k) {
            let (sum1, overflow1) = s[index].addingReportingOverflow(index < k ? s2[index] : 0)
            let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
            s[index] = sum2
            carry = (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
        }
        return MontgomeryModulus.bigEndianBytes(s, byteCount: modulusLength)
    }

    /// x mod m for x of 2k limbs and m of k limbs with its top bit set: x = hi·R + lo, hi·R ≡ mont(hi, R²);
    /// both parts are below R < 2m, so the sum is below 3m and two subtractions at most finish it.
    static func reduce(_ x: [UInt64], by context: MontgomeryModulus) -> [UInt64] {
        let k = context.limbCount
        let high = context.multiply(Array(x[k..<(2 * k)]), context.rSquared)
        var value = Array(x[0..<k])
        var carry = add(&value, high)
        while carry || !MontgomeryModulus.isLess(value, context.modulus) {
            if subtract(&value, context.modulus) { carry = false }
        }
        return value
    }

    /// a += b over a's limbs; returns the carry out.
    @discardableResult
    static func add(_ a: inout [UInt64], _ b: [UInt64]) -> Bool {
        var carry = false
        for index in a.indices {
            let (sum1, overflow1) = a[index].addingReportingOverflow(b[index])
            let (sum2, overflow2) = sum1.addingReportingOverflow(carry ? 1 : 0)
            a[index] = sum2
            carry = overflow1 || overflow2
        }
        return carry
    }

    /// a −= b over a's limbs; returns the borrow out.
    static func subtract(_ a: inout [UInt64], _ b: [UInt64]) -> Bool {
        var borrow = false
        for index in a.indices {
            let (difference1, borrow1) = a[index].subtractingReportingOverflow(b[index])
            let (difference2, borrow2) = difference1.subtractingReportingOverflow(borrow ? 1 : 0)
            a[index] = difference2
            borrow = borrow1 || borrow2
        }
        return borrow
    }

    /// The full 2k-limb product a·b (schoolbook).
    static func product(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: a.count + b.count)
        for i in a.indices {
            var carry: UInt64 = 0
            for j in b.indices {
                let (high, low) = a[i].multipliedFullWidth(by: b[j])
                let (sum1, overflow1) = low.addingReportingOverflow(result[i + j])
                let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
                result[i + j] = sum2
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            result[i + b.count] = carry
        }
        return result
    }
}
