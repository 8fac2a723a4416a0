// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import AuthJWT
import TestVectors
import Testing

@testable import AuthTesting

@Suite("TestRSASigningKey: the test signer's CRT arithmetic against Python's pow() and %")
struct TestRSASigningKeyTests {
    @Test("the sliding-window power equals Python's pow() for zero, short, padded and full-size exponents")
    func windowedPowerMatchesPython() throws {
        let vectors = try RSACRTVectors.load()
        #expect(vectors.powers.count == 96)
        for vector in vectors.powers {
            let context = try #require(MontgomeryModulus(bigEndian: try Vectors.bytes(hex: vector.modulus)))
            let base = MontgomeryModulus.limbs(bigEndian: try Vectors.bytes(hex: vector.base), count: context.limbCount)
            let exponent = try Vectors.bytes(hex: vector.exponent)
            let power = context.windowedPower(base, exponent: exponent)
            #expect(MontgomeryModulus.bigEndianBytes(power, byteCount: 128) == (try Vectors.bytes(hex: vector.power)))
        }
    }

    @Test("the sliding-window and the plain power equal Python's pow() at every window width, for 1 to 64 limbs")
    func powersMatchPythonAtEveryWindowWidth() throws {
        let vectors = try RSAWindowVectors.load()
        #expect(vectors.powers.count == 390)
        var checkedPlain = 0
        for vector in vectors.powers {
            let modulus = try Vectors.bytes(hex: vector.modulus)
            let context = try #require(MontgomeryModulus(bigEndian: modulus))
            let base = MontgomeryModulus.limbs(bigEndian: try Vectors.bytes(hex: vector.base), count: context.limbCount)
            let exponent = try Vectors.bytes(hex: vector.exponent)
            let expected = try Vectors.bytes(hex: vector.power)
            let windowed = context.windowedPower(base, exponent: exponent)
            #expect(MontgomeryModulus.bigEndianBytes(windowed, byteCount: modulus.count) == expected, "windowed, \(vector.exponent)")
            if MontgomeryModulus.bitCount(exponent) <= 80 {  // verification's square-and-multiply; long exponents are the signer's
                let plain = context.power(base, exponent: exponent)
                #expect(MontgomeryModulus.bigEndianBytes(plain, byteCount: modulus.count) == expected, "plain, \(vector.exponent)")
                checkedPlain += 1
            }
        }
        #expect(checkedPlain > 200)
    }

    @Test("a double-length value reduces to Python's remainder, including values at and above R")
    func reductionMatchesPython() throws {
        let vectors = try RSACRTVectors.load()
        #expect(vectors.reductions.count == 16)
        for vector in vectors.reductions {
            let context = try #require(MontgomeryModulus(bigEndian: try Vectors.bytes(hex: vector.modulus)))
            let value = MontgomeryModulus.limbs(bigEndian: try Vectors.bytes(hex: vector.value), count: 2 * context.limbCount)
            let remainder = TestRSASigningKey.reduce(value, by: context)
            #expect(MontgomeryModulus.bigEndianBytes(remainder, byteCount: 128) == (try Vectors.bytes(hex: vector.remainder)))
        }
    }

    @Test("refuses an even prime, primes of different sizes, a short modulus and qInv not below p")
    func refusesInconsistentKeys() throws {
        let vectors = try RSACRTVectors.load()
        let p = try Vectors.bytes(hex: try #require(vectors.powers.first?.modulus))
        let q = try Vectors.bytes(hex: try #require(vectors.powers.last?.modulus))
        let n = [UInt8](repeating: 0xc5, count: 256)
        let one: [UInt8] = [1]
        #expect(TestRSASigningKey(modulus: n, p: p, q: q, dP: one, dQ: one, qInverse: one) != nil)
        var even = p
        even[even.count - 1] &= 0xfe
        #expect(TestRSASigningKey(modulus: n, p: even, q: q, dP: one, dQ: one, qInverse: one) == nil)
        #expect(TestRSASigningKey(modulus: n, p: p, q: Array(q.prefix(64)), dP: one, dQ: one, qInverse: one) == nil)
        #expect(TestRSASigningKey(modulus: Array(n.prefix(61)), p: p, q: q, dP: one, dQ: one, qInverse: one) == nil)
        #expect(TestRSASigningKey(modulus: n, p: p, q: q, dP: one, dQ: one, qInverse: p) == nil)
    }
}
