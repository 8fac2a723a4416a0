// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// k·G for public k (ECDSA verification's u₁) and test-only keys (the test signer), by a fixed-base comb
/// over affine multiples of the generator G: no doublings, at most 43 mixed additions.
///
/// k is read in 43 signed base-64 digits, k = Σ dᵢ·64^i with dᵢ in [−32, 32] (a digit above 32 borrows
/// from the next), so k·G = Σ dᵢ·(64^i·G) and each term is a table entry, negated for a negative digit.
/// The table holds j·64^i·G for i = 0…42 and j = 1…32, affine, in Montgomery form: 1,376 points (88 KB),
/// built once per process on first use (about 1,400 point additions and one field inversion, a
/// millisecond) and shared by every key, since G is fixed. As in BoringSSL's `ecp_nistz256` (which uses
/// seven-bit windows). Variable time: which entries are read and which additions branch follow k, so k
/// must be public or a test key's.
package enum P256GeneratorTable {
    static let windowBits = 6
    static let windowCount = 43  // ⌈(256 + 1) / 6⌉: the top digit absorbs the last borrow
    static let entriesPerWindow = 32

    /// j·64^i·G at index 32·i + j − 1.
    static let entries: [P256AffinePoint] = {
        var points: [JacobianPoint] = []
        points.reserveCapacity(windowCount * entriesPerWindow)
        var base = P256PublicKey.generator  // 64^i·G
        for _ in 0..<windowCount {
            let twice = base.doubled()
            var multiple = base
            points.append(multiple)
            for j in 2...entriesPerWindow {
                multiple = j == 2 ? twice : multiple.addingVartime(base)
                points.append(multiple)
            }
            base = multiple.doubled()  // 64·64^i·G
        }
        // None is at infinity: j·64^i is never a multiple of the prime n (j ≤ 32, and 64^i is a power of 2).
        return P256AffinePoint.batchNormalizedVartime(points) ?? []
    }()

    /// The signed base-64 digits of k < 2²⁵⁶, least significant first, each in [−32, 32].
    static func signedDigits(_ k: U256) -> [Int8] {
        var digits = [Int8](repeating: 0, count: windowCount)
        var carry = 0
        for window in 0..<windowCount {
            var digit = k.bitsVartime(at: windowBits * window, count: windowBits) + carry
            carry = digit > 32 ? 1 : 0
            digit -= carry << windowBits
            digits[window] = Int8(digit)
        }
        return digits
    }

    /// accumulator + k·G, one mixed addition per nonzero digit of k.
    package static func addingMultipleVartime(_ k: U256, to accumulator: JacobianPoint) -> JacobianPoint {
        let table = entries
        var sum = accumulator
        for (window, digit) in signedDigits(k).enumerated() where digit != 0 {
            let entry = table[entriesPerWindow * window + Int(digit.magnitude) - 1]
            sum = sum.addingVartime(digit > 0 ? entry : entry.negated)
        }
        return sum
    }
}

extension U256 {
    /// `count` (1…32) bits from bit `index` up, as an integer; bits at 256 and above read as zero.
    /// Variable time: `index` chooses the limbs read.
    func bitsVartime(at index: Int, count: Int) -> Int {
        guard index < 256 else { return 0 }
        let limb = index >> 6
        let shift = index & 63
        var value = self.limb(limb) >> UInt64(shift)
        if shift + count > 64, limb < 3 { value |= self.limb(limb + 1) << UInt64(64 - shift) }
        return Int(value & ((1 << UInt64(count)) - 1))
    }

    /// Limb `index` (0 = least significant), 0…3.
    @inline(__always)
    func limb(_ index: Int) -> UInt64 {
        switch index {
        case 0: return l0
        case 1: return l1
        case 2: return l2
        default: return l3
        }
    }
}
