// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT

extension MontgomeryModulus {
    /// base^exponent mod n for base < n, with a sliding window (Menezes, van Oorschot and Vanstone, Handbook
    /// of Applied Cryptography, algorithm 14.85): the odd powers base^1, base^3, …, base^(2^w − 1) precomputed,
    /// then one squaring per exponent bit and one multiplication per window, each window at most w bits and
    /// ending in a set bit. w = 6 for a 1024-bit exponent: 31 + ~146 multiplications besides the 1023
    /// squarings (a fixed 4-bit window needs 14 + ~240). All in one working buffer.
    func windowedPower(_ base: [UInt64], exponent: [UInt8]) -> [UInt64] {
        let k = limbCount
        let bitCount = Self.bitCount(exponent)
        let width = bitCount > 671 ? 6 : bitCount > 239 ? 5 : bitCount > 79 ? 4 : bitCount > 23 ? 3 : bitCount > 5 ? 2 : 1
        let tableCount = 1 << (width - 1)
        let storage = UnsafeMutablePointer<UInt64>.allocate(capacity: (tableCount + 5) * k + 1)
        defer { storage.deallocate() }
        storage.initialize(repeating: 0, count: (tableCount + 5) * k + 1)
        let table = storage  // table + j·k holds base^(2j + 1)·R mod n
        let accumulator = storage + tableCount * k
        let one = accumulator + k
        let baseSquared = one + k
        let scratch = baseSquared + k  // k + 1 limbs
        one[0] = 1
        guard bitCount > 0 else {  // base^0 = 1
            return Array(UnsafeBufferPointer(start: one, count: k))
        }
        modulus.withUnsafeBufferPointer { n in
            let n = n.baseAddress!
            rSquared.withUnsafeBufferPointer { rSquared in
                base.withUnsafeBufferPointer { base in
                    multiply(base.baseAddress!, rSquared.baseAddress!, into: table, scratch: scratch, modulus: n)
                }
            }
            if tableCount > 1 {
                square(table, into: baseSquared, scratch: scratch, modulus: n)
                for index in 1..<tableCount {
                    multiply(table + (index - 1) * k, baseSquared, into: table + index * k, scratch: scratch, modulus: n)
                }
            }
            var started = false
            var top = bitCount - 1  // the highest bit not yet consumed
            while top >= 0 {
                guard Self.bit(top, of: exponent) else {
                    square(accumulator, into: accumulator, scratch: scratch, modulus: n)
                    top -= 1
                    continue
                }
                // The window: bits top…low, at most `width` of them, ending in a set bit.
                var low = max(top - width + 1, 0)
                while !Self.bit(low, of: exponent) { low += 1 }
                var value = 0
                for bit in stride(from: top, through: low, by: -1) {
                    value = value << 1 | (Self.bit(bit, of: exponent) ? 1 : 0)
                }
                let entry = table + (value >> 1) * k
                if started {
                    for _ in low...top { square(accumulator, into: accumulator, scratch: scratch, modulus: n) }
                    multiply(accumulator, entry, into: accumulator, scratch: scratch, modulus: n)
                } else {
                    accumulator.update(from: entry, count: k)
                    started = true
                }
                top = low - 1
            }
            multiply(accumulator, one, into: accumulator, scratch: scratch, modulus: n)
        }
        return Array(UnsafeBufferPointer(start: accumulator, count: k))
    }

    /// The number of significant bits of a big-endian number.
    static func bitCount(_ number: [UInt8]) -> Int {
        guard let top = number.firstIndex(where: { $0 != 0 }) else { return 0 }
        return (number.count - top) * 8 - number[top].leadingZeroBitCount
    }

    /// Bit `index` (0 = least significant) of a big-endian number; `index` below 8·count.
    @inline(__always)
    static func bit(_ index: Int, of number: [UInt8]) -> Bool {
        (number[number.count - 1 - (index >> 3)] >> UInt8(index & 7)) & 1 == 1
    }
}
