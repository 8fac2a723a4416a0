// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Eight bytes at a time in a `UInt64` (SWAR): where in a word the bytes of interest are, with plain
/// integer operations and no table, so a scan skips runs of ordinary bytes eight at a time.
///
/// Byte `i` of the text is bits `8i..<8i+8` of the word on every platform (it is loaded little-endian),
/// and each query answers with bit 7 of every matching byte set and every other bit clear, exactly: no
/// carry crosses from one byte into the next.
enum Word {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let low7: UInt64 = 0x7f7f_7f7f_7f7f_7f7f
    static let high: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `pointer` (which may be unaligned).
    @inline(__always)
    static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// Writes the eight bytes of `word` at `pointer` (which may be unaligned), in text order.
    @inline(__always)
    static func store(_ word: UInt64, _ pointer: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: word.littleEndian, as: UInt64.self)
    }

    /// Bit 7 of each zero byte of `word`: `(x & 0x7f) + 0x7f` has bit 7 set when the low seven bits are
    /// not all zero (at most 0xfe, so no carry out of the byte), and `| x` adds the byte's own bit 7.
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & low7) &+ low7) | word) & high
    }

    /// Bit 7 of each byte of `word` equal to `byte`.
    @inline(__always)
    static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        zeroBytes(word ^ (ones &* UInt64(byte)))
    }

    /// Bit 7 of each byte of `word` from 0x80 up (not ASCII).
    @inline(__always)
    static func highBytes(_ word: UInt64) -> UInt64 { word & high }

    /// How many bytes of the text come before the first marked one: 8 when none is marked.
    @inline(__always)
    static func leadingCount(_ marks: UInt64) -> Int { marks.trailingZeroBitCount >> 3 }
}
