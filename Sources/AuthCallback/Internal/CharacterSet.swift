// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The character classes of RFC 3986 §2–3, over UTF-8 bytes, as one 256-entry table: each byte's entry
/// has a bit for every component that allows it, so a component is checked with one load and one test
/// per byte, and eight bytes at once by AND-ing their entries.
///
/// The table is a `StaticString`: constant data in the binary, read through a pointer, with no lazily
/// initialized global and no array to reach first. Every entry is below 0x80, so each is one byte of the
/// literal and the table is exactly 256 bytes; bytes 0x80–0xFF (never allowed unencoded) have no bits.
enum CharacterSet {
    /// The components (and two classes) a byte may belong to; a byte is allowed where its entry has the bit.
    struct Mask: OptionSet {
        let rawValue: UInt8
        static let alpha = Mask(rawValue: 1 << 0)
        static let digit = Mask(rawValue: 1 << 1)
        /// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
        static let unreserved = Mask(rawValue: 1 << 2)
        /// reg-name = *( unreserved / pct-encoded / sub-delims ), where
        /// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
        static let registeredName = Mask(rawValue: 1 << 3)
        /// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
        static let userinfo = Mask(rawValue: 1 << 4)
        /// pchar = unreserved / pct-encoded / sub-delims / ":" / "@", plus "/" between segments.
        static let path = Mask(rawValue: 1 << 5)
        /// query = fragment = *( pchar / "/" / "?" )
        static let query = Mask(rawValue: 1 << 6)
    }

    /// The entries of bytes 0x00–0xFF, sixteen a line (alpha 1, digit 2, unreserved 4, reg-name 8,
    /// userinfo 0x10, path 0x20, query 0x40). `URITests` checks every ASCII byte in every component against
    /// RFC 3986's ABNF.
    private static var flags: StaticString {
        """
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\u{78}\0\0\u{78}\0\u{78}\u{78}\u{78}\u{78}\u{78}\u{78}\u{78}\u{7c}\u{7c}\u{60}\
        \u{7e}\u{7e}\u{7e}\u{7e}\u{7e}\u{7e}\u{7e}\u{7e}\u{7e}\u{7e}\u{70}\u{78}\0\u{78}\0\u{40}\
        \u{60}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\
        \u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\0\0\0\0\u{7c}\
        \0\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\
        \u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\u{7d}\0\0\0\u{7c}\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0
        """
    }

    /// The table: 256 bytes, so any `UInt8` indexes it in bounds.
    static var table: UnsafePointer<UInt8> {
        assert(flags.utf8CodeUnitCount == 256, "the table must have one entry for every byte")
        return flags.utf8Start
    }

    @inline(__always)
    static func has(_ byte: UInt8, _ mask: Mask) -> Bool { table[Int(byte)] & mask.rawValue != 0 }

    static func isAlpha(_ b: UInt8) -> Bool { has(b, .alpha) }
    static func isDigit(_ b: UInt8) -> Bool { has(b, .digit) }

    /// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), after the first.
    @inline(__always)
    static func isScheme(_ b: UInt8) -> Bool {
        has(b, [.alpha, .digit]) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }

    /// IPv6 and IPvFuture literals, loosely: hex digits, ":", "." and the "v" form's unreserved letters.
    static func isIPLiteral(_ b: UInt8) -> Bool { has(b, .unreserved) || b == UInt8(ascii: ":") }

    @inline(__always)
    static func isHexDigit(_ b: UInt8) -> Bool { hexValue(b) != nil }

    /// HEXDIG = DIGIT / "A"–"F", case-insensitive (RFC 3986 §2.1).
    @inline(__always)
    static func hexValue(_ b: UInt8) -> UInt8? {
        let digit = b &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (b | 0x20) &- UInt8(ascii: "a")  // "A"–"F" lowered; other bytes land outside 0..<6
        return letter < 6 ? letter + 10 : nil
    }

    /// Scans `base[start..<end]` while bytes are in `mask` or start a valid percent escape ("%" HEXDIG
    /// HEXDIG, all three before `end`), and returns where it stopped: `end`, or the first byte that is
    /// neither (a delimiter that ends the component, or a byte the component does not allow).
    ///
    /// Eight bytes at a time while all eight are allowed (their entries AND-ed keep the mask's bit), then
    /// one at a time to the byte that stopped them: an escape to check and step over, or the end.
    @inline(__always)
    static func scan(
        _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, allowing mask: Mask
    ) throws(AuthCallbackError) -> Int {
        let table = table
        let bit = mask.rawValue
        var index = start
        while true {
            while index + 8 <= end {
                let block =
                    table[Int(base[index])] & table[Int(base[index + 1])] & table[Int(base[index + 2])]
                    & table[Int(base[index + 3])] & table[Int(base[index + 4])] & table[Int(base[index + 5])]
                    & table[Int(base[index + 6])] & table[Int(base[index + 7])]
                guard block & bit != 0 else { break }
                index += 8
            }
            while index < end, table[Int(base[index])] & bit != 0 { index += 1 }
            guard index < end, base[index] == UInt8(ascii: "%") else { return index }
            guard index + 2 < end, isHexDigit(base[index + 1]), isHexDigit(base[index + 2]) else {
                throw .invalidPercentEncoding(offset: index)
            }
            index += 3
        }
    }

    /// Checks that every byte in `start..<end` is allowed by `mask` or starts a valid percent escape.
    @inline(__always)
    static func validate(
        _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, allowing mask: Mask
    ) throws(AuthCallbackError) {
        let stop = try scan(base, from: start, to: end, allowing: mask)
        guard stop == end else { throw .invalidCharacter(offset: stop) }
    }
}
