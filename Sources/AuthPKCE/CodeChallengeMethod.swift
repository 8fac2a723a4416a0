// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// How a code challenge is derived from its verifier (RFC 7636 §4.2), an open set as in the IANA
/// "PKCE Code Challenge Methods" registry.
///
/// ```swift
/// CodeChallengeMethod.s256.rawValue          // "S256"
/// CodeChallengeMethod(rawValue: "S256")      // .s256 — methods are case-sensitive
/// ```
///
/// Only ``s256`` and ``plain`` can compute a challenge; others can be named, for example when read
/// from a server's `code_challenge_methods_supported` metadata (RFC 8414 §2), but computing a challenge
/// with them throws ``AuthPKCEError/unsupportedChallengeMethod(_:)``.
public struct CodeChallengeMethod: RawRepresentable, Hashable, Sendable {
    /// The method name as sent in `code_challenge_method`.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `S256`: BASE64URL(SHA256(ASCII(code_verifier))). Mandatory to implement for servers, and the
    /// method clients must use when they can (RFC 7636 §4.2, §7.2).
    public static let s256 = CodeChallengeMethod(rawValue: "S256")

    /// `plain`: the challenge is the verifier itself. It protects nothing if the authorization request
    /// is observed; RFC 7636 §4.2 allows it only when S256 is impossible. AuthFlow never falls back to it:
    /// it is used only when asked for by name.
    public static let plain = CodeChallengeMethod(rawValue: "plain")
}

extension CodeChallengeMethod {
    /// Method names are compared as exact bytes: `S256` and `s256` are different methods (RFC 7636 §4.2).
    public static func == (lhs: CodeChallengeMethod, rhs: CodeChallengeMethod) -> Bool {
        lhs.rawValue.isExactly(rhs.rawValue)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combineExactly(rawValue)
    }
}

extension CodeChallengeMethod: CustomStringConvertible {
    public var description: String { rawValue }
}
