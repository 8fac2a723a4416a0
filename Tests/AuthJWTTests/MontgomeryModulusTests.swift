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
        for (index, value) in Self.testValues(context, count: 40, seed: UInt64(bits)).enumerated() {
            #expect(MontgomeryModulus.isLess(value, n), "value \(index)")
            let product = context.multiply(value, value)
            let squared = Self.square(context, value)
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

    /// The values the product tests run on: 0, 1, n − 1, R² mod n, `count` seeded random values below n, and
    /// two carry-heavy patterns (runs of all-ones limbs, alternating all-ones and zero limbs).
    static func testValues(_ context: MontgomeryModulus, count: Int, seed: UInt64) -> [[UInt64]] {
        let n = context.modulus
        var nMinusOne = n
        nMinusOne[0] -= 1  // n is odd
        var one = [UInt64](repeating: 0, count: n.count)
        one[0] = 1
        var values = [[UInt64](repeating: 0, count: n.count), one, nMinusOne, context.rSquared]
        var generator = SeededRandomNumberGenerator(seed: seed)
        for _ in 0..<count { values.append(randomBelow(n, using: &generator)) }
        values.append(n.indices.map { $0 < n.count - 1 ? UInt64.max : n[n.count - 1] - 1 })
        values.append(n.indices.map { $0 % 2 == 0 ? UInt64.max : 0 })
        return values
    }

    /// a·b·R⁻¹ mod n by the textbook word-by-word Montgomery reduction (CIOS: one row of a[i]·b, then one row
    /// of m·n, then a shift, with a carry word per product), an algorithm independent of the column code.
    static func referenceProduct(_ a: [UInt64], _ b: [UInt64], modulus n: [UInt64], inverse: UInt64) -> [UInt64] {
        let k = n.count
        var t = [UInt64](repeating: 0, count: k + 2)
        func addRow(_ factor: UInt64, _ y: [UInt64]) {
            var carry: UInt64 = 0
            for j in 0..<k {
                let (high, low) = factor.multipliedFullWidth(by: y[j])
                let (sum1, carry1) = t[j].addingReportingOverflow(low)
                let (sum2, carry2) = sum1.addingReportingOverflow(carry)
                t[j] = sum2
                carry = high + (carry1 ? 1 : 0) + (carry2 ? 1 : 0)  // high ≤ 2^64 − 2
            }
            let (top, overflow) = t[k].addingReportingOverflow(carry)
            t[k] = top
            t[k + 1] += overflow ? 1 : 0
        }
        for i in 0..<k {
            addRow(a[i], b)
            addRow(t[0] &* inverse, n)  // clears t[0]
            t.removeFirst()
            t.append(0)
        }
        var isAtLeastN = t[k] != 0
        if !isAtLeastN {
            isAtLeastN = true
            for index in stride(from: k - 1, through: 0, by: -1) where t[index] != n[index] {
                isAtLeastN = t[index] > n[index]
                break
            }
        }
        if isAtLeastN {
            var borrow = false
            for j in 0..<k {
                let (difference1, borrow1) = t[j].subtractingReportingOverflow(n[j])
                let (difference2, borrow2) = difference1.subtractingReportingOverflow(borrow ? 1 : 0)
                t[j] = difference2
                borrow = borrow1 || borrow2
            }
        }
        return Array(t[0..<k])
    }

    /// `square` of a value through the pointer API.
    static func square(_ context: MontgomeryModulus, _ value: [UInt64]) -> [UInt64] {
        var squared = [UInt64](repeating: 0, count: value.count)
        var scratch = [UInt64](repeating: 0, count: value.count + 2)
        value.withUnsafeBufferPointer { value in
            context.modulus.withUnsafeBufferPointer { n in
                squared.withUnsafeMutableBufferPointer { squared in
                    scratch.withUnsafeMutableBufferPointer { scratch in
                        context.square(
                            value.baseAddress!, into: squared.baseAddress!, scratch: scratch.baseAddress!, modulus: n.baseAddress!)
                    }
                }
            }
        }
        return squared
    }

    @Test(
        "products and squares equal a textbook word-by-word Montgomery reduction for 2048-, 3072- and 4096-bit moduli",
        arguments: [2048, 3072, 4096])
    func productsMatchReference(bits: Int) throws {
        let bytes = try #require(try Self.nistModuli()[bits])
        let context = try #require(MontgomeryModulus(bigEndian: bytes))
        #expect(context.modulus[0] &* context.inverse == UInt64.max)  // −n⁻¹ mod 2^64
        let values = Self.testValues(context, count: 24, seed: UInt64(bits) &+ 1)
        for (index, a) in values.enumerated() {
            let b = values[(index * 7 + 3) % values.count]
            let expected = Self.referenceProduct(a, b, modulus: context.modulus, inverse: context.inverse)
            #expect(context.multiply(a, b) == expected, "values \(index), \((index * 7 + 3) % values.count), \(bits)-bit")
            let expectedSquare = Self.referenceProduct(a, a, modulus: context.modulus, inverse: context.inverse)
            #expect(Self.square(context, a) == expectedSquare, "value \(index), \(bits)-bit")
        }
    }
}
