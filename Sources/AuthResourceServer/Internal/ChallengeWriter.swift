// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Writes one challenge of a `WWW-Authenticate` field (RFC 9110 §11.6.1): `scheme name="value", …`.
///
/// Values are written as `quoted-string` (RFC 9110 §5.6.4): `"` and `\` are escaped with a backslash, and
/// control characters other than HTAB (which could end the field or split the response) are dropped —
/// whatever a value holds, the field stays one field that parses back to the same parameters.
struct ChallengeWriter {
    private(set) var text: String
    private var hasParameters = false

    init(scheme: String) {
        text = scheme
    }

    /// Appends `name="value"`.
    mutating func quoted(_ name: String, _ value: String) {
        append(name, Self.quotedString(value))
    }

    /// Appends `name=value` for a value that is a `token` (digits, for `max_age`).
    mutating func token(_ name: String, _ value: String) {
        append(name, value)
    }

    private mutating func append(_ name: String, _ value: String) {
        text += hasParameters ? ", " : " "
        text += name + "=" + value
        hasParameters = true
    }

    /// `"…"` with `"` and `\` escaped and control characters (but HTAB) left out.
    static func quotedString(_ value: String) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.reserveCapacity(value.utf8.count + 2)
        for byte in value.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            } else if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
                continue
            } else {
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }
}
