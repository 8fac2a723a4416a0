// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthTesting
import Testing

@testable import AuthJWT

@Suite("P-256 verification arithmetic: the comb of G, the NAF of Q, their sum")
struct P256GeneratorTableTests {
    static let n = P256PublicKey.scalars.modulus

    static func scalar(_ value: UInt64) -> U256 { U256(l0: value, l1: 0, l2: 0, l3: 0) }

    /// Scalars whose digits sit on the edges: 0, 1, exactly 32 and 33 in a digit (a borrow), all 63s (a
    /// borrow through every window), n − 1, n − 2, 2²⁵⁵, the top window alone, and seeded random ones.
    static var scalars: [U256] {
        var values: [U256] = [
            .zero, .one, scalar(2), scalar(15), scalar(16), scalar(17), scalar(31), scalar(32), scalar(33), scalar(63),
            scalar(64), scalar(0x2020_2020_2020_2020), scalar(0x8208_2082_0820_8208),
            U256(l0: .max, l1: .max, l2: .max, l3: 0x0fff_ffff_ffff_ffff), n.subtracting(.one).0,
            n.subtracting(scalar(2)).0, n.subtracting(scalar(32)).0, U256(l0: 0, l1: 0, l2: 0, l3: 1 << 63),
            U256(l0: 0, l1: 0, l2: 0, l3: 0xf000_0000_0000_0000),
        ]
        var generator = SeededRandomNumberGenerator(seed: 6)
        while values.count < 40 {
            let value = U256(l0: generator.next(), l1: generator.next(), l2: generator.next(), l3: generator.next())
            if value.isLess(than: n) { values.append(value) }
        }
        return values
    }

    /// k·P by the constant-time ladder of the signing code, an independent implementation (complete
    /// projective formulas, no table).
    static func ladderPoint(_ k: U256, _ point: JacobianPoint = P256PublicKey.generator) -> P256ProjectivePoint {
        P256ProjectivePoint(x: point.x, y: point.y, z: point.z).multiplied(by: k)
    }

    /// ``ladderPoint(_:_:)`` as plain affine coordinates; nil at infinity.
    static func ladder(_ k: U256, _ point: JacobianPoint = P256PublicKey.generator) -> (x: U256, y: U256)? {
        ladderPoint(k, point).affine()
    }

    /// The affine coordinates of a Jacobian point, plain; nil at infinity.
    static func affine(_ point: JacobianPoint) -> (x: U256, y: U256)? {
        guard !point.isInfinity else { return nil }
        let field = P256PublicKey.field
        let zInverse = field.invert(point.z)
        let zInverseSquared = field.square(zInverse)
        return (
            field.fromMontgomery(field.multiply(point.x, zInverseSquared)),
            field.fromMontgomery(field.multiply(point.y, field.multiply(zInverseSquared, zInverse)))
        )
    }

    static func same(_ a: (x: U256, y: U256)?, _ b: (x: U256, y: U256)?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?): return a.x == b.x && a.y == b.y
        default: return false
        }
    }

    /// A public key other than G, from the RFC 7517 Appendix A.1 example.
    static let keyX: [UInt8] = [
        0x30, 0xa0, 0x42, 0x4c, 0xd2, 0x1c, 0x29, 0x44, 0x83, 0x8a, 0x2d, 0x75, 0xc9, 0x2b, 0x37, 0xe7,
        0x6e, 0xa2, 0x0d, 0x9f, 0x00, 0x89, 0x3a, 0x3b, 0x4e, 0xee, 0x8a, 0x3c, 0x0a, 0xaf, 0xec, 0x3e,
    ]
    static let keyY: [UInt8] = [
        0xe0, 0x4b, 0x65, 0xe9, 0x24, 0x56, 0xd9, 0x88, 0x8b, 0x52, 0xb3, 0x79, 0xbd, 0xfb, 0xd5, 0x1e,
        0xe8, 0x69, 0xef, 0x1f, 0x0f, 0xc6, 0x5b, 0x66, 0x59, 0x69, 0x5b, 0x6c, 0xce, 0x08, 0x17, 0x23,
    ]
    static let key: P256PublicKey? = try? P256PublicKey(x: keyX, y: keyY, keyID: nil)

    @Test("the table holds j·64^i·G: its entries equal the ladder's multiples")
    func tableEntries() {
        let table = P256GeneratorTable.entries
        #expect(table.count == 43 * 32)
        func entry(_ window: Int, _ j: Int) -> JacobianPoint { JacobianPoint(table[32 * window + j - 1]) }
        // j·2^(6i) below 2²⁵⁶, computed by doublings of j.
        for (window, j) in [(0, 1), (0, 2), (0, 3), (0, 32), (1, 1), (1, 17), (21, 5), (41, 32), (42, 1), (42, 15)] {
            var k = Self.scalar(UInt64(j))
            for _ in 0..<(6 * window) { k = k.adding(k).0 }
            let expected = Self.ladder(k.isLess(than: Self.n) ? k : k.subtracting(Self.n).0)
            #expect(Self.same(Self.affine(entry(window, j)), expected), "window \(window), j \(j)")
        }
        // The last window's entries past 2²⁵⁶, as sums of checked ones.
        let sixteen = entry(42, 1).addingVartime(entry(42, 15))
        #expect(Self.same(Self.affine(entry(42, 16)), Self.affine(sixteen)))
        #expect(Self.same(Self.affine(entry(42, 32)), Self.affine(sixteen.doubled())))
    }

    @Test("signed base-64 digits lie in [−32, 32] and give k back")
    func signedDigits() {
        for k in Self.scalars {
            let digits = P256GeneratorTable.signedDigits(k)
            #expect(digits.count == 43)
            #expect(digits.allSatisfy { (-32...32).contains($0) })
            // Σ dᵢ·64^i from the top digit down, modulo 2²⁵⁶ (k < 2²⁵⁶, so that is k itself).
            var total = U256.zero
            for digit in digits.reversed() {
                for _ in 0..<6 { total = total.adding(total).0 }
                let magnitude = Self.scalar(UInt64(digit.magnitude))
                total = digit >= 0 ? total.adding(magnitude).0 : total.subtracting(magnitude).0
            }
            #expect(total == k, "\(k)")
        }
    }

    @Test("k·G by the comb equals the ladder's k·G, at infinity for 0")
    func comb() {
        for k in Self.scalars {
            let comb = P256GeneratorTable.addingMultipleVartime(k, to: .infinity)
            #expect(Self.same(Self.affine(comb), Self.ladder(k)), "\(k)")
        }
    }

    @Test("the width-5 NAF has odd digits in [−15, 15], four zeros after each, and gives k·Q as the ladder does")
    func nonAdjacentForm() throws {
        let key = try #require(Self.key)
        for k in Self.scalars {
            let digits = P256PublicKey.nonAdjacentForm(k)
            #expect(digits.count == 257)
            for (index, digit) in digits.enumerated() where digit != 0 {
                #expect(digit % 2 != 0 && (-15...15).contains(digit), "\(k) digit \(index)")
                #expect(digits[(index + 1)..<min(index + 5, 257)].allSatisfy { $0 == 0 }, "\(k) digit \(index)")
            }
            #expect(Self.same(Self.affine(key.multipleVartime(k)), Self.ladder(k, key.point)), "\(k)")
        }
    }

    @Test("u1·G + u2·Q equals the ladder's sum, through infinity and doublings in the middle of the sum")
    func linearCombination() throws {
        let key = try #require(Self.key)
        let g = try P256PublicKey(
            x: MontgomeryModulus.bigEndianBytes(P256PublicKey.field.fromMontgomery(P256PublicKey.generator.x).limbs, byteCount: 32),
            y: MontgomeryModulus.bigEndianBytes(P256PublicKey.field.fromMontgomery(P256PublicKey.generator.y).limbs, byteCount: 32),
            keyID: nil)
        let minusOne = Self.n.subtracting(.one).0
        // With Q = G: u2·G first, then the comb's terms. 63 = 64 − 1: G + (−G) is infinity after the first
        // term, then 64·G is added to infinity; 1 + 1: G + G is a doubling inside a mixed addition;
        // n − 1 + 1 ends at infinity; 0 + 5: no comb term at all.
        let cases: [(u1: U256, u2: U256)] = [
            (Self.scalar(63), .one), (.one, .one), (minusOne, .one), (.zero, Self.scalar(5)),
            (Self.scalar(5), Self.n.subtracting(Self.scalar(5)).0), (Self.scalar(64 * 64 - 1), .one),
            (minusOne, minusOne), (Self.n.subtracting(Self.scalar(2)).0, Self.n.subtracting(Self.scalar(2)).0),
        ]
        for (u1, u2) in cases {
            let sum = g.linearCombinationVartime(u1, u2)
            let (total, carry) = u1.adding(u2)
            let k = carry || !total.isLess(than: Self.n) ? total.subtracting(Self.n).0 : total
            #expect(Self.same(Self.affine(sum), Self.ladder(k)), "u1 \(u1), u2 \(u2)")
        }
        #expect(g.linearCombinationVartime(minusOne, .one).isInfinity)
        // Another Q, random scalars: u1·G + u2·Q against the ladder's two products, added by the complete formula.
        for (u1, u2) in zip(Self.scalars, Self.scalars.reversed()) {
            let expected = Self.ladderPoint(u1).adding(Self.ladderPoint(u2, key.point)).affine()
            #expect(Self.same(Self.affine(key.linearCombinationVartime(u1, u2)), expected), "u1 \(u1), u2 \(u2)")
        }
    }
}
