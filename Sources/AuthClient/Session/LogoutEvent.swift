// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// That a user was logged out, and why: delivered by ``AuthClient/logoutEvents()``.
///
/// ```swift
/// for await event in client.logoutEvents() {
///     if case .refreshFailed = event.reason { showSignIn(message: "Your session has expired") }
/// }
/// ```
public struct LogoutEvent: Hashable, Sendable {
    /// Why the user was logged out.
    public enum Reason: Hashable, Sendable {
        /// The app called ``User/logout(revokeTokens:postLogoutRedirectURI:state:)``.
        case requested
        /// The tokens could not be refreshed: the refresh token was refused, or there was none.
        case refreshFailed(RefreshFailure)
        /// The provider ended the session: a back-channel logout token (OpenID Connect Back-Channel Logout
        /// 1.0) or a front-channel logout request named it; `sessionID` is the `sid` it named, if any.
        case providerLoggedOut(sessionID: String?)
    }

    /// The user's `sub`; nil for a plain OAuth 2.0 grant, whose provider names no subject.
    public let subject: String?
    /// Why.
    public let reason: Reason

    public init(subject: String?, reason: Reason) {
        self.subject = subject
        self.reason = reason
    }
}
