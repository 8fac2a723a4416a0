// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback

/// Why a refresh ended the session (RFC 6749 §6): there was no refresh token, or the provider refused the
/// one the client holds. Carried by ``AuthClientError/refreshFailed(_:)`` and ``LogoutEvent/Reason``.
///
/// ```swift
/// do throws(AuthClientError) {
///     _ = try await user.send(request)
/// } catch .refreshFailed(.refused(let response)) where response.error == .invalidGrant {
///     showSignIn(message: "Your session has ended")      // the user is logged out; sign in again
/// } catch .refreshFailed(.noRefreshToken) {
///     showSignIn(message: "Please sign in again")
/// }
/// ```
///
/// Only these end a session. A network failure, a 5xx, a 429, or an OAuth `server_error` /
/// `temporarily_unavailable` is transient: it is retried under the client's ``RetryPolicy`` and, if it
/// persists, thrown as it is (``AuthClientError/transportFailed(_:)``, ``AuthClientError/unexpectedResponse(endpoint:status:reason:)``
/// or ``AuthClientError/tokenEndpoint(_:)``) with the user still signed in.
public enum RefreshFailure: Hashable, Sendable {
    /// The tokens have no refresh token, so they cannot be renewed.
    case noRefreshToken
    /// The provider refused the refresh token with this OAuth error (RFC 6749 §5.2), usually `invalid_grant`:
    /// expired, revoked, or already used.
    case refused(OAuthErrorResponse)

    /// The OAuth error code the provider sent, if it refused.
    public var oauthError: OAuthErrorCode? {
        if case .refused(let response) = self { response.error } else { nil }
    }
}

extension RefreshFailure: CustomStringConvertible {
    /// For example `the provider refused the refresh token: invalid_grant (token expired)`.
    public var description: String {
        switch self {
        case .noRefreshToken: "there is no refresh token"
        case .refused(let response): "the provider refused the refresh token: \(response)"
        }
    }
}
