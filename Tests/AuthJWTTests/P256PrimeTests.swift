// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthTesting
import Testing

@testable import AuthJWT

@Suite("P256Prime: arithmetic modulo the P-256 prime with its special reduction")
struct P256PrimeTests {
    static let p = P256Prime.modulus
    static let generic = P256PublicKey.field

    /// Values below p where carries and the final subtraction are most likely to go wrong: 0, 1, p − 1,
    /// p − 2, limbs of all ones, R mod p, powers of two at limb edges, p's own pieces.
    static let edges: [U256] = [
        .zero, .one, U256(l0: 2, l1: 0, l2: 0, l3: 0),
        p.subtracting(.one).0, p.subtracting(U256(l0: 2, l1: 0, l2: 0, l3: 0)).0,
        U256(l0: .max, l1: .max, l2: .max, l3: 0xffff_ffff_0000_0000),
        U256(l0: .max, l1: 0, l2: 0, l3: 0), U256(l0: 0, l1: .max, l2: 0, l3: 0), U256(l0: 0, l1: 0, l2: .max, l3: 0),
        U256(l0: 0, l1: 0, l2: 0, l3: 1 << 63), U256(l0: 1 << 63, l1: 1 << 63, l2: 1 << 63, l3: 1 << 63),
        U256(l0: 0, l1: 0x0000_0001_0000_0000, l2: 0, l3: 0), P256Prime.one, P256Prime.rSquared,
        U256(l0: 0xffff_ffff_ffff_ffff, l1: 0x0000_0000_ffff_ffff, l2: 0, l3: 0),
        U256(l0: 0, l1: 0, l2: 0, l3: 0xffff_ffff_0000_0000),
    ]

    /// Seeded pseudo-random values below p (the top limb masked, so about half are near 2²⁵⁶).
    static func randomValues(count: Int, seed: UInt64) -> [U256] {
        var generator = SeededRandomNumberGenerator(seed: seed)
        var values: [U256] = []
        while values.count < count {
            let value = U256(l0: generator.next(), l1: generator.next(), l2: generator.next(), l3: generator.next())
            if value.isLess(than: p) { values.append(value) }
        }
        return values
    }

    @Test("products and squares equal the generic FIOS Montgomery product for edge and random values")
    func multiplyMatchesGeneric() {
        let values = Self.edges + Self.randomValues(count: 48, seed: 256)
        for a in values {
            #expect(P256Prime.square(a) == Self.generic.multiplyGeneric(a, a), "\(a)")
            for b in values {
                #expect(P256Prime.multiply(a, b) == Self.generic.multiplyGeneric(a, b), "\(a) · \(b)")
            }
        }
    }

    @Test("results are fully reduced: below p, and Montgomery form round-trips")
    func reduced() {
        for a in Self.edges + Self.randomValues(count: 64, seed: 7) {
            let montgomery = P256Prime.toMontgomery(a)
            #expect(montgomery.isLess(than: Self.p))
            #expect(P256Prime.fromMontgomery(montgomery) == a)
            #expect(P256Prime.square(a).isLess(than: Self.p))
            #expect(P256Prime.add(a, Self.p.subtracting(.one).0).isLess(than: Self.p))
            #expect(P256Prime.subtract(.zero, a) == Self.generic.subtract(.zero, a))
            #expect(P256Prime.add(P256Prime.negate(a), a) == .zero)
        }
        #expect(P256Prime.toMontgomery(.one) == P256Prime.one)
        #expect(Self.generic.toMontgomery(.one) == P256Prime.one)
        #expect(Self.generic.rSquared == P256Prime.rSquared)
        #expect(Self.generic.isP256Prime && !P256PublicKey.scalars.isP256Prime)
    }

    @Test("the sliding-window inversion gives a·a⁻¹ = 1 modulo p and modulo n, and 0 for 0")
    func inversion() {
        for field in [P256PublicKey.field, P256PublicKey.scalars] {
            for a in Self.edges + Self.randomValues(count: 16, seed: 99) where a.isLess(than: field.modulus) && !a.isZero {
                let montgomery = field.toMontgomery(a)
                #expect(field.fromMontgomery(field.multiply(field.invert(montgomery), montgomery)) == .one, "\(a)")
            }
            #expect(field.invert(.zero) == .zero)
        }
    }

    @Test("a power by the sliding window equals a power bit by bit, for exponents with long runs and gaps")
    func power() {
        let field = P256PublicKey.scalars
        let a = field.toMontgomery(U256(l0: 0x1234_5678_9abc_def1, l1: 3, l2: 0, l3: 0x0fff_ffff_0000_0001))
        let exponents: [U256] = [
            .zero, .one, U256(l0: 2, l1: 0, l2: 0, l3: 0), U256(l0: 31, l1: 0, l2: 0, l3: 0), U256(l0: 33, l1: 0, l2: 0, l3: 0),
            U256(l0: 0x8000_0000_0000_0001, l1: 0, l2: 0, l3: 1 << 63), U256(l0: .max, l1: .max, l2: .max, l3: .max),
            field.modulus.subtracting(U256(l0: 2, l1: 0, l2: 0, l3: 0)).0, P256PublicKey.field.modulus,
        ]
        for exponent in exponents {
            var expected = field.toMontgomery(.one)
            for index in stride(from: 255, through: 0, by: -1) {
                expected = field.multiplyGeneric(expected, expected)
                if exponent.bit(index) { expected = field.multiplyGeneric(expected, a) }
            }
            #expect(field.power(a, exponent) == expected, "\(exponent)")
        }
    }
}
