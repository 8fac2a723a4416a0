// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An odd modulus prepared for Montgomery multiplication, for RSA public-key operations.
///
/// Numbers are little-endian arrays of 64-bit limbs, exactly `limbCount` long. With R = 2^(64·limbCount),
/// `multiply(a, b)` returns a·b·R⁻¹ mod n (the FIPS method of Koç, Acar and Kaliski, "Analyzing and
/// Comparing Montgomery Multiplication Algorithms", 1996; MontgomeryModulus+Columns.swift). It serves
/// verification (public values) and, through its `package` members, AuthTesting's test signer (test keys),
/// so the code is not written to be constant time.
package struct MontgomeryModulus: Sendable {
    /// n, little-endian limbs.
    package let modulus: [UInt64]
    /// −n⁻¹ mod 2^64.
    let inverse: UInt64
    /// R² mod n, to bring numbers into Montgomery form.
    package private(set) var rSquared: [UInt64] = []
    /// n's limbs in reverse order, so that a column's products m[j]·n[i − j] walk both factors upwards
    /// (MontgomeryModulus+Columns.swift, `addProducts`).
    let reversedModulus: [UInt64]

    package var limbCount: Int { modulus.count }

    /// Prepares an odd modulus given as big-endian bytes without leading zeros; nil if it is even or zero.
    package init?(bigEndian bytes: [UInt8]) {
        let limbs = Self.limbs(bigEndian: bytes)
        guard let low = limbs.first, low & 1 == 1 else { return nil }
        modulus = limbs
        reversedModulus = limbs.reversed()
        // Newton's iteration doubles the correct low bits each step: 3 → 6 → 12 → 24 → 48 → 96.
        var x = low
        for _ in 0..<5 { x = x &* (2 &- low &* x) }
        inverse = 0 &- x
        rSquared = computeRSquared()
    }

    /// Little-endian limbs of a big-endian byte string, `count` limbs long (enough for the bytes by default).
    /// Bytes that do not fit in `count` limbs (the most significant) are dropped.
    package static func limbs(bigEndian bytes: [UInt8], count: Int? = nil) -> [UInt64] {
        let limbCount = count ?? max(1, (bytes.count + 7) / 8)
        var limbs = [UInt64](repeating: 0, count: limbCount)
        // Byte i from the end is bits 8·(i mod 8) of limb i / 8: eight bytes per limb, from the last byte back.
        var end = bytes.count
        var limb = 0
        while end > 0, limb < limbCount {
            let start = max(0, end - 8)
            var value: UInt64 = 0
            for index in start..<end { value = value << 8 | UInt64(bytes[index]) }
            limbs[limb] = value
            end = start
            limb += 1
        }
        return limbs
    }

    /// The `byteCount` big-endian bytes of a number held in limbs.
    package static func bigEndianBytes(_ limbs: [UInt64], byteCount: Int) -> [UInt8] {
        (0..<byteCount).reversed().map { index in
            index / 8 < limbs.count ? UInt8(truncatingIfNeeded: limbs[index / 8] >> UInt64(8 * (index % 8))) : 0
        }
    }

    /// Whether a < b, both `limbCount` limbs.
    package static func isLess(_ a: [UInt64], _ b: [UInt64]) -> Bool {
        for index in stride(from: a.count - 1, through: 0, by: -1) where a[index] != b[index] {
            return a[index] < b[index]
        }
        return false
    }

    /// a·b·R⁻¹ mod n, for a, b < n.
    package func multiply(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        let k = limbCount
        var result = [UInt64](repeating: 0, count: k)
        var scratch = [UInt64](repeating: 0, count: k + 2)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                modulus.withUnsafeBufferPointer { n in
                    result.withUnsafeMutableBufferPointer { result in
                        scratch.withUnsafeMutableBufferPointer { scratch in
                            multiply(
                                a.baseAddress!, b.baseAddress!, into: result.baseAddress!,
                                scratch: scratch.baseAddress!, modulus: n.baseAddress!)
                        }
                    }
                }
            }
        }
        return result
    }

    /// base^exponent mod n for base < n, by left-to-right square-and-multiply in Montgomery form, in one
    /// working buffer (no allocation per multiplication). It starts at the exponent's top set bit with the
    /// base itself, so e = 65537 costs 16 squarings and one multiplication, plus the conversion into
    /// Montgomery form. An odd exponent needs no conversion out: its last multiplication takes the base as
    /// it is, and base^(e−1)·R · base · R⁻¹ = base^e (one Montgomery product fewer, ~4% of an RSA-2048
    /// verification).
    package func power(_ base: [UInt64], exponent: [UInt8]) -> [UInt64] {
        let k = limbCount
        var allBits: [Bool] = []
        for byte in exponent {
            for shift in stride(from: 7, through: 0, by: -1) { allBits.append((byte >> UInt8(shift)) & 1 == 1) }
        }
        let bits = allBits.drop { !$0 }
        let storage = UnsafeMutablePointer<UInt64>.allocate(capacity: 4 * k + 1)
        defer { storage.deallocate() }
        storage.initialize(repeating: 0, count: 4 * k + 1)
        let baseMontgomery = storage
        let accumulator = storage + k
        let one = storage + 2 * k
        let scratch = storage + 3 * k  // k + 1 limbs
        one[0] = 1
        guard !bits.isEmpty else {  // base^0 = 1
            return Array(UnsafeBufferPointer(start: one, count: k))
        }
        modulus.withUnsafeBufferPointer { n in
            rSquared.withUnsafeBufferPointer { rSquared in
                base.withUnsafeBufferPointer { base in
                    multiply(base.baseAddress!, rSquared.baseAddress!, into: baseMontgomery, scratch: scratch, modulus: n.baseAddress!)
                }
                accumulator.update(from: baseMontgomery, count: k)  // the top bit
                let rest = bits.dropFirst()
                let isOdd = !rest.isEmpty && rest.last == true
                for (index, bit) in zip(rest.indices, rest) {
                    square(accumulator, into: accumulator, scratch: scratch, modulus: n.baseAddress!)
                    if bit && isOdd && index == rest.indices.last {
                        // The last bit of an odd exponent: times the base itself, which leaves Montgomery form.
                        base.withUnsafeBufferPointer { base in
                            multiply(accumulator, base.baseAddress!, into: accumulator, scratch: scratch, modulus: n.baseAddress!)
                        }
                    } else if bit {
                        multiply(accumulator, baseMontgomery, into: accumulator, scratch: scratch, modulus: n.baseAddress!)
                    }
                }
                if !isOdd {
                    multiply(accumulator, one, into: accumulator, scratch: scratch, modulus: n.baseAddress!)
                }
            }
        }
        return Array(UnsafeBufferPointer(start: accumulator, count: k))
    }

    /// R² mod n: 2^(bits−1) (< n) doubled modulo n up to 2^(j + 64k) = j·R in Montgomery terms, then
    /// Montgomery-squared t times (each squaring doubles j) until j = 64k, where 64k = j·2^t and j is odd.
    private func computeRSquared() -> [UInt64] {
        let k = limbCount
        let bits = 64 * k - modulus[k - 1].leadingZeroBitCount
        let totalBits = 64 * k
        let squarings = totalBits.trailingZeroBitCount
        let start = totalBits >> squarings  // j, odd
        var value = [UInt64](repeating: 0, count: k)
        value[(bits - 1) / 64] = 1 << UInt64((bits - 1) % 64)
        for _ in 0..<(start + totalBits - (bits - 1)) {
            // value = 2·value mod n; value < n before, so at most one subtraction.
            var carry: UInt64 = 0
            for index in 0..<k {
                let next = value[index] >> 63
                value[index] = value[index] << 1 | carry
                carry = next
            }
            value.withUnsafeMutableBufferPointer { value in
                modulus.withUnsafeBufferPointer { n in reduceOnce(value.baseAddress!, carry: carry, modulus: n.baseAddress!, k: k) }
            }
        }
        var montgomery = self
        montgomery.rSquared = []
        for _ in 0..<squarings {
            value = montgomery.multiply(value, value)
        }
        return value
    }
}
