// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// 128 bytes kept inline (no heap): room for one block of any SHA-2 function (64 bytes for SHA-256,
/// 128 for SHA-384 and SHA-512), for the partial block of a stream, for padding and for HMAC's padded key.
struct HashBlock: Sendable {
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    var moreWords: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    init() {}

    mutating func withUnsafeMutableBytes<Result>(
        _ body: (UnsafeMutableRawBufferPointer) -> Result
    ) -> Result {
        Swift.withUnsafeMutableBytes(of: &self, body)
    }

    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        Swift.withUnsafeBytes(of: self, body)
    }

    mutating func copy(from source: UnsafeRawPointer, count: Int, at offset: Int) {
        withUnsafeMutableBytes { bytes in
            (bytes.baseAddress! + offset).copyMemory(from: source, byteCount: count)
        }
    }
}
