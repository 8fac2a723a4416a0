// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest

/// A PKCE code verifier: the secret the client keeps and sends only with the code exchange
/// (RFC 7636 §4.1).
///
/// It is 43 to 128 characters from the unreserved set `A–Z a–z 0–9 - . _ ~`. Generated verifiers
/// follow the RFC's recommendation: random octets from a cryptographically secure generator,
/// base64url-encoded (32 octets give the default 43 characters, 256 bits).
///
/// ```swift
/// let verifier = CodeVerifier()                          // system CSPRNG, 43 characters
/// let longer = try CodeVerifier(length: 128)             // 96 random octets
/// var generator = SystemRandomNumberGenerator()         // or any seeded generator, in tests
/// let injected = CodeVerifier(using: &generator)
/// let stored = try CodeVerifier("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
/// ```
///
/// - Security: a verifier is a secret until the token request is made. Its `description` is redacted
///   and `==` compares in constant time. Validation checks length and characters only; entropy cannot
///   be checked, so a verifier made from a string is as strong as whatever made the string.
public struct CodeVerifier: Sendable {
    /// The shortest verifier RFC 7636 §4.1 allows.
    public static let minimumLength = 43
    /// The longest verifier RFC 7636 §4.1 allows.
    public static let maximumLength = 128
    /// The allowed lengths, 43...128.
    public static let allowedLengths = minimumLength...maximumLength

    /// The verifier text, to send as `code_verifier` in the token request (RFC 7636 §4.5).
    public let value: String

    /// Validates and wraps an existing verifier, for example one restored from storage.
    ///
    /// - Throws: ``AuthPKCEError/invalidVerifierLength(_:)`` or
    ///   ``AuthPKCEError/invalidVerifierCharacter(offset:)``.
    public init(_ text: some StringProtocol) throws(AuthPKCEError) {
        // Checked as a `String`, so that the check is specialized for it, not run through `text`'s generic witnesses.
        let value = String(text)
        let utf8 = value.utf8
        guard Self.allowedLengths.contains(utf8.count) else { throw .invalidVerifierLength(utf8.count) }
        if let offset = CharacterRules.firstNonUnreserved(in: utf8) {
            throw .invalidVerifierCharacter(offset: offset)
        }
        self.value = value
    }

    /// Generates a 43-character verifier from 32 octets of `generator` (RFC 7636 §4.1).
    public init(using generator: inout some RandomNumberGenerator) {
        value = RandomText.base64URL(length: Self.minimumLength, using: &generator)
    }

    /// Generates a 43-character verifier from the system's cryptographically secure generator.
    public init() {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator)
    }

    /// Generates a verifier of `length` characters from `generator`.
    ///
    /// The octet count is the smallest whose base64url text reaches `length` characters, so every
    /// character carries random bits: 43 characters take 32 octets, 128 take 96.
    ///
    /// - Throws: ``AuthPKCEError/invalidVerifierLength(_:)`` unless `length` is in 43...128.
    public init(length: Int, using generator: inout some RandomNumberGenerator) throws(AuthPKCEError) {
        guard Self.allowedLengths.contains(length) else { throw .invalidVerifierLength(length) }
        value = RandomText.base64URL(length: length, using: &generator)
    }

    /// Generates a verifier of `length` characters from the system's cryptographically secure generator.
    ///
    /// - Throws: ``AuthPKCEError/invalidVerifierLength(_:)`` unless `length` is in 43...128.
    public init(length: Int) throws(AuthPKCEError) {
        var generator = SystemRandomNumberGenerator()
        try self.init(length: length, using: &generator)
    }
}

extension CodeVerifier: Hashable {
    /// Compares in constant time.
    public static func == (lhs: CodeVerifier, rhs: CodeVerifier) -> Bool {
        ConstantTime.isEqual(lhs.value.utf8, rhs.value.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combineExactly(value)
    }
}

extension CodeVerifier: CustomStringConvertible {
    /// `CodeVerifier(<redacted>, N characters)`: the value is a secret.
    public var description: String { "CodeVerifier(<redacted>, \(value.utf8.count) characters)" }
}
