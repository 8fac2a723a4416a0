// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A 256-bit unsigned integer in four little-endian 64-bit limbs, held inline (no heap).
package struct U256: Equatable, Sendable {
    var l0: UInt64, l1: UInt64, l2: UInt64, l3: UInt64

    static let zero = U256(l0: 0, l1: 0, l2: 0, l3: 0)
    static let one = U256(l0: 1, l1: 0, l2: 0, l3: 0)

    init(l0: UInt64, l1: UInt64, l2: UInt64, l3: UInt64) {
        self.l0 = l0
        self.l1 = l1
        self.l2 = l2
        self.l3 = l3
    }

    /// From exactly 32 big-endian bytes (more: the value of the last 32; fewer: zero-extended). Each
    /// byte is shifted in: no heap copy of what may be a secret, and no branch on the bytes' values.
    package init(bigEndian bytes: some Collection<UInt8>) {
        var (l0, l1, l2, l3): (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for byte in bytes {
            l3 = l3 << 8 | l2 >> 56
            l2 = l2 << 8 | l1 >> 56
            l1 = l1 << 8 | l0 >> 56
            l0 = l0 << 8 | UInt64(byte)
        }
        self.init(l0: l0, l1: l1, l2: l2, l3: l3)
    }

    /// From 64 hex digits (constants only).
    init(hex: StaticString) {
        var bytes: [UInt8] = []
        let text = UnsafeBufferPointer(start: hex.utf8Start, count: hex.utf8CodeUnitCount)
        var index = 0
        while index + 1 < text.count {
            func value(_ c: UInt8) -> UInt8 { c <= UInt8(ascii: "9") ? c - UInt8(ascii: "0") : (c | 0x20) - UInt8(ascii: "a") + 10 }
            bytes.append(value(text[index]) << 4 | value(text[index + 1]))
            index += 2
        }
        self.init(bigEndian: bytes)
    }

    init(limbs: [UInt64]) {
        self.init(l0: limbs[0], l1: limbs[1], l2: limbs[2], l3: limbs[3])
    }

    package var limbs: [UInt64] { [l0, l1, l2, l3] }
    @inline(__always) package var isZero: Bool { (l0 | l1 | l2 | l3) == 0 }

    /// Whether self < other: the borrow of self − other, so no early exit at the first differing limb
    /// (keys and nonces are compared with the group order).
    @inline(__always)
    package func isLess(than other: U256) -> Bool {
        subtracting(other).1
    }

    /// self + other, with the carry out. The carries are computed as words, not branched on, so the
    /// time does not depend on the values (signing adds secrets).
    @inline(__always)
    func adding(_ other: U256) -> (U256, Bool) {
        let (r0, c0) = l0.addingReportingOverflow(other.l0)
        let (r1a, c1a) = l1.addingReportingOverflow(other.l1)
        let (r1, c1b) = r1a.addingReportingOverflow(word(c0))
        let (r2a, c2a) = l2.addingReportingOverflow(other.l2)
        let (r2, c2b) = r2a.addingReportingOverflow(word(c1a) | word(c1b))
        let (r3a, c3a) = l3.addingReportingOverflow(other.l3)
        let (r3, c3b) = r3a.addingReportingOverflow(word(c2a) | word(c2b))
        return (U256(l0: r0, l1: r1, l2: r2, l3: r3), (word(c3a) | word(c3b)) == 1)
    }

    /// self − other, with the borrow out; no branch on the values.
    @inline(__always)
    package func subtracting(_ other: U256) -> (U256, Bool) {
        let (r0, b0) = l0.subtractingReportingOverflow(other.l0)
        let (r1a, b1a) = l1.subtractingReportingOverflow(other.l1)
        let (r1, b1b) = r1a.subtractingReportingOverflow(word(b0))
        let (r2a, b2a) = l2.subtractingReportingOverflow(other.l2)
        let (r2, b2b) = r2a.subtractingReportingOverflow(word(b1a) | word(b1b))
        let (r3a, b3a) = l3.subtractingReportingOverflow(other.l3)
        let (r3, b3b) = r3a.subtractingReportingOverflow(word(b2a) | word(b2b))
        return (U256(l0: r0, l1: r1, l2: r2, l3: r3), (word(b3a) | word(b3b)) == 1)
    }

    /// Bit `index` (0 = least significant).
    func bit(_ index: Int) -> Bool {
        let limb = index < 64 ? l0 : index < 128 ? l1 : index < 192 ? l2 : l3
        return (limb >> UInt64(index % 64)) & 1 == 1
    }
}

/// Arithmetic modulo a 256-bit odd modulus in Montgomery form (R = 2^256): the P-256 field (mod p) and
/// scalar group (mod n). Addition, subtraction and multiplication have no branch or memory index that
/// depends on the values (signing uses them on secrets); ``power(_:_:)`` branches on the exponent's bits
/// and reads its table at indices taken from them, so it is constant time only for a public exponent — as
/// in ``invert(_:)``, whose exponent is m − 2. Modulo p, multiplication and squaring are ``P256Prime``'s
/// (p's special form); modulo n they are the generic FIOS below.
package struct P256Field: Sendable {
    package let modulus: U256
    let inverse: UInt64
    let rSquared: U256
    /// Whether the modulus is the P-256 prime, whose products ``P256Prime`` reduces faster. A property of
    /// the field, not of any value: the choice is the same for every operand.
    let isP256Prime: Bool

    init(modulus hex: StaticString) {
        modulus = U256(hex: hex)
        let prepared = MontgomeryModulus(bigEndian: MontgomeryModulus.bigEndianBytes(modulus.limbs, byteCount: 32))!
        inverse = prepared.inverse
        rSquared = U256(limbs: prepared.rSquared)
        isP256Prime = modulus == P256Prime.modulus
    }

    package func toMontgomery(_ a: U256) -> U256 { multiply(a, rSquared) }
    package func fromMontgomery(_ a: U256) -> U256 { multiply(a, .one) }

    /// (a + b) mod m for a, b < m. Constant time: both candidates are computed and one is selected by
    /// a mask (see `U256.selecting(_:mask:)`).
    package func add(_ a: U256, _ b: U256) -> U256 {
        let (sum, carry) = a.adding(b)
        let (reduced, borrow) = sum.subtracting(modulus)
        // The reduced value is right when the sum overflowed 2^256 or is at least m.
        return sum.selecting(reduced, mask: 0 &- (word(carry) | (1 &- word(borrow))))
    }

    /// (a − b) mod m for a, b < m, constant time like ``add(_:_:)``.
    func subtract(_ a: U256, _ b: U256) -> U256 {
        let (difference, borrow) = a.subtracting(b)
        return difference.selecting(difference.adding(modulus).0, mask: 0 &- word(borrow))
    }

    /// a^exponent in Montgomery form (a in Montgomery form), left to right with a sliding window of up to
    /// five bits over odd powers a, a³, …, a³¹ (for m − 2: 255 squarings and about 45 multiplications
    /// plus 16 for the table, where bit by bit took about 160). Which squarings and multiplications
    /// run, and which table entry each multiplication reads, follow the bits of `exponent` only, which must
    /// be public; nothing depends on `a`.
    func power(_ a: U256, _ exponent: U256) -> U256 {
        let aSquared = square(a)
        var oddPowers = [a]
        oddPowers.reserveCapacity(16)
        for index in 1..<16 { oddPowers.append(multiply(oddPowers[index - 1], aSquared)) }
        var result = toMontgomery(.one)
        var started = false
        var index = 255
        while index >= 0 {
            guard exponent.bit(index) else {
                if started { result = square(result) }
                index -= 1
                continue
            }
            // The longest window of at most five bits that starts at this set bit and ends at a set bit.
            var low = max(index - 4, 0)
            while !exponent.bit(low) { low += 1 }
            var value = 0
            for bit in stride(from: index, through: low, by: -1) { value = value << 1 | (exponent.bit(bit) ? 1 : 0) }
            if started {
                for _ in low...index { result = square(result) }
                result = multiply(result, oddPowers[value >> 1])
            } else {
                result = oddPowers[value >> 1]
                started = true
            }
            index = low - 1
        }
        return result
    }

    /// a⁻¹ for a prime modulus (Fermat: a^(m−2)), in Montgomery form. Constant time in `a`: the exponent
    /// is the public m − 2. Zero maps to zero.
    func invert(_ a: U256) -> U256 {
        power(a, modulus.subtracting(U256(l0: 2, l1: 0, l2: 0, l3: 0)).0)
    }

    /// a·b·R⁻¹ mod m: ``P256Prime/multiply(_:_:)`` modulo p, the generic FIOS modulo n.
    @inline(__always)
    package func multiply(_ a: U256, _ b: U256) -> U256 {
        isP256Prime ? P256Prime.multiply(a, b) : multiplyGeneric(a, b)
    }

    /// a²·R⁻¹ mod m: ``P256Prime/square(_:)`` modulo p, the generic product modulo n.
    @inline(__always)
    func square(_ a: U256) -> U256 {
        isP256Prime ? P256Prime.square(a) : multiplyGeneric(a, a)
    }

    /// a·b·R⁻¹ mod m for any odd modulus, four-limb FIOS (Koç, Acar and Kaliski, 1996), unrolled.
    func multiplyGeneric(_ a: U256, _ b: U256) -> U256 {
        var t0: UInt64 = 0
        var t1: UInt64 = 0
        var t2: UInt64 = 0
        var t3: UInt64 = 0
        var t4: UInt64 = 0
        var c1: UInt64 = 0
        var c2: UInt64 = 0
        var low: UInt64 = 0
        var m: UInt64 = 0
        var s1: UInt64 = 0
        var s2: UInt64 = 0
        var o1 = false
        var o2 = false
        // b.l0
        (c1, low) = multiplyAdd(a.l0, b.l0, t0, 0)
        m = low &* inverse
        (c2, _) = multiplyAdd(m, modulus.l0, low, 0)
        (c1, low) = multiplyAdd(a.l1, b.l0, t1, c1)
        (c2, t0) = multiplyAdd(m, modulus.l1, low, c2)
        (c1, low) = multiplyAdd(a.l2, b.l0, t2, c1)
        (c2, t1) = multiplyAdd(m, modulus.l2, low, c2)
        (c1, low) = multiplyAdd(a.l3, b.l0, t3, c1)
        (c2, t2) = multiplyAdd(m, modulus.l3, low, c2)
        (s1, o1) = t4.addingReportingOverflow(c1)
        (s2, o2) = s1.addingReportingOverflow(c2)
        t3 = s2
        t4 = word(o1) &+ word(o2)
        // b.l1
        (c1, low) = multiplyAdd(a.l0, b.l1, t0, 0)
        m = low &* inverse
        (c2, _) = multiplyAdd(m, modulus.l0, low, 0)
        (c1, low) = multiplyAdd(a.l1, b.l1, t1, c1)
        (c2, t0) = multiplyAdd(m, modulus.l1, low, c2)
        (c1, low) = multiplyAdd(a.l2, b.l1, t2, c1)
        (c2, t1) = multiplyAdd(m, modulus.l2, low, c2)
        (c1, low) = multiplyAdd(a.l3, b.l1, t3, c1)
        (c2, t2) = multiplyAdd(m, modulus.l3, low, c2)
        (s1, o1) = t4.addingReportingOverflow(c1)
        (s2, o2) = s1.addingReportingOverflow(c2)
        t3 = s2
        t4 = word(o1) &+ word(o2)
        // b.l2
        (c1, low) = multiplyAdd(a.l0, b.l2, t0, 0)
        m = low &* inverse
        (c2, _) = multiplyAdd(m, modulus.l0, low, 0)
        (c1, low) = multiplyAdd(a.l1, b.l2, t1, c1)
        (c2, t0) = multiplyAdd(m, modulus.l1, low, c2)
        (c1, low) = multiplyAdd(a.l2, b.l2, t2, c1)
        (c2, t1) = multiplyAdd(m, modulus.l2, low, c2)
        (c1, low) = multiplyAdd(a.l3, b.l2, t3, c1)
        (c2, t2) = multiplyAdd(m, modulus.l3, low, c2)
        (s1, o1) = t4.addingReportingOverflow(c1)
        (s2, o2) = s1.addingReportingOverflow(c2)
        t3 = s2
        t4 = word(o1) &+ word(o2)
        // b.l3
        (c1, low) = multiplyAdd(a.l0, b.l3, t0, 0)
        m = low &* inverse
        (c2, _) = multiplyAdd(m, modulus.l0, low, 0)
        (c1, low) = multiplyAdd(a.l1, b.l3, t1, c1)
        (c2, t0) = multiplyAdd(m, modulus.l1, low, c2)
        (c1, low) = multiplyAdd(a.l2, b.l3, t2, c1)
        (c2, t1) = multiplyAdd(m, modulus.l2, low, c2)
        (c1, low) = multiplyAdd(a.l3, b.l3, t3, c1)
        (c2, t2) = multiplyAdd(m, modulus.l3, low, c2)
        (s1, o1) = t4.addingReportingOverflow(c1)
        (s2, o2) = s1.addingReportingOverflow(c2)
        t3 = s2
        t4 = word(o1) &+ word(o2)
        // The result is below 2m; subtract m when it is at least m, selected by a mask, not a branch.
        let result = U256(l0: t0, l1: t1, l2: t2, l3: t3)
        let (reduced, borrow) = result.subtracting(modulus)
        return result.selecting(reduced, mask: 0 &- (t4 | (1 &- word(borrow))))
    }

    @inline(__always)
    private func multiplyAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> (UInt64, UInt64) {
        let (high, low) = a.multipliedFullWidth(by: b)
        let (low1, carry1) = low.addingReportingOverflow(c)
        let (low2, carry2) = low1.addingReportingOverflow(d)
        return (high &+ word(carry1) &+ word(carry2), low2)
    }
}
