// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthTesting
import TestVectors
import Testing

@testable import AuthJWT

@Suite("P256GeneratorComb: k·G for signing from a constant-time comb")
struct P256GeneratorCombTests {
    /// G and p from FIPS 186-4 Appendix D.1.2.3.
    static let gx = U256(hex: "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296")
    static let gy = U256(hex: "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")
    static let p = U256(hex: "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
    static let n = U256(hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")

    @Test("1·G is G and (n − 1)·G is −G = (Gx, p − Gy), FIPS 186-4 D.1.2.3; n·G is the point at infinity")
    func generatorAndItsNegation() throws {
        let one = try #require(P256GeneratorComb.multiply(.one).affine())
        #expect(one.x == Self.gx && one.y == Self.gy)
        let minusOne = try #require(P256GeneratorComb.multiply(Self.n.subtracting(.one).0).affine())
        #expect(minusOne.x == Self.gx && minusOne.y == Self.p.subtracting(Self.gy).0)
        #expect(P256GeneratorComb.multiply(Self.n).affine() == nil)
        #expect(P256GeneratorComb.multiply(.zero).affine() == nil)
    }

    @Test("the comb and the Montgomery ladder agree on zero digits, full digits, every window and random scalars")
    func agreesWithTheLadder() throws {
        var scalars: [U256] = [
            U256(l0: 2, l1: 0, l2: 0, l3: 0), U256(l0: 15, l1: 0, l2: 0, l3: 0), U256(l0: 16, l1: 0, l2: 0, l3: 0),
            U256(l0: 17, l1: 0, l2: 0, l3: 0), U256(l0: .max, l1: .max, l2: .max, l3: .max),
            U256(l0: 0x1111_1111_1111_1111, l1: 0xf0f0_f0f0_f0f0_f0f0, l2: 0, l3: 0x8000_0000_0000_0000),
            Self.n.subtracting(U256(l0: 2, l1: 0, l2: 0, l3: 0)).0,
        ]
        // One digit j in window i, for every window and a few digits.
        for window in 0..<64 {
            let j = UInt64(1 + window % 15) << UInt64(4 * (window % 16))
            let limbs: [UInt64] = (0..<4).map { $0 == window / 16 ? j : 0 }
            scalars.append(U256(limbs: limbs))
        }
        var generator = SeededRandomNumberGenerator(seed: 6)
        for _ in 0..<16 {
            scalars.append(U256(l0: generator.next(), l1: generator.next(), l2: generator.next(), l3: generator.next()))
        }
        for scalar in scalars {
            let comb = P256GeneratorComb.multiply(scalar).affine()
            let ladder = P256ProjectivePoint.generator.multiplied(by: scalar).affine()
            #expect(comb?.x == ladder?.x && comb?.y == ladder?.y, "\(scalar.limbs)")
        }
    }
}
