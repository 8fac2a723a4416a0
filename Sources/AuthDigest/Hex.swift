// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Base-16 encoding of bytes (RFC 4648 §8), as digests and keys are usually written.
///
/// ```swift
/// Hex.encode([0xde, 0xad, 0xbe, 0xef])   // "deadbeef"
/// try Hex.decode("DEADbeef")             // [0xde, 0xad, 0xbe, 0xef]
/// ```
///
/// Encoding writes lowercase; decoding accepts either case and nothing else: no `0x` prefix, no
/// spaces or separators.
public enum Hex {
    /// Returns `bytes` as lowercase hexadecimal digits, two per byte.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digit(byte >> 4))
            text.append(digit(byte & 0x0f))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Returns the bytes written as hexadecimal digits in `text`.
    ///
    /// - Throws: ``AuthDigestError/invalidHexCharacter(offset:)`` with the UTF-8 offset of the first
    ///   byte that is not a hex digit, or ``AuthDigestError/oddHexLength(count:)``.
    public static func decode(_ text: some StringProtocol) throws(AuthDigestError) -> [UInt8] {
        let utf8 = text.utf8
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var high: UInt8? = nil
        for (offset, character) in utf8.enumerated() {
            guard let nibble = value(of: character) else { throw .invalidHexCharacter(offset: offset) }
            if let pending = high {
                bytes.append(pending << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        guard high == nil else { throw .oddHexLength(count: utf8.count) }
        return bytes
    }

    private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    private static func value(of character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
