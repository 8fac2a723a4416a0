// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A metadata value in an ``AuthLogRecord``, redacted by its type: what a value is decides what is shown.
///
/// ```swift
/// logger.log(.info, .codeExchange, "exchanging the code", [
///     "endpoint": .url(metadata.tokenEndpoint),   // https://login.example.com/token (no query, no fragment)
///     "code": .redacted,                           // <redacted>: a code is never logged
///     "attempt": .number(2),
/// ])
/// ```
///
/// There is no way to put a secret in a value: ``redacted`` carries nothing but the fact that a secret was
/// there. ``text(_:)`` is for values the client knows are public (an issuer, a `sub`, an error's code
/// and message — AuthFlow's error messages never repeat a secret). ``url(_:)`` drops everything from the
/// first `?` or `#`, since queries and fragments carry codes, states and tokens.
public struct AuthLogValue: Sendable, Hashable {
    private enum Storage: Hashable {
        case text(String)
        case number(Int64)
        case redacted
    }

    private let storage: Storage

    /// Public text, shown as it is.
    public static func text(_ value: String) -> AuthLogValue { AuthLogValue(storage: .text(value)) }
    /// A number, shown in decimal.
    public static func number(_ value: Int64) -> AuthLogValue { AuthLogValue(storage: .number(value)) }
    /// A URL without its query and fragment.
    public static func url(_ value: String) -> AuthLogValue {
        let end = value.firstIndex { $0 == "?" || $0 == "#" } ?? value.endIndex
        return AuthLogValue(storage: .text(String(value[..<end])))
    }
    /// A secret that was present (a token, a code, a verifier): shown as `<redacted>`, its value never held.
    public static let redacted = AuthLogValue(storage: .redacted)
    /// Whether a flag is set.
    public static func flag(_ value: Bool) -> AuthLogValue { AuthLogValue(storage: .text(value ? "true" : "false")) }

    /// The text or number, nil for a redacted value.
    public var publicValue: String? {
        switch storage {
        case .text(let text): text
        case .number(let number): String(number)
        case .redacted: nil
        }
    }
}

extension AuthLogValue: CustomStringConvertible {
    /// The value, or `<redacted>`.
    public var description: String { publicValue ?? "<redacted>" }
}
