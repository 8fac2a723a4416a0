// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback

/// What ``User/logout(revokeTokens:postLogoutRedirectURI:state:)`` did: whether the provider revoked the
/// token (RFC 7009), and the RP-initiated logout URL to open so that the provider's own session ends too.
///
/// ```swift
/// let result = try await user.logout()
/// switch result.revocation {
/// case .revoked: break
/// case .notSupported: print("the provider has no revocation endpoint: the refresh token stays valid until it expires")
/// case .failed(let error): print("revocation failed (\(error)); the user is logged out here all the same")
/// case .skipped: break
/// }
/// if let url = result.endSessionURL { openInBrowser(url) }
/// ```
///
/// The local logout always happens (tokens forgotten, store cleared, ``LogoutEvent`` sent); a revocation
/// that did not happen is reported here, never silently skipped.
public struct LogoutResult: Sendable {
    /// What happened to the token at the provider.
    public enum Revocation: Hashable, Sendable {
        /// The provider answered 200 to the revocation request for this token type (RFC 7009 §2.2).
        case revoked(tokenTypeHint: String)
        /// Neither the discovery document nor the RFC 8414 metadata has a `revocation_endpoint`.
        case notSupported
        /// The revocation request failed; the error says how.
        case failed(AuthClientError)
        /// The caller asked not to revoke (`revokeTokens: false`).
        case skipped
    }

    /// What happened to the token at the provider.
    public var revocation: Revocation
    /// The RP-initiated logout URL (OpenID Connect RP-Initiated Logout 1.0 §2), when the provider has one.
    public var endSessionURL: URI?

    public init(revocation: Revocation, endSessionURL: URI?) {
        self.revocation = revocation
        self.endSessionURL = endSessionURL
    }

    /// Whether the provider confirmed the revocation.
    public var didRevoke: Bool {
        if case .revoked = revocation { true } else { false }
    }
}
