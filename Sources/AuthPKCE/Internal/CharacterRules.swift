// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The character classes PKCE and OAuth values are checked against.
enum CharacterRules {
    /// The offset of the first byte outside RFC 3986's unreserved set (`A–Z a–z 0–9 - . _ ~`), the
    /// alphabet of a code verifier (RFC 7636 §4.1).
    static func firstNonUnreserved(in utf8: some Sequence<UInt8>) -> Int? {
        for (offset, byte) in utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                continue
            default:
                return offset
            }
        }
        return nil
    }

    /// The offset of the first byte outside printable ASCII `%x20-7E` (VSCHAR, RFC 6749 Appendix A).
    static func firstNonVisibleASCII(in utf8: some Sequence<UInt8>) -> Int? {
        utf8.enumerated().first { !(0x20...0x7e).contains($0.element) }?.offset
    }
}
