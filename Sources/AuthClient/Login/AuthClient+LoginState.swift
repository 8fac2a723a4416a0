// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials

extension AuthClient {
    /// The client's state now: ``LoginState/loggedOut``, ``LoginState/loggingIn`` or
    /// ``LoginState/loggedIn(_:)``.
    public var loginState: LoginState { loginStateBroadcast.current }

    /// A stream of the client's ``LoginState``: the state now first, then every change, in order. Each
    /// call makes a new stream; any number may be watched at once, and all see the same changes in the same
    /// order. The stream ends when the client is released or the watching task is cancelled.
    ///
    /// ```swift
    /// Task {
    ///     for await state in client.loginStates() {
    ///         if case .loggedIn(let user) = state { print("signed in:", user.subject) }
    ///     }
    /// }
    /// ```
    ///
    /// Changes: a login starting → `loggingIn`; it completing → `loggedIn(user)`; it failing or being
    /// cancelled → back to the state before; ``resumeLastUser()`` finding a user → `loggedIn(user)`; that
    /// user logged out (``User/logout(revokeTokens:postLogoutRedirectURI:state:)``, or a refused refresh) →
    /// `loggedOut`. A state equal to the current one is not repeated.
    public func loginStates() -> AsyncStream<LoginState> {
        loginStateBroadcast.stream()
    }

    /// A user's session ended: the logout stream, the state stream and the user's delegates are told.
    /// `key` is the user's registry key (grant and account).
    func userLoggedOut(_ event: LogoutEvent, key: String) {
        logouts.send(event)
        loginStateBroadcast.loggedOut(key)
        userDelegates.userDidLogout(key)
    }
}
