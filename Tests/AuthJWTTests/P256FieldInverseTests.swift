// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthTesting
import TestVectors
import Testing

@testable import AuthJWT

@Suite("P-256 variable-time inverse: binary extended Euclid modulo p and n")
struct P256FieldInverseTests {
    static let fields = [("p", P256PublicKey.field), ("n", P256PublicKey.scalars)]

    /// 1, 2, 3, m − 1, m − 2, 2²⁵⁵, 2⁶⁴ − 1 and seeded random values below m.
    static func values(below modulus: U256) -> [U256] {
        var values: [U256] = [
            .one, U256(l0: 2, l1: 0, l2: 0, l3: 0), U256(l0: 3, l1: 0, l2: 0, l3: 0), modulus.subtracting(.one).0,
            modulus.subtracting(U256(l0: 2, l1: 0, l2: 0, l3: 0)).0, U256(l0: 0, l1: 0, l2: 0, l3: 1 << 63),
            U256(l0: .max, l1: 0, l2: 0, l3: 0),
        ]
        var generator = SeededRandomNumberGenerator(seed: 20)
        while values.count < 60 {
            let value = U256(l0: generator.next(), l1: generator.next(), l2: generator.next(), l3: generator.next())
            if !value.isZero, value.isLess(than: modulus) { values.append(value) }
        }
        return values
    }

    @Test("a · a⁻¹ = 1, and a⁻¹ equals Fermat's a^(m−2)")
    func inverse() {
        for (name, field) in Self.fields {
            for a in Self.values(below: field.modulus) {
                let inverse = field.invertVartime(a)
                #expect(inverse.isLess(than: field.modulus), "\(name): \(a)")
                // a·a⁻¹·R⁻¹ then ·R² ·R⁻¹: the plain product a·a⁻¹ mod m.
                let product = field.toMontgomery(field.multiply(a, inverse))
                #expect(product == .one, "\(name): \(a)")
                let fermat = field.fromMontgomery(field.invert(field.toMontgomery(a)))
                #expect(inverse == fermat, "\(name): \(a)")
            }
        }
    }

    @Test("zero, m and values above m map to zero within seconds, never spinning (modulo p and n)")
    func outOfRange() async {
        for (name, field) in Self.fields {
            let twoToThe256MinusOne = U256(l0: .max, l1: .max, l2: .max, l3: .max)
            // On a thread of its own: an inverse that loops fails here instead of hanging the run.
            let inverses = await finishesOnItsOwnThread(within: 20) {
                [field.invertVartime(.zero), field.invertVartime(field.modulus), field.invertVartime(twoToThe256MinusOne)]
            }
            #expect(inverses == [.zero, .zero, .zero], "\(name)")
        }
    }
}
