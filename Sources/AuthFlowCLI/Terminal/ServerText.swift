// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Text a server chose — a user code, a verification URI, an error code or description, a subject, an email,
/// scopes, claims — made safe to write to a terminal: its control characters are removed, so it can neither
/// send escape sequences (colours, cursor moves, window titles, hyperlinks), ring the bell, return the cursor
/// to overwrite what the CLI printed, nor start a line that looks like the CLI's own.
///
/// ```swift
/// ServerText.printable("WDJB-MJHT\u{1b}[2J")   // "WDJB-MJHT[2J": no escape, so no screen clear
/// ServerText.printable("café 漢字")            // unchanged
/// ```
///
/// Removed: C0 (U+0000–U+001F, including tab, line feed and carriage return), DEL (U+007F) and C1
/// (U+0080–U+009F, whose U+009B is a one-character CSI in some terminals). Every other character, printable
/// Unicode included, is kept as sent. Not removed: bidirectional and invisible formatting characters, which
/// cannot drive a terminal (`OAuthErrorResponse` already escapes those in error descriptions).
enum ServerText {
    /// `text` without its C0, DEL and C1 control characters; text without any is returned unchanged.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isControl(scalar) { result.append(scalar) }
        return String(result)
    }

    /// JSON text as `JSONValue.serialized` writes it (`userinfo`, `token --json`) made safe the same way
    /// without changing the value it stands for: the serializer escapes C0 in strings, but RFC 8259 §7 lets
    /// DEL and C1 appear raw, so each DEL or C1 character becomes its `\u00XX` escape. They can only be in
    /// strings (outside them JSON is ASCII; the line feeds of pretty printing are kept), so a JSON parser
    /// reads the same value back.
    static func json(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isRawInJSON) else { return text }
        let digits: [Character] = Array("0123456789abcdef")
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isRawInJSON(scalar) {
                result += "\\u00" + String(digits[Int(scalar.value >> 4)]) + String(digits[Int(scalar.value & 0xf)])
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// DEL or C1: the controls a JSON string may hold unescaped.
    private static func isRawInJSON(_ scalar: Unicode.Scalar) -> Bool {
        (0x7f...0x9f).contains(scalar.value)
    }

    /// C0, DEL or C1.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value)
    }
}
