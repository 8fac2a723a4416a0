// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An error from parsing or building JSON, with the byte offset where the input went wrong.
///
/// Each case has a stable numeric ``code`` that never changes across releases. Messages name the rule
/// and the offset; they never repeat string contents, which may be tokens (a duplicate member name is
/// shown, shortened, since names are not secret).
public enum AuthJSONError: Error, Hashable, Sendable {
    /// The input ended inside a value.
    case unexpectedEnd(offset: Int)
    /// A byte the grammar does not allow here (RFC 8259 §2–5).
    case unexpectedCharacter(offset: Int)
    /// A number not in the RFC 8259 §6 grammar: leading zeros, a bare `.`, `+1`, `NaN`, `Infinity`….
    case invalidNumber(offset: Int)
    /// A backslash escape RFC 8259 §7 does not define, or a `\u` without four hex digits.
    case invalidEscape(offset: Int)
    /// A `\u` escape of a surrogate that is not half of a pair (RFC 8259 §8.2).
    case loneSurrogate(offset: Int)
    /// Bytes that are not UTF-8 (RFC 8259 §8.1, RFC 3629).
    case invalidUTF8(offset: Int)
    /// A raw control character (U+0000–U+001F) inside a string; it must be escaped (RFC 8259 §7).
    case controlCharacterInString(offset: Int)
    /// A second member with the same name in one object (RFC 7515 §5.2, RFC 7519 §4).
    case duplicateMemberName(String, offset: Int)
    /// Arrays and objects nested deeper than the limit.
    case nestingTooDeep(offset: Int, limit: Int)
    /// Input larger than the limit, refused before parsing.
    case inputTooLarge(size: Int, limit: Int)
    /// The input starts with a byte order mark, which RFC 8259 §8.1 forbids senders to add.
    case byteOrderMark
    /// More than whitespace after the value.
    case trailingContent(offset: Int)

    /// A stable number for the case: 4001 and up.
    public var code: Int {
        switch self {
        case .unexpectedEnd: 4001
        case .unexpectedCharacter: 4002
        case .invalidNumber: 4003
        case .invalidEscape: 4004
        case .loneSurrogate: 4005
        case .invalidUTF8: 4006
        case .controlCharacterInString: 4007
        case .duplicateMemberName: 4008
        case .nestingTooDeep: 4009
        case .inputTooLarge: 4010
        case .byteOrderMark: 4011
        case .trailingContent: 4012
        }
    }

    /// The case and its values, with the member name compared as exact bytes like every JSON string.
    private var identity: (code: Int, first: Int, second: Int, name: String) {
        switch self {
        case .unexpectedEnd(let offset), .unexpectedCharacter(let offset), .invalidNumber(let offset),
            .invalidEscape(let offset), .loneSurrogate(let offset), .invalidUTF8(let offset),
            .controlCharacterInString(let offset), .trailingContent(let offset):
            (code, offset, 0, "")
        case .duplicateMemberName(let name, let offset): (code, offset, 0, name)
        case .nestingTooDeep(let offset, let limit): (code, offset, limit, "")
        case .inputTooLarge(let size, let limit): (code, size, limit, "")
        case .byteOrderMark: (code, 0, 0, "")
        }
    }

    public static func == (lhs: AuthJSONError, rhs: AuthJSONError) -> Bool {
        let l = lhs.identity
        let r = rhs.identity
        return l.code == r.code && l.first == r.first && l.second == r.second && l.name.hasSameBytes(as: r.name)
    }

    public func hash(into hasher: inout Hasher) {
        let parts = identity
        hasher.combine(parts.code)
        hasher.combine(parts.first)
        hasher.combine(parts.second)
        hasher.combineExactly(parts.name)
    }

    /// A member name cut to 40 bytes of its UTF-8 for messages, so a huge name cannot flood a log.
    static func shortened(_ name: String) -> String {
        let utf8 = Array(name.utf8)
        guard utf8.count > 40 else { return name }
        var end = 40
        while end > 0, utf8[end] & 0xc0 == 0x80 { end -= 1 }  // do not split a scalar
        return String(decoding: utf8[..<end], as: UTF8.self) + "…"
    }
}

extension AuthJSONError: CustomStringConvertible {
    public var description: String {
        let reason =
            switch self {
            case .unexpectedEnd(let offset): "the input ends at byte offset \(offset), inside a value"
            case .unexpectedCharacter(let offset): "unexpected character at byte offset \(offset)"
            case .invalidNumber(let offset): "the number at byte offset \(offset) is not valid JSON (RFC 8259 §6)"
            case .invalidEscape(let offset): "invalid escape at byte offset \(offset) (RFC 8259 §7)"
            case .loneSurrogate(let offset): "the \\u escape at byte offset \(offset) is an unpaired surrogate (RFC 8259 §8.2)"
            case .invalidUTF8(let offset): "invalid UTF-8 at byte offset \(offset) (RFC 8259 §8.1)"
            case .controlCharacterInString(let offset): "unescaped control character in a string at byte offset \(offset)"
            case .duplicateMemberName(let name, let offset): "duplicate member name '\(name)' at byte offset \(offset) (RFC 7515 §5.2)"
            case .nestingTooDeep(let offset, let limit): "nesting deeper than \(limit) levels at byte offset \(offset)"
            case .inputTooLarge(let size, let limit): "input of \(size) bytes exceeds the limit of \(limit) bytes"
            case .byteOrderMark: "the input starts with a byte order mark (RFC 8259 §8.1)"
            case .trailingContent(let offset): "unexpected content after the value at byte offset \(offset)"
            }
        return "AuthJSONError \(code): \(reason)"
    }
}
