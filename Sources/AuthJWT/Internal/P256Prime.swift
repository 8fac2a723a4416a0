// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Arithmetic modulo the P-256 prime p = 2²⁵⁶ − 2²²⁴ + 2¹⁹² + 2⁹⁶ − 1 in Montgomery form (R = 2²⁵⁶), with
/// p's limbs as constants (FIPS 186-4 Appendix D.1.2.3).
///
/// −p⁻¹ mod 2⁶⁴ is 1, so each reduction step's multiplier m is the low word itself, and
/// m·p = m·2⁹⁶ − m + m·p₃·2¹⁹² (p₃ = 2⁶⁴ − 2³² + 1): two shifts and one multiplication instead of four.
/// A product costs 16 + 4 word multiplications (the generic ``P256Field`` form: 32), a square 10 + 4.
/// The same reduction as BoringSSL's `ecp_nistz256` and fiat-crypto's P-256.
///
/// Every function here is constant time: no branch and no memory index depends on the values (signing
/// uses them, through ``P256Field/multiply(_:_:)``, on secrets). Inputs are below p; so are results.
package enum P256Prime {
    /// p, little-endian limbs.
    @inline(__always) static var modulus: U256 {
        U256(l0: 0xffff_ffff_ffff_ffff, l1: 0x0000_0000_ffff_ffff, l2: 0, l3: 0xffff_ffff_0000_0001)
    }
    /// R² mod p, to bring a value into Montgomery form with one multiplication.
    @inline(__always) static var rSquared: U256 {
        U256(l0: 0x0000_0000_0000_0003, l1: 0xffff_fffb_ffff_ffff, l2: 0xffff_ffff_ffff_fffe, l3: 0x0000_0004_ffff_fffd)
    }
    /// R mod p: 1 in Montgomery form.
    @inline(__always) static var one: U256 {
        U256(l0: 0x0000_0000_0000_0001, l1: 0xffff_ffff_0000_0000, l2: 0xffff_ffff_ffff_ffff, l3: 0x0000_0000_ffff_fffe)
    }
    @inline(__always) private static var p3: UInt64 { 0xffff_ffff_0000_0001 }

    @inline(__always)
    static func toMontgomery(_ a: U256) -> U256 { multiply(a, rSquared) }

    @inline(__always)
    package static func fromMontgomery(_ a: U256) -> U256 {
        reduce(a.l0, a.l1, a.l2, a.l3, 0, 0, 0, 0)
    }

    /// (a + b) mod p, the reduced sum selected by a mask.
    @inline(__always)
    static func add(_ a: U256, _ b: U256) -> U256 {
        let (sum, carry) = a.adding(b)
        let (reduced, borrow) = sum.subtracting(modulus)
        return sum.selecting(reduced, mask: 0 &- (word(carry) | (1 &- word(borrow))))
    }

    /// (a − b) mod p, p added back by a mask.
    @inline(__always)
    static func subtract(_ a: U256, _ b: U256) -> U256 {
        let (difference, borrow) = a.subtracting(b)
        let mask = 0 &- word(borrow)
        let correction = U256(l0: modulus.l0 & mask, l1: modulus.l1 & mask, l2: 0, l3: modulus.l3 & mask)
        return difference.adding(correction).0
    }

    /// 2a mod p.
    @inline(__always)
    static func double(_ a: U256) -> U256 { add(a, a) }

    /// −a mod p (0 for 0).
    @inline(__always)
    static func negate(_ a: U256) -> U256 { subtract(.zero, a) }

    /// a·b·R⁻¹ mod p: the 512-bit product by rows, then ``reduce(_:_:_:_:_:_:_:_:)``.
    package static func multiply(_ a: U256, _ b: U256) -> U256 {
        var c: UInt64
        var t0: UInt64
        var t1: UInt64
        var t2: UInt64
        var t3: UInt64
        var t4: UInt64
        var t5: UInt64
        var t6: UInt64
        var t7: UInt64
        (c, t0) = multiplyAdd(a.l0, b.l0, 0, 0)
        (c, t1) = multiplyAdd(a.l1, b.l0, 0, c)
        (c, t2) = multiplyAdd(a.l2, b.l0, 0, c)
        (t4, t3) = multiplyAdd(a.l3, b.l0, 0, c)
        (c, t1) = multiplyAdd(a.l0, b.l1, t1, 0)
        (c, t2) = multiplyAdd(a.l1, b.l1, t2, c)
        (c, t3) = multiplyAdd(a.l2, b.l1, t3, c)
        (t5, t4) = multiplyAdd(a.l3, b.l1, t4, c)
        (c, t2) = multiplyAdd(a.l0, b.l2, t2, 0)
        (c, t3) = multiplyAdd(a.l1, b.l2, t3, c)
        (c, t4) = multiplyAdd(a.l2, b.l2, t4, c)
        (t6, t5) = multiplyAdd(a.l3, b.l2, t5, c)
        (c, t3) = multiplyAdd(a.l0, b.l3, t3, 0)
        (c, t4) = multiplyAdd(a.l1, b.l3, t4, c)
        (c, t5) = multiplyAdd(a.l2, b.l3, t5, c)
        (t7, t6) = multiplyAdd(a.l3, b.l3, t6, c)
        return reduce(t0, t1, t2, t3, t4, t5, t6, t7)
    }

    /// a²·R⁻¹ mod p: the six cross products once, doubled by a shift, plus the four squares.
    package static func square(_ a: U256) -> U256 {
        var c: UInt64
        var t1: UInt64
        var t2: UInt64
        var t3: UInt64
        var t4: UInt64
        var t5: UInt64
        var t6: UInt64
        var t7: UInt64
        (c, t1) = multiplyAdd(a.l0, a.l1, 0, 0)
        (c, t2) = multiplyAdd(a.l0, a.l2, 0, c)
        (t4, t3) = multiplyAdd(a.l0, a.l3, 0, c)
        (c, t3) = multiplyAdd(a.l1, a.l2, t3, 0)
        (t5, t4) = multiplyAdd(a.l1, a.l3, t4, c)
        (t6, t5) = multiplyAdd(a.l2, a.l3, t5, 0)
        t7 = t6 >> 63
        t6 = t6 << 1 | t5 >> 63
        t5 = t5 << 1 | t4 >> 63
        t4 = t4 << 1 | t3 >> 63
        t3 = t3 << 1 | t2 >> 63
        t2 = t2 << 1 | t1 >> 63
        t1 = t1 << 1
        let (h0, t0) = a.l0.multipliedFullWidth(by: a.l0)
        let (h1, l1) = a.l1.multipliedFullWidth(by: a.l1)
        let (h2, l2) = a.l2.multipliedFullWidth(by: a.l2)
        let (h3, l3) = a.l3.multipliedFullWidth(by: a.l3)
        (t1, c) = addWithCarry(t1, h0, 0)
        (t2, c) = addWithCarry(t2, l1, c)
        (t3, c) = addWithCarry(t3, h1, c)
        (t4, c) = addWithCarry(t4, l2, c)
        (t5, c) = addWithCarry(t5, h2, c)
        (t6, c) = addWithCarry(t6, l3, c)
        t7 = t7 &+ h3 &+ c  // a² < 2⁵¹², so this cannot overflow
        return reduce(t0, t1, t2, t3, t4, t5, t6, t7)
    }

    /// (t + M·p) / 2²⁵⁶ mod p for a 512-bit t below p·2²⁵⁶, M chosen word by word so the low half
    /// vanishes. The low four words are reduced in place (each step's value stays below p + 2¹⁹² < 2²⁵⁶,
    /// so four words hold it), then the high half is added; the result is below 2p, and p is subtracted
    /// when it is at least p, selected by a mask.
    @inline(__always)
    private static func reduce(
        _ t0: UInt64, _ t1: UInt64, _ t2: UInt64, _ t3: UInt64, _ t4: UInt64, _ t5: UInt64, _ t6: UInt64, _ t7: UInt64
    ) -> U256 {
        var t0 = t0
        var t1 = t1
        var t2 = t2
        var t3 = t3
        var c: UInt64
        var high: UInt64
        var low: UInt64
        // m = t0: add m·2⁹⁶ and m·p₃·2¹⁹², drop the low word (t0 − m = 0).
        (t1, c) = addWithCarry(t1, t0 << 32, 0)
        (t2, c) = addWithCarry(t2, t0 >> 32, c)
        (high, low) = t0.multipliedFullWidth(by: p3)
        (t3, c) = addWithCarry(t3, low, c)
        t0 = high &+ c
        // m = t1; the value is now t1 + t2·2⁶⁴ + t3·2¹²⁸ + t0·2¹⁹².
        (t2, c) = addWithCarry(t2, t1 << 32, 0)
        (t3, c) = addWithCarry(t3, t1 >> 32, c)
        (high, low) = t1.multipliedFullWidth(by: p3)
        (t0, c) = addWithCarry(t0, low, c)
        t1 = high &+ c
        // m = t2
        (t3, c) = addWithCarry(t3, t2 << 32, 0)
        (t0, c) = addWithCarry(t0, t2 >> 32, c)
        (high, low) = t2.multipliedFullWidth(by: p3)
        (t1, c) = addWithCarry(t1, low, c)
        t2 = high &+ c
        // m = t3
        (t0, c) = addWithCarry(t0, t3 << 32, 0)
        (t1, c) = addWithCarry(t1, t3 >> 32, c)
        (high, low) = t3.multipliedFullWidth(by: p3)
        (t2, c) = addWithCarry(t2, low, c)
        t3 = high &+ c
        // + the high half.
        (t0, c) = addWithCarry(t0, t4, 0)
        (t1, c) = addWithCarry(t1, t5, c)
        (t2, c) = addWithCarry(t2, t6, c)
        (t3, c) = addWithCarry(t3, t7, c)
        let result = U256(l0: t0, l1: t1, l2: t2, l3: t3)
        let (reduced, borrow) = result.subtracting(modulus)
        return result.selecting(reduced, mask: 0 &- (c | (1 &- word(borrow))))
    }

    /// a·b + c + d as (high, low); cannot overflow 128 bits.
    @inline(__always)
    private static func multiplyAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> (UInt64, UInt64) {
        let (high, low) = a.multipliedFullWidth(by: b)
        let (low1, carry1) = low.addingReportingOverflow(c)
        let (low2, carry2) = low1.addingReportingOverflow(d)
        return (high &+ word(carry1) &+ word(carry2), low2)
    }

    /// x + y + carry (carry 0 or 1) as (sum, carry out).
    @inline(__always)
    private static func addWithCarry(_ x: UInt64, _ y: UInt64, _ carry: UInt64) -> (UInt64, UInt64) {
        let (sum1, carry1) = x.addingReportingOverflow(y)
        let (sum2, carry2) = sum1.addingReportingOverflow(carry)
        return (sum2, word(carry1) | word(carry2))
    }
}
