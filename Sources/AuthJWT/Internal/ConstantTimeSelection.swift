// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A flag as a word, 0 or 1, for arithmetic on carries and masks instead of branches.
///
/// The flag's byte is reinterpreted (a `Bool` is stored as 0 or 1), not chosen by `flag ? 1 : 0`: the
/// optimiser threads the code that uses such a choice into two copies, one per value, behind a conditional
/// jump on the flag. With carries that put data-dependent jumps in every field addition (measured: a
/// dudect t of −67 on ES256 signing); reinterpreted, the carries compile to `adc`/`sbb` chains.
@inline(__always)
func word(_ flag: Bool) -> UInt64 { UInt64(unsafeBitCast(flag, to: UInt8.self)) }

/// `value` unchanged, through a call the optimiser may not look into (`@_optimize(none)`, never
/// inlined): what comes out is unknown to it, so it cannot reason backwards from a test of the result —
/// say, turn a borrow chain whose only use is an early return into a compare-and-jump on the top limb.
/// Used where a secret-derived word decides a branch whose outcome is public anyway (a nonce or key out
/// of range), so only the final word is branched on. Costs a call; not for inner loops.
@inline(never)
@_optimize(none)
func valueBarrier(_ value: UInt64) -> UInt64 { value }

extension U256 {
    /// All ones when 1 ≤ self < `bound`, else zero: one borrow chain and a zero test, behind
    /// ``valueBarrier(_:)``. For the range checks of private keys and nonces.
    func inRangeMask(below bound: U256) -> UInt64 {
        let (_, borrow) = subtracting(bound)
        return valueBarrier(~zeroMask & (0 &- word(borrow)))
    }

    /// `other` where `mask` is all ones, `self` where it is zero: x ^ ((x ^ y) & mask) per limb, so the
    /// choice makes no branch and reads no memory that depends on it.
    @inline(__always)
    func selecting(_ other: U256, mask: UInt64) -> U256 {
        U256(
            l0: l0 ^ ((l0 ^ other.l0) & mask), l1: l1 ^ ((l1 ^ other.l1) & mask),
            l2: l2 ^ ((l2 ^ other.l2) & mask), l3: l3 ^ ((l3 ^ other.l3) & mask))
    }

    /// Bit `index` as a word, 0 or 1; `index` is public (a loop counter), the bit may be secret.
    @inline(__always)
    func bitWord(_ index: Int) -> UInt64 {
        let shift = UInt64(index & 63)
        switch index >> 6 {
        case 0: return (l0 >> shift) & 1
        case 1: return (l1 >> shift) & 1
        case 2: return (l2 >> shift) & 1
        default: return (l3 >> shift) & 1
        }
    }

    /// All ones when the value is zero, else zero, without a branch.
    var zeroMask: UInt64 {
        let any = l0 | l1 | l2 | l3
        // (any | −any) has its top bit set exactly when any ≠ 0.
        return ((any | (0 &- any)) >> 63) &- 1
    }

    /// self mod m for self < 2m (a hash or an x-coordinate reduced modulo n), without a branch.
    func reducedOnce(modulo modulus: U256) -> U256 {
        let (reduced, borrow) = subtracting(modulus)
        return selecting(reduced, mask: 0 &- (1 &- word(borrow)))
    }
}
