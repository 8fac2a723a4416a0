// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An error from the AuthDigest module: malformed hex or a digest of the wrong length.
///
/// Each case has a stable numeric ``code`` that never changes across releases, and a ``description``
/// that says what was wrong. Neither repeats the input, which may be a key.
public enum AuthDigestError: Error, Hashable, Sendable {
    /// A byte at `offset` (in UTF-8 bytes) is not a hexadecimal digit.
    case invalidHexCharacter(offset: Int)
    /// The hex text has an odd number of digits, so it does not spell whole bytes.
    case oddHexLength(count: Int)
    /// A digest was built from `actual` bytes where `expected` are needed.
    case invalidDigestLength(expected: Int, actual: Int)

    /// A stable number for the case: 1001 and up.
    public var code: Int {
        switch self {
        case .invalidHexCharacter: 1001
        case .oddHexLength: 1002
        case .invalidDigestLength: 1003
        }
    }
}

extension AuthDigestError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidHexCharacter(let offset):
            "AuthDigestError \(code): the character at byte offset \(offset) is not a hexadecimal digit (0-9, a-f, A-F)"
        case .oddHexLength(let count):
            "AuthDigestError \(code): hex text has \(count) digits; whole bytes need an even number"
        case .invalidDigestLength(let expected, let actual):
            "AuthDigestError \(code): a digest needs \(expected) bytes, got \(actual)"
        }
    }
}
