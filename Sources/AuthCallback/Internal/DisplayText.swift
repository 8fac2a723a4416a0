// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Text a server sent, made safe to print: nothing in it can start a new log line, move the cursor,
/// reorder the text around it or hide characters.
enum DisplayText {
    /// Whether every byte is in RFC 6749 §4.1.2.1's set for `error`, `error_description` and `error_uri`:
    /// %x20-21 / %x23-5B / %x5D-7E (printable ASCII without `"` and `\`).
    static func conforms(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7e).contains($0) && $0 != 0x22 && $0 != 0x5c }
    }

    /// `text` with control and invisible formatting characters escaped the way Swift writes them in a
    /// literal: `\n`, `\r`, `\t`, `\0`, and `\u{…}` (lowercase hex) for the other C0 and C1 controls, DEL,
    /// the line and paragraph separators, zero-width and bidirectional formatting characters (Trojan Source,
    /// CVE-2021-42574) and the byte order mark. A backslash becomes `\\`, so every escape is unambiguous.
    /// Quotes, letters and other printable Unicode are kept as they are. Text with nothing to escape is
    /// returned unchanged.
    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x5c: result += "\\\\"
            case 0x0a: result += "\\n"
            case 0x0d: result += "\\r"
            case 0x09: result += "\\t"
            case 0x00: result += "\\0"
            default: result += "\\u{" + hex(scalar.value) + "}"
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1f, 0x5c, 0x7f...0x9f: true  // C0, backslash, DEL, C1
        case 0x061c, 0x180e, 0x200b...0x200f, 0x2028...0x202e, 0x2060...0x2069, 0xfeff: true  // invisible, bidi, separators
        default: false
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits: StaticString = "0123456789abcdef"
        var bytes: [UInt8] = []
        var rest = value
        repeat {
            bytes.append(digits.utf8Start[Int(rest & 0xf)])
            rest >>= 4
        } while rest > 0
        return String(decoding: bytes.reversed(), as: UTF8.self)
    }
}
