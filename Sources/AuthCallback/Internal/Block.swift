// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Sixteen bytes at a time in a `SIMD16<UInt8>` (SSE2 on x86-64, NEON on ARM): where in a block the bytes
/// of interest are, so a scan skips runs of ordinary bytes sixteen at a time with a handful of vector
/// instructions.
///
/// A query answers with two words, bytes 0–7 and 8–15 of the block, in which each matching byte is 0xFF
/// and every other byte 0, so ``leadingCount(_:)`` finds the first match as `Word` does.
enum Block {
    /// The sixteen bytes at `pointer` (which may be unaligned).
    @inline(__always)
    static func load(_ pointer: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    /// Writes the block's sixteen bytes at `pointer` (which may be unaligned), in order.
    @inline(__always)
    static func store(_ block: SIMD16<UInt8>, _ pointer: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: block, as: SIMD16<UInt8>.self)
    }

    /// Sixteen copies of each byte the form splitter stops at, and 0x80, as constant data: the generic
    /// `SIMD16(repeating:)` and scalar-operand comparisons are lane-by-lane loops in the standard library,
    /// while vector-with-vector operations are single instructions.
    private static var formBytes: StaticString { "&&&&&&&&&&&&&&&&================%%%%%%%%%%%%%%%%++++++++++++++++" }
    private static var highBytes: StaticString {
        "\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}"
    }

    /// The bytes `application/x-www-form-urlencoded` splitting stops at: "&", "=", "%", "+" and 0x80–0xFF.
    @inline(__always)
    static func formSpecials(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        let constants = formBytes.utf8Start
        let marks =
            (block .== load(constants)) .| (block .== load(constants + 16)) .| (block .== load(constants + 32))
            .| (block .== load(constants + 48)) .| (block .> load(highBytes.utf8Start))
        // A mask's lanes are all ones or all zeros, sixteen bytes like the block.
        return unsafeBitCast(marks, to: SIMD2<UInt64>.self)
    }

    /// How many bytes of the block come before the first marked one: 16 when none is marked.
    @inline(__always)
    static func leadingCount(_ marks: SIMD2<UInt64>) -> Int {
        marks[0] != 0 ? marks[0].trailingZeroBitCount >> 3 : 8 + marks[1].trailingZeroBitCount >> 3
    }
}
