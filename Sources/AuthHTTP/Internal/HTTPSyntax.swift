// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The character classes of HTTP's authentication syntax, for the challenge parser and the resource server's
/// `Authorization` reader: a `switch` per byte, no string scanned.
package enum HTTPSyntax {
    /// `tchar` (RFC 9110 §5.6.2): a letter, a digit or one of ``!#$%&'*+-.^_`|~``.
    @inlinable @inline(__always)
    package static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// The characters of `token68` before its trailing "=" (RFC 9110 §11.2), which are also those of RFC 6750
    /// §2.1's `b64token`: a letter, a digit or one of `-._~+/`.
    @inlinable @inline(__always)
    package static func isToken68Character(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"):
            true
        default: false
        }
    }

    /// Whether two strings have the same UTF-8 bytes once ASCII letters are lowercased (header field names,
    /// RFC 9110 §5.1; authentication schemes, §11.1; media types, §8.3.1): over contiguous storage when both
    /// strings have it (native strings do), not view index by view index.
    package static func equalsIgnoringASCIICase(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
        let fast = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b in equalsIgnoringASCIICase(bytes: a, b) }
        }
        return fast.flatMap { $0 } ?? equalsIgnoringASCIICase(bytes: Array(a.utf8), Array(b.utf8))
    }

    private static func equalsIgnoringASCIICase(bytes a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { lowercased($0) == lowercased($1) }
    }

    /// An ASCII capital letter lowercased; every other byte as it is.
    @inlinable
    package static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
