// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Comparison of secret byte strings whose running time does not depend on their contents.
///
/// Use it wherever one side is secret and the other comes from outside: a MAC or signature, an OAuth
/// `state`, a PKCE verifier. An ordinary `==` stops at the first differing byte, and that timing tells
/// an attacker how many leading bytes were right.
///
/// ```swift
/// if ConstantTime.isEqual(receivedState.utf8, expectedState.utf8) { … }
/// ```
public enum ConstantTime {
    /// Returns whether `lhs` and `rhs` hold the same bytes.
    ///
    /// Every byte of the longer sequence is visited whatever the contents, so the time depends only on
    /// the lengths. The lengths themselves are not hidden: sequences of different lengths are unequal.
    /// Contiguous inputs (arrays, native strings' `utf8`) take a loop over the two buffers; others are read
    /// through their iterators. Both read every byte of the longer input.
    @inlinable
    public static func isEqual(_ lhs: some Sequence<UInt8>, _ rhs: some Sequence<UInt8>) -> Bool {
        let contiguous = lhs.withContiguousStorageIfAvailable { left in
            rhs.withContiguousStorageIfAvailable { right in isEqual(buffer: left, right) }
        }
        if let contiguous, let result = contiguous { return result }
        var left = lhs.makeIterator()
        var right = rhs.makeIterator()
        var difference: UInt8 = 0
        var lengthsDiffer = false
        while true {
            let l = left.next()
            let r = right.next()
            if l == nil && r == nil { break }
            lengthsDiffer = lengthsDiffer || (l == nil) != (r == nil)
            difference |= (l ?? 0) ^ (r ?? 0)
        }
        return difference == 0 && !lengthsDiffer
    }

    /// The buffers' comparison: every index up to the longer count, a missing byte read as a difference.
    @inlinable
    static func isEqual(buffer lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(lhs.count, rhs.count)
        var difference: UInt8 = 0
        for index in 0..<common { difference |= lhs[index] ^ rhs[index] }
        // The longer input's rest is still read, so the time follows the longer length only.
        for index in common..<lhs.count { difference |= lhs[index] | 1 }
        for index in common..<rhs.count { difference |= rhs[index] | 1 }
        return difference == 0
    }
}
