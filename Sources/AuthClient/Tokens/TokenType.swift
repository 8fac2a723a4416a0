// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A token type identifier (RFC 8693 §3), an open set: what a token exchange takes and issues.
///
/// ```swift
/// let type = TokenType.accessToken   // urn:ietf:params:oauth:token-type:access_token
/// TokenType(rawValue: "urn:example:custom-token")   // a provider's own, kept as written
/// ```
///
/// Compared as exact UTF-8 bytes (the identifiers are URIs, compared case-sensitively).
public struct TokenType: RawRepresentable, Hashable, Sendable {
    /// The identifier exactly as written.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// An OAuth 2.0 access token.
    public static let accessToken = TokenType(rawValue: "urn:ietf:params:oauth:token-type:access_token")
    /// An OAuth 2.0 refresh token.
    public static let refreshToken = TokenType(rawValue: "urn:ietf:params:oauth:token-type:refresh_token")
    /// An OpenID Connect ID token.
    public static let idToken = TokenType(rawValue: "urn:ietf:params:oauth:token-type:id_token")
    /// A base64url-encoded SAML 1.1 assertion.
    public static let saml1 = TokenType(rawValue: "urn:ietf:params:oauth:token-type:saml1")
    /// A base64url-encoded SAML 2.0 assertion.
    public static let saml2 = TokenType(rawValue: "urn:ietf:params:oauth:token-type:saml2")
    /// A JWT (RFC 7519).
    public static let jwt = TokenType(rawValue: "urn:ietf:params:oauth:token-type:jwt")

    public static func == (lhs: TokenType, rhs: TokenType) -> Bool { lhs.rawValue.utf8.elementsEqual(rhs.rawValue.utf8) }
    public func hash(into hasher: inout Hasher) { for byte in rawValue.utf8 { hasher.combine(byte) } }
}

extension TokenType: CustomStringConvertible {
    public var description: String { rawValue }
}
