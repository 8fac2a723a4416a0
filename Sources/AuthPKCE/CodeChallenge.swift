// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDigest

/// A PKCE code challenge and its method, sent in the authorization request (RFC 7636 §4.2–4.3).
///
/// ```swift
/// let verifier = try CodeVerifier("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
/// let challenge = CodeChallenge(verifier: verifier)
/// challenge.value    // "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"  (RFC 7636 Appendix B)
/// challenge.method   // .s256
/// ```
///
/// A server (or a test double) that received a challenge checks the verifier later with
/// ``matches(_:)`` (RFC 7636 §4.6).
public struct CodeChallenge: Hashable, Sendable {
    /// The challenge text, sent as `code_challenge`.
    public let value: String
    /// The method, sent as `code_challenge_method`.
    public let method: CodeChallengeMethod

    /// Derives the S256 challenge of `verifier`: BASE64URL(SHA256(ASCII(verifier))), RFC 7636 §4.2.
    public init(verifier: CodeVerifier) {
        value = Self.s256(of: verifier)
        method = .s256
    }

    /// Derives the challenge of `verifier` with an explicitly chosen method.
    ///
    /// - Throws: ``AuthPKCEError/unsupportedChallengeMethod(_:)`` for a method other than S256 or plain.
    public init(verifier: CodeVerifier, method: CodeChallengeMethod) throws(AuthPKCEError) {
        switch method {
        case .s256: value = Self.s256(of: verifier)
        case .plain: value = verifier.value
        default: throw .unsupportedChallengeMethod(method)
        }
        self.method = method
    }

    /// Validates a challenge received in an authorization request (RFC 7636 §4.4.1), for servers and test
    /// doubles.
    ///
    /// An S256 challenge must be the 43-character unpadded base64url form of 32 bytes; a plain one
    /// follows the verifier rules (43–128 unreserved characters).
    ///
    /// - Throws: ``AuthPKCEError/invalidChallenge(method:)`` or
    ///   ``AuthPKCEError/unsupportedChallengeMethod(_:)``.
    public init(value: some StringProtocol, method: CodeChallengeMethod) throws(AuthPKCEError) {
        switch method {
        case .s256:
            guard value.utf8.count == 43, (try? Base64URL.decode(value))?.count == SHA256.byteCount else {
                throw .invalidChallenge(method: method)
            }
        case .plain:
            guard (try? CodeVerifier(value)) != nil else { throw .invalidChallenge(method: method) }
        default:
            throw .unsupportedChallengeMethod(method)
        }
        self.value = String(value)
        self.method = method
    }

    /// Returns whether `verifier` is the one this challenge was derived from (RFC 7636 §4.6), comparing
    /// in constant time.
    public func matches(_ verifier: CodeVerifier) -> Bool {
        guard let expected = try? CodeChallenge(verifier: verifier, method: method) else { return false }
        return ConstantTime.isEqual(expected.value.utf8, value.utf8)
    }

    private static func s256(of verifier: CodeVerifier) -> String {
        Base64URL.encode(SHA256.hash(data: verifier.value.utf8))
    }
}

extension CodeChallenge {
    /// Challenges are compared as exact bytes, in constant time.
    public static func == (lhs: CodeChallenge, rhs: CodeChallenge) -> Bool {
        lhs.method == rhs.method && ConstantTime.isEqual(lhs.value.utf8, rhs.value.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combineExactly(value)
    }
}

extension CodeChallenge: CustomStringConvertible {
    /// The challenge is public (it travels in the authorization URL), so it is shown in full.
    public var description: String { "CodeChallenge(\(method.rawValue): \(value))" }
}
