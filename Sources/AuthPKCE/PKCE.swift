// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A PKCE pair: the secret verifier the client keeps and the challenge it sends (RFC 7636).
///
/// Proof Key for Code Exchange binds the authorization code to the client that asked for it: the
/// authorization request carries the challenge (§4.3), the token request carries the verifier (§4.5),
/// and the server checks that they match (§4.6). An attacker who intercepts the code (for example via a
/// custom URL scheme another app also registered) cannot redeem it without the verifier.
///
/// ```swift
/// let pkce = PKCE()                                   // S256, verifier from the system CSPRNG
/// // authorization request:
/// //   code_challenge=\(pkce.challenge.value)&code_challenge_method=\(pkce.challenge.method)
/// // token request:
/// //   code_verifier=\(pkce.verifier.value)
/// ```
///
/// S256 is always the default. `plain` is used only when passed explicitly to
/// ``init(verifier:method:)``; AuthFlow never falls back to it on its own.
public struct PKCE: Hashable, Sendable {
    /// The secret verifier, sent only in the token request.
    public let verifier: CodeVerifier
    /// The challenge derived from the verifier, sent in the authorization request.
    public let challenge: CodeChallenge

    /// Generates a new pair with S256 from the system's cryptographically secure generator.
    public init() {
        self.init(verifier: CodeVerifier())
    }

    /// Generates a new pair with S256 from `generator` (inject a seeded one in tests).
    public init(using generator: inout some RandomNumberGenerator) {
        self.init(verifier: CodeVerifier(using: &generator))
    }

    /// Makes the S256 pair for an existing verifier.
    public init(verifier: CodeVerifier) {
        self.verifier = verifier
        challenge = CodeChallenge(verifier: verifier)
    }

    /// Makes the pair for an existing verifier with an explicitly chosen method.
    ///
    /// - Throws: ``AuthPKCEError/unsupportedChallengeMethod(_:)`` for a method other than S256 or plain.
    public init(verifier: CodeVerifier, method: CodeChallengeMethod) throws(AuthPKCEError) {
        self.verifier = verifier
        challenge = try CodeChallenge(verifier: verifier, method: method)
    }
}

extension PKCE: CustomStringConvertible {
    /// Shows the challenge; the verifier is redacted.
    public var description: String { "PKCE(verifier: \(verifier), challenge: \(challenge))" }
}
