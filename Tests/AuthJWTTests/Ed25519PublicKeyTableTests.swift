// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import AuthTesting
import Testing

@testable import AuthJWT

/// The fast pieces of Ed25519 verification against simple references: the addition chains against square
/// and multiply, the dedicated doubling and the cached additions against the complete formula, the NAFs
/// against their value, and [S]B − [k]A by the tables against a double-and-add ladder, on inputs from a
/// seeded generator.
@Suite("Ed25519 arithmetic: addition chains, doubling, NAF and the base and per-key tables")
struct Ed25519PublicKeyTableTests {
    /// A random field element (five limbs below 2⁵¹).
    static func element(_ random: inout SeededRandomNumberGenerator) -> Field25519 {
        Field25519(
            l0: random.next() & Field25519.mask, l1: random.next() & Field25519.mask, l2: random.next() & Field25519.mask,
            l3: random.next() & Field25519.mask, l4: random.next() & Field25519.mask)
    }

    /// A random scalar below 2²⁵³ (L is just above 2²⁵²).
    static func scalar(_ random: inout SeededRandomNumberGenerator) -> U256 {
        U256(l0: random.next(), l1: random.next(), l2: random.next(), l3: random.next() >> 11)
    }

    /// [n]P by double-and-add over n's 256 bits with the complete addition formula only.
    static func ladder(_ n: U256, _ point: EdwardsPoint) -> EdwardsPoint {
        var result = EdwardsPoint.identity
        for index in stride(from: 255, through: 0, by: -1) {
            result = result.adding(result)
            if n.bit(index) { result = result.adding(point) }
        }
        return result
    }

    /// The equation's reference: [s]B − [k]A by two ladders.
    static func reference(s: U256, k: U256, _ a: EdwardsPoint) -> EdwardsPoint {
        ladder(s, .base).adding(ladder(k, a).negated)
    }

    @Test("the inverse and the square-root power by addition chains equal square and multiply")
    func additionChains() {
        var random = SeededRandomNumberGenerator(seed: 25519)
        let pMinus2: [UInt8] = [0xeb] + [UInt8](repeating: 0xff, count: 30) + [0x7f]
        let pMinus5Over8: [UInt8] = [0xfd] + [UInt8](repeating: 0xff, count: 30) + [0x0f]
        for _ in 0..<8 {
            let x = Self.element(&random)
            #expect(x.inverse.isEqual(to: x.power(littleEndian: pMinus2)))
            #expect((x.inverse * x).isEqual(to: .one))
            #expect(x.powerPMinus5Over8.isEqual(to: x.power(littleEndian: pMinus5Over8)))
            #expect(x.squared.isEqual(to: x * x))
        }
        #expect(Field25519.zero.inverse.isZero)
        // p − 1 ≡ −1 squares to 1: limbs at the weak-reduction bound still square correctly.
        let minusOne = Field25519(
            l0: Field25519.mask - 19, l1: Field25519.mask, l2: Field25519.mask, l3: Field25519.mask, l4: Field25519.mask)
        #expect(minusOne.squared.isEqual(to: .one))
        #expect(minusOne.isEqual(to: -Field25519.one) && !minusOne.isZero && minusOne.reduced.l0 == Field25519.mask - 19)
    }

    @Test("doubling and the cached and affine additions and subtractions equal the complete formula")
    func pointFormulas() {
        var random = SeededRandomNumberGenerator(seed: 8032)
        for _ in 0..<4 {
            let p = Self.ladder(Self.scalar(&random), .base)
            let q = Self.ladder(Self.scalar(&random), .base)
            #expect(p.doubled().encoded == p.adding(p).encoded)
            #expect(p.adding(q.cached).encoded == p.adding(q).encoded)
            #expect(p.subtracting(q.cached).encoded == p.adding(q.negated).encoded)
            let affine = EdwardsAffineCachedPoint.batch([q, p])
            #expect(p.adding(affine[0]).encoded == p.adding(q).encoded)
            #expect(p.subtracting(affine[0]).encoded == p.adding(q.negated).encoded)
            #expect(q.adding(affine[1]).encoded == q.adding(p).encoded)
        }
        // The identity doubles to itself, and P − P is the identity.
        #expect(EdwardsPoint.identity.doubled().isIdentity)
        let base = EdwardsAffineCachedPoint.batch([.base])[0]
        #expect(EdwardsPoint.base.subtracting(base).isIdentity)
    }

    @Test("the width-w NAF sums back to k, with odd digits below 2^(w − 1) each followed by w − 1 zeros")
    func nonAdjacentForm() {
        var random = SeededRandomNumberGenerator(seed: 7)
        let order = Ed25519PublicKey.order
        var scalars = [U256.zero, .one, order.subtracting(.one).0, U256(l0: .max, l1: .max, l2: .max, l3: .max >> 3)]
        for _ in 0..<16 { scalars.append(Self.scalar(&random)) }
        for k in scalars {
            for width in [5, 7] {
                let digits = Ed25519PublicKey.nonAdjacentForm(k, width: width)
                #expect(digits.count == 256)
                // Σ dᵢ·2^i from the top, in 256-bit arithmetic (a negative digit subtracts).
                var value = U256.zero
                var lastNonzero = -width
                for index in stride(from: 255, through: 0, by: -1) {
                    value = value.adding(value).0
                    let digit = digits[index]
                    if digit > 0 { value = value.adding(U256(l0: UInt64(digit), l1: 0, l2: 0, l3: 0)).0 }
                    if digit < 0 { value = value.subtracting(U256(l0: UInt64(-Int(digit)), l1: 0, l2: 0, l3: 0)).0 }
                }
                for (index, digit) in digits.enumerated() where digit != 0 {
                    #expect(digit & 1 == 1 && Int(digit.magnitude) < 1 << (width - 1))
                    #expect(index - lastNonzero >= width)
                    lastNonzero = index
                }
                #expect(value == k, "\(k) width \(width)")
            }
        }
    }

    @Test("the base table and a key's table hold (2m + 1)·2^(32j) times their point")
    func tableEntries() {
        var random = SeededRandomNumberGenerator(seed: 64)
        let a = Self.ladder(Self.scalar(&random), .base)
        let table = Ed25519PublicKeyTable(a)
        #expect(table.entries.count == 64 && Ed25519BaseTable.entries.count == 256)
        for row in 0..<8 {
            for m in [0, 1, 7] {
                var k = U256(l0: UInt64(2 * m + 1), l1: 0, l2: 0, l3: 0)
                for _ in 0..<(32 * row) { k = k.adding(k).0 }
                let entry = EdwardsPoint.identity.adding(table.entries[8 * row + m])
                #expect(entry.encoded == Self.ladder(k, a).encoded, "key row \(row), m \(m)")
            }
            for m in [0, 31] {
                var k = U256(l0: UInt64(2 * m + 1), l1: 0, l2: 0, l3: 0)
                for _ in 0..<(32 * row) { k = k.adding(k).0 }
                let entry = EdwardsPoint.identity.adding(Ed25519BaseTable.entries[32 * row + m])
                #expect(entry.encoded == Self.ladder(k, .base).encoded, "base row \(row), m \(m)")
            }
        }
    }

    @Test("[S]B − [k]A equals the ladders' on the key's first use (no table) and after (its table)")
    func combination() throws {
        var random = SeededRandomNumberGenerator(seed: 1_234_567)
        let order = Ed25519PublicKey.order
        for _ in 0..<3 {
            let a = Self.ladder(Self.scalar(&random), .base)
            let key = try Ed25519PublicKey(a.encoded, keyID: nil)
            var pairs = [(U256.zero, U256.zero), (order.subtracting(.one).0, order.subtracting(.one).0), (U256.one, U256.zero)]
            for _ in 0..<3 { pairs.append((Self.scalar(&random), Self.scalar(&random))) }
            // On the rows' edges (a row is 32 NAF digits): 2^(32j) − 1 and 2^(32j).
            var power = U256.one
            for _ in 1..<8 {
                for _ in 0..<32 { power = power.adding(power).0 }
                pairs.append((power.subtracting(.one).0, power))
            }
            for (s, k) in pairs {
                // Uses one and two of a fresh key: without the table, then with the table built.
                let fresh = try Ed25519PublicKey(a.encoded, keyID: nil)
                let expected = Self.reference(s: s, k: k, a).encoded
                #expect(fresh.combination(s: s, k: k).encoded == expected, "no table: \(s) \(k)")
                #expect(fresh.combination(s: s, k: k).encoded == expected, "table: \(s) \(k)")
                #expect(key.combination(s: s, k: k).encoded == expected, "shared key: \(s) \(k)")
            }
        }
    }

    @Test("reduces random 512-bit digests modulo L like bit-by-bit long division")
    func scalarReduction() throws {
        var random = SeededRandomNumberGenerator(seed: 512)
        let order = Ed25519PublicKey.order
        var inputs: [[UInt8]] = [[UInt8](repeating: 0xff, count: 64), [UInt8](repeating: 0, count: 64)]
        for _ in 0..<8 { inputs.append((0..<64).map { _ in UInt8(truncatingIfNeeded: random.next()) }) }
        for bytes in inputs {
            var expected = U256.zero
            for index in stride(from: 511, through: 0, by: -1) {
                expected = expected.adding(expected).0
                if (bytes[index / 8] >> UInt8(index % 8)) & 1 == 1 { expected = expected.adding(.one).0 }
                if !expected.isLess(than: order) { expected = expected.subtracting(order).0 }
            }
            #expect(Ed25519PublicKey.reduced(try SHA512Digest(bytes: bytes)) == expected)
        }
    }
}
