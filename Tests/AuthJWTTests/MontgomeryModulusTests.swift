// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthTesting
import TestVectors
import Testing

@testable import AuthJWT

@Suite("MontgomeryModulus: the RSA Montgomery products")
struct MontgomeryModulusTests {
    /// The distinct moduli of NIST CAVP SigVer15_186-3.rsp (real RSA moduli), by bit size.
    static func nistModuli() throws -> [Int: [UInt8]] {
        var moduli: [Int: [UInt8]] = [:]
        for record in try Vectors.nistRecords("NIST/SigVer15_186-3.rsp") {
            guard let n = record["n"] else { continue }
            let modulus = Array(try Vectors.bytes(hex: n).drop { $0 == 0 })
            moduli[modulus.count * 8] = modulus
        }
        return moduli
    }

    /// A value below n: random limbs with the top limb cleared below n's (so < n), seeded.
    static func randomBelow(_ modulus: [UInt64], using generator: inout SeededRandomNumberGenerator) -> [UInt64] {
        var value = modulus.map { _ in generator.next() }
        value[value.count - 1] = generator.next() % modulus[modulus.count - 1]
        return value
    }

    @Test(
        "squaring equals the product of a value with itself for 2048-, 3072- and 4096-bit moduli, on random values and 0, 1, n − 1",
        arguments: [2048, 3072, 4096])
    func squareMatchesMultiply(bits: Int) throws {
        let bytes = try #require(try Self.nistModuli()[bits])
        let context = try #require(MontgomeryModulus(bigEndian: bytes))
        #expect(context.limbCount == bits / 64)
        let n = context.modulus
        var nMinusOne = n
        nMinusOne[0] -= 1  // n is odd
        var one = [UInt64](repeating: 0, count: n.count)
        one[0] = 1
        var values = [[UInt64](repeating: 0, count: n.count), one, nMinusOne, context.rSquared]
        var generator = SeededRandomNumberGenerator(seed: UInt64(bits))
        for _ in 0..<40 { values.append(Self.randomBelow(n, using: &generator)) }
        // Values with runs of all-ones and all-zero limbs, where carries ripple furthest.
        values.append(n.indices.map { $0 < n.count - 1 ? UInt64.max : n[n.count - 1] - 1 })
        values.append(n.indices.map { $0 % 2 == 0 ? UInt64.max : 0 })
        for (index, value) in values.enumerated() {
            #expect(MontgomeryModulus.isLess(value, n), "value \(index)")
            let product = context.multiply(value, value)
            var squared = [UInt64](repeating: 0, count: n.count)
            var scratch = [UInt64](repeating: 0, count: n.count + 2)
            value.withUnsafeBufferPointer { value in
                n.withUnsafeBufferPointer { n in
                    squared.withUnsafeMutableBufferPointer { squared in
                        scratch.withUnsafeMutableBufferPointer { scratch in
                            context.square(
                                value.baseAddress!, into: squared.baseAddress!, scratch: scratch.baseAddress!,
                                modulus: n.baseAddress!)
                        }
                    }
                }
            }
            #expect(squared == product, "value \(index), \(bits)-bit")
            #expect(MontgomeryModulus.isLess(squared, n), "value \(index), \(bits)-bit: not reduced")
        }
    }

    @Test("n − 1 squares to 1 and to an odd power gives n − 1, answers known without this code", arguments: [2048, 3072, 4096])
    func squareOfMinusOne(bits: Int) throws {
        // (n − 1)² = 1 mod n, so in Montgomery terms: toMontgomery(n − 1) squared is toMontgomery(1), and leaving
        // Montgomery form (times 1) gives 1: an answer known without this code.
        let bytes = try #require(try Self.nistModuli()[bits])
        let context = try #require(MontgomeryModulus(bigEndian: bytes))
        var nMinusOne = context.modulus
        nMinusOne[0] -= 1
        let montgomery = context.multiply(nMinusOne, context.rSquared)
        var one = [UInt64](repeating: 0, count: context.limbCount)
        one[0] = 1
        #expect(context.multiply(context.multiply(montgomery, montgomery), one) == one)
        #expect(context.power(nMinusOne, exponent: [0x01, 0x00, 0x01]) == nMinusOne)  // odd power of −1
        #expect(context.power(nMinusOne, exponent: [0x02]) == one)
    }
}
