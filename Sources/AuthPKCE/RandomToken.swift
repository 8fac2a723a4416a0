// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest

/// A random, opaque value a client sends in an authorization request and expects back unchanged: the
/// OAuth ``OAuthState`` or the OpenID Connect ``OIDCNonce``.
///
/// Both are this one type with a different `Kind` (like swift-tagged's `Tagged`), so they share one
/// implementation but stay distinct types: a state cannot be passed where a nonce is expected.
///
/// ```swift
/// let state = OAuthState()                        // 256 random bits as 43 base64url characters
/// let restored = try OAuthState(savedText)        // validated: non-empty printable ASCII
/// if state.matches(receivedState) { … }           // constant time
/// ```
///
/// - Security: generated values carry 256 bits from the system's cryptographically secure generator
///   (or the one you inject). ``matches(_:)`` and `==` compare the exact bytes in constant time; the
///   `description` is redacted. A value made from text is only as unguessable as that text.
public struct RandomToken<Kind: RandomTokenKind>: Sendable {
    /// The text sent in the request and expected back.
    public let value: String

    /// Generates a value of 43 base64url characters from 32 octets of `generator`.
    public init(using generator: inout some RandomNumberGenerator) {
        value = RandomText.base64URL(length: 43, using: &generator)
    }

    /// Generates a value from the system's cryptographically secure generator.
    public init() {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator)
    }

    /// Wraps an existing value, such as one restored from storage.
    ///
    /// The value must be non-empty printable ASCII (`%x20-7E`, VSCHAR in RFC 6749 Appendix A).
    ///
    /// - Throws: the kind's empty-value error (``AuthPKCEError/emptyState``, ``AuthPKCEError/emptyNonce``)
    ///   or its character error with the UTF-8 offset.
    public init(_ text: some StringProtocol) throws(AuthPKCEError) {
        let value = String(text)
        guard !value.isEmpty else { throw Kind.emptyValueError }
        if let offset = CharacterRules.firstNonVisibleASCII(in: value.utf8) {
            throw Kind.invalidCharacterError(offset: offset)
        }
        self.value = value
    }

    /// Returns whether `received` is exactly this value, comparing in constant time.
    public func matches(_ received: some StringProtocol) -> Bool {
        ConstantTime.isEqual(value.utf8, received.utf8)
    }
}

extension RandomToken: Hashable {
    /// Compares the exact bytes, in constant time.
    public static func == (lhs: RandomToken, rhs: RandomToken) -> Bool { lhs.matches(rhs.value) }

    public func hash(into hasher: inout Hasher) { hasher.combineExactly(value) }
}

extension RandomToken: CustomStringConvertible {
    /// `OAuthState(<redacted>)` or `OIDCNonce(<redacted>)`: the value is not shown.
    public var description: String { "\(Kind.typeName)(<redacted>)" }
}
