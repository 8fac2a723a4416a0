// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An element of GF(p), p = 2²⁵⁵ − 19 (RFC 8032 §5.1), in five 51-bit little-endian limbs, held inline.
///
/// Every operation returns limbs below 2⁵¹ + 2¹⁸ ("weakly reduced"), so products of two limbs (one times
/// 19) stay below 2¹⁰⁷ and a sum of five below 2¹¹⁰: the 128-bit accumulators of ``multiplied(by:)``
/// cannot overflow. Only ``reduced`` (and ``canonicalBytes``) reduce fully below p. Used for Ed25519 verification, which
/// handles public data only, so the code is plain rather than constant time.
struct Field25519: Sendable {
    var l0: UInt64, l1: UInt64, l2: UInt64, l3: UInt64, l4: UInt64

    static let mask: UInt64 = (1 << 51) - 1
    static let zero = Field25519(l0: 0, l1: 0, l2: 0, l3: 0, l4: 0)
    static let one = Field25519(l0: 1, l1: 0, l2: 0, l3: 0, l4: 0)

    init(l0: UInt64, l1: UInt64, l2: UInt64, l3: UInt64, l4: UInt64) {
        (self.l0, self.l1, self.l2, self.l3, self.l4) = (l0, l1, l2, l3, l4)
    }

    /// The 255-bit little-endian integer in `bytes` (32 octets; bit 255 is ignored), not reduced mod p.
    init(littleEndian bytes: some Collection<UInt8>) {
        var words: [UInt64] = [0, 0, 0, 0]
        for (index, byte) in bytes.prefix(32).enumerated() {
            words[index / 8] |= UInt64(byte) << UInt64(8 * (index % 8))
        }
        words[3] &= ~(1 << 63)
        let mask = Self.mask
        self.init(
            l0: words[0] & mask,
            l1: (words[0] >> 51 | words[1] << 13) & mask,
            l2: (words[1] >> 38 | words[2] << 26) & mask,
            l3: (words[2] >> 25 | words[3] << 39) & mask,
            l4: words[3] >> 12)
    }

    /// The element as 32 little-endian octets of its representative in [0, p) (RFC 8032 §5.1.2).
    var canonicalBytes: [UInt8] {
        let r = reduced
        let words = [r.l0 | r.l1 << 51, r.l1 >> 13 | r.l2 << 38, r.l2 >> 26 | r.l3 << 25, r.l3 >> 39 | r.l4 << 12]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for word in words {
            for shift in stride(from: UInt64(0), to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        return bytes
    }

    /// The same element with its representative in [0, p): each limb below 2⁵¹, so two fully reduced
    /// elements are equal exactly when their limbs are. No allocation (``canonicalBytes`` makes an array).
    var reduced: Field25519 {
        // Two carry passes leave V ≡ self with l1…l4 < 2⁵¹ and l0 < 2⁵¹ + 19, so V < 2²⁵⁵ + 19 < 2p.
        let t = carried.carried
        // V ≥ p exactly when V + 19 reaches 2²⁵⁵: q is that carry, 0 or 1.
        var q = (t.l0 + 19) >> 51
        q = (t.l1 + q) >> 51
        q = (t.l2 + q) >> 51
        q = (t.l3 + q) >> 51
        q = (t.l4 + q) >> 51
        // V − q·p = V + 19q − q·2²⁵⁵: add 19q, carry without folding back, and drop bit 255.
        let mask = Self.mask
        var l0 = t.l0 + 19 * q
        var l1 = t.l1 + (l0 >> 51)
        l0 &= mask
        var l2 = t.l2 + (l1 >> 51)
        l1 &= mask
        var l3 = t.l3 + (l2 >> 51)
        l2 &= mask
        let l4 = (t.l4 + (l3 >> 51)) & mask
        l3 &= mask
        return Field25519(l0: l0, l1: l1, l2: l2, l3: l3, l4: l4)
    }

    /// One carry pass: each limb below 2⁵¹, the carry out of the top limb folded back times 19 (2²⁵⁵ ≡ 19).
    @inline(__always)
    var carried: Field25519 {
        var r = self
        var c = r.l0 >> 51
        r.l0 &= Self.mask
        r.l1 &+= c
        c = r.l1 >> 51
        r.l1 &= Self.mask
        r.l2 &+= c
        c = r.l2 >> 51
        r.l2 &= Self.mask
        r.l3 &+= c
        c = r.l3 >> 51
        r.l3 &= Self.mask
        r.l4 &+= c
        c = r.l4 >> 51
        r.l4 &= Self.mask
        r.l0 &+= 19 &* c
        return r
    }

    var isZero: Bool {
        let r = reduced
        return r.l0 | r.l1 | r.l2 | r.l3 | r.l4 == 0
    }

    /// Whether the canonical representative is odd: the "sign" of x in RFC 8032 §5.1.2.
    var isOdd: Bool { reduced.l0 & 1 == 1 }

    func isEqual(to other: Field25519) -> Bool {
        let (a, b) = (reduced, other.reduced)
        return a.l0 == b.l0 && a.l1 == b.l1 && a.l2 == b.l2 && a.l3 == b.l3 && a.l4 == b.l4
    }

    @inline(__always)
    static func + (a: Field25519, b: Field25519) -> Field25519 {
        Field25519(l0: a.l0 &+ b.l0, l1: a.l1 &+ b.l1, l2: a.l2 &+ b.l2, l3: a.l3 &+ b.l3, l4: a.l4 &+ b.l4).carried
    }

    /// a − b computed as (a + 4p) − b, so no limb underflows for weakly reduced inputs.
    @inline(__always)
    static func - (a: Field25519, b: Field25519) -> Field25519 {
        let fourP0: UInt64 = (1 << 53) - 76
        let fourP: UInt64 = (1 << 53) - 4
        return Field25519(
            l0: a.l0 &+ fourP0 &- b.l0, l1: a.l1 &+ fourP &- b.l1, l2: a.l2 &+ fourP &- b.l2,
            l3: a.l3 &+ fourP &- b.l3, l4: a.l4 &+ fourP &- b.l4
        ).carried
    }

    static prefix func - (a: Field25519) -> Field25519 { zero - a }

    /// The product mod p: schoolbook on 51-bit limbs, the limbs past 2²⁵⁵ folded back times 19.
    static func * (a: Field25519, b: Field25519) -> Field25519 {
        let b1 = 19 &* b.l1
        let b2 = 19 &* b.l2
        let b3 = 19 &* b.l3
        let b4 = 19 &* b.l4
        let r0 = Wide(a.l0, b.l0) + Wide(a.l1, b4) + Wide(a.l2, b3) + Wide(a.l3, b2) + Wide(a.l4, b1)
        var r1 = Wide(a.l0, b.l1) + Wide(a.l1, b.l0) + Wide(a.l2, b4) + Wide(a.l3, b3) + Wide(a.l4, b2)
        var r2 = Wide(a.l0, b.l2) + Wide(a.l1, b.l1) + Wide(a.l2, b.l0) + Wide(a.l3, b4) + Wide(a.l4, b3)
        var r3 = Wide(a.l0, b.l3) + Wide(a.l1, b.l2) + Wide(a.l2, b.l1) + Wide(a.l3, b.l0) + Wide(a.l4, b4)
        var r4 = Wide(a.l0, b.l4) + Wide(a.l1, b.l3) + Wide(a.l2, b.l2) + Wide(a.l3, b.l1) + Wide(a.l4, b.l0)
        r1 = r1 + r0.high51
        r2 = r2 + r1.high51
        r3 = r3 + r2.high51
        r4 = r4 + r3.high51
        // r4 < 2¹⁰⁹, so 19 · (r4 >> 51) < 2⁶²: no overflow.
        return Self.folding(l0: (r0.low & mask) &+ 19 &* r4.high51, r1.low & mask, r2.low & mask, r3.low & mask, r4.low & mask)
    }

    /// The end of a product: l1…l4 are below 2⁵¹ and l0 below 2⁶³, so one carry from l0 into l1 leaves
    /// l1 below 2⁵¹ + 2¹² and the result weakly reduced, without ``carried``'s full pass.
    @inline(__always)
    private static func folding(l0: UInt64, _ l1: UInt64, _ l2: UInt64, _ l3: UInt64, _ l4: UInt64) -> Field25519 {
        Field25519(l0: l0 & mask, l1: l1 &+ (l0 >> 51), l2: l2, l3: l3, l4: l4)
    }

    /// The square: ``*(_:_:)`` with the ten cross products computed once and doubled, 15 limb products
    /// instead of 25. Limbs below 2⁵¹ + 2¹⁸ keep every term below 2¹⁰⁸ and each sum of three below 2¹¹⁰.
    var squared: Field25519 {
        let d0 = 2 &* l0
        let d1 = 2 &* l1
        let d2 = 2 &* l2
        let d3 = 2 &* l3
        let n3 = 19 &* l3
        let n4 = 19 &* l4
        let r0 = Wide(l0, l0) + Wide(d1, n4) + Wide(d2, n3)
        var r1 = Wide(d0, l1) + Wide(d2, n4) + Wide(l3, n3)
        var r2 = Wide(d0, l2) + Wide(l1, l1) + Wide(d3, n4)
        var r3 = Wide(d0, l3) + Wide(d1, l2) + Wide(l4, n4)
        var r4 = Wide(d0, l4) + Wide(d1, l3) + Wide(l2, l2)
        r1 = r1 + r0.high51
        r2 = r2 + r1.high51
        r3 = r3 + r2.high51
        r4 = r4 + r3.high51
        let mask = Self.mask
        return Self.folding(l0: (r0.low & mask) &+ 19 &* r4.high51, r1.low & mask, r2.low & mask, r3.low & mask, r4.low & mask)
    }

    /// self^(2^n): n squarings.
    func squared(times n: Int) -> Field25519 {
        var result = self
        for _ in 0..<n { result = result.squared }
        return result
    }

    /// self^e for the exponent given as 32 little-endian octets (square and multiply; public data only).
    /// The reference the addition chains of ``inverse`` and ``powerPMinus5Over8`` are tested against.
    func power(littleEndian exponent: [UInt8]) -> Field25519 {
        var result = Field25519.one
        for index in stride(from: 255, through: 0, by: -1) {
            result = result.squared
            if (exponent[index / 8] >> UInt8(index % 8)) & 1 == 1 { result = result * self }
        }
        return result
    }

    /// self^(2²⁵⁰ − 1) and self^11, the common part of the two addition chains below: 249 squarings and
    /// 11 multiplications (the chain of Bernstein's curve25519 paper, §5, written out again here).
    private var power2To250Minus1: (power: Field25519, eleven: Field25519) {
        let z2 = squared
        let z9 = z2.squared(times: 2) * self
        let z11 = z9 * z2
        let z5 = z11.squared * z9  // 2⁵ − 1
        let z10 = z5.squared(times: 5) * z5  // 2¹⁰ − 1
        let z20 = z10.squared(times: 10) * z10
        let z40 = z20.squared(times: 20) * z20
        let z50 = z40.squared(times: 10) * z10
        let z100 = z50.squared(times: 50) * z50
        let z200 = z100.squared(times: 100) * z100
        return (z200.squared(times: 50) * z50, z11)
    }

    /// The inverse, as self^(p − 2) = self^(2²⁵⁵ − 21) (Fermat) by an addition chain: 254 squarings and
    /// 11 multiplications, where square and multiply took 256 squarings and about 250 multiplications.
    /// Zero for zero.
    var inverse: Field25519 {
        let (power, eleven) = power2To250Minus1
        return power.squared(times: 5) * eleven  // 2²⁵⁵ − 32 + 11
    }

    /// self^((p − 5) / 8) = self^(2²⁵² − 3), the exponent of RFC 8032 §5.1.3's square root.
    var powerPMinus5Over8: Field25519 {
        power2To250Minus1.power.squared(times: 2) * self  // 2²⁵² − 4 + 1
    }
}

/// An unsigned 128-bit accumulator for ``Field25519``'s products, as two 64-bit halves.
private struct Wide {
    var high: UInt64
    var low: UInt64

    @inline(__always)
    init(_ a: UInt64, _ b: UInt64) {
        (high, low) = a.multipliedFullWidth(by: b)
    }

    init(low: UInt64) {
        high = 0
        self.low = low
    }

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The value shifted right by 51 bits (valid while it is below 2¹¹⁵, so the result fits 64 bits).
    var high51: UInt64 { low >> 51 | high << 13 }

    @inline(__always)
    static func + (a: Wide, b: Wide) -> Wide {
        let (low, carry) = a.low.addingReportingOverflow(b.low)
        return Wide(high: a.high &+ b.high &+ (carry ? 1 : 0), low: low)
    }

    static func + (a: Wide, b: UInt64) -> Wide {
        a + Wide(low: b)
    }
}
