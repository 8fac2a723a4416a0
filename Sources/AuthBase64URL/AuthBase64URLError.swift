// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An error from decoding base64url text, with the byte offset where the text went wrong.
///
/// Each case has a stable numeric ``code`` that never changes across releases. The ``description``
/// names the rule that was broken but never repeats the text, which may be a token or a key.
public enum AuthBase64URLError: Error, Hashable, Sendable {
    /// A byte at `offset` is not in the base64url alphabet `A–Z a–z 0–9 - _`.
    case invalidCharacter(offset: Int)
    /// A `+` or `/` at `offset`: the text is standard base64 (RFC 4648 §4), not base64url (§5).
    case standardAlphabetCharacter(offset: Int)
    /// An `=` at `offset`; base64url in JOSE has no padding (RFC 7515 §2). See
    /// ``Base64URL/DecodingOptions/allowPadding``.
    case unexpectedPadding(offset: Int)
    /// Padding allowed by the options, but in the wrong place or amount (first `=` at `offset`).
    case misplacedPadding(offset: Int)
    /// Whitespace at `offset`. See ``Base64URL/DecodingOptions/ignoreWhitespace``.
    case whitespace(offset: Int)
    /// `characterCount` characters leave one character over, which cannot encode a byte.
    case invalidLength(characterCount: Int)
    /// The last character, at `offset`, has non-zero bits beyond the data (RFC 4648 §3.5).
    case nonCanonicalTrailingBits(offset: Int)

    /// A stable number for the case: 2001 and up.
    public var code: Int {
        switch self {
        case .invalidCharacter: 2001
        case .standardAlphabetCharacter: 2002
        case .unexpectedPadding: 2003
        case .misplacedPadding: 2004
        case .whitespace: 2005
        case .invalidLength: 2006
        case .nonCanonicalTrailingBits: 2007
        }
    }
}

extension AuthBase64URLError: CustomStringConvertible {
    public var description: String {
        let reason =
            switch self {
            case .invalidCharacter(let offset):
                "byte offset \(offset) is not a base64url character (A-Z a-z 0-9 - _)"
            case .standardAlphabetCharacter(let offset):
                "byte offset \(offset) is '+' or '/': this is standard base64, base64url uses '-' and '_'"
            case .unexpectedPadding(let offset):
                "padding '=' at byte offset \(offset); base64url in JOSE is unpadded (RFC 7515 §2)"
            case .misplacedPadding(let offset):
                "padding from byte offset \(offset) is not the amount or place RFC 4648 §4 allows"
            case .whitespace(let offset):
                "whitespace at byte offset \(offset)"
            case .invalidLength(let count):
                "a length of \(count) characters leaves one over, which cannot encode a byte"
            case .nonCanonicalTrailingBits(let offset):
                "the last character, at byte offset \(offset), has non-zero unused bits (RFC 4648 §3.5)"
            }
        return "AuthBase64URLError \(code): \(reason)"
    }
}
