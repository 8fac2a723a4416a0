// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest

/// Byte-exact text comparison. Swift's `String ==` compares by Unicode canonical equivalence, so two
/// different parameter names or issuers could compare equal; OAuth compares code units (RFC 6749 §3.1,
/// RFC 9207 §2.4: "simple string comparison").
enum ExactText {
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        // The UTF-8 count of a native or small string is stored, so most unequal names stop here.
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        return withBytes(lhs) { left in withBytes(rhs) { right in equal(left, right) } }
    }

    /// Byte equality of two buffers, eight bytes at a time.
    static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }  // both empty
        var index = 0
        while index + 8 <= lhs.count {
            guard Word.load(left + index) == Word.load(right + index) else { return false }
            index += 8
        }
        while index < lhs.count {
            guard left[index] == right[index] else { return false }
            index += 1
        }
        return true
    }

    /// Equality whose time depends only on the lengths, for secrets such as `state` (RFC 6749 §10.12):
    /// texts of different lengths are unequal at once (the length of a `state` is no secret: the request
    /// carried it); otherwise `ConstantTime.isEqual` reads every byte.
    static func constantTimeEqual(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: String) -> Bool {
        lhs.count == rhs.utf8.count && withBytes(rhs) { ConstantTime.isEqual(lhs, $0) }
    }

    /// Runs `body` over the text's UTF-8 bytes without copying a native string (a small one is copied to
    /// the stack by the standard library; a bridged one, which is not contiguous, into an array).
    @inline(__always)
    static func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}
