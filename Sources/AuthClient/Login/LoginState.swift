// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Where a client is: nobody signed in, a login under way, or a user signed in. Watch it with
/// ``AuthClient/loginStates()``; read it now with ``AuthClient/loginState``.
///
/// ```swift
/// for await state in client.loginStates() {
///     switch state {
///     case .loggedOut: showLoginButton()
///     case .loggingIn: showSpinner()
///     case .loggedIn(let user): showHome(for: user.subject)
///     }
/// }
/// ```
///
/// Two states are equal when they are the same case for the same ``User`` object.
public enum LoginState: Sendable, Equatable, CustomStringConvertible {
    /// Nobody is signed in (at start, after a logout, after a refresh failure ended the session).
    case loggedOut
    /// A login started (``AuthClient/login(with:options:using:)`` or ``AuthClient/beginLogin(_:using:)``)
    /// and has not completed, failed or been cancelled yet.
    case loggingIn
    /// This user is signed in (a completed login, or ``AuthClient/resumeLastUser()``).
    case loggedIn(User)

    public static func == (lhs: LoginState, rhs: LoginState) -> Bool {
        switch (lhs, rhs) {
        case (.loggedOut, .loggedOut), (.loggingIn, .loggingIn): true
        case (.loggedIn(let left), .loggedIn(let right)): left === right
        default: false
        }
    }

    /// The case, with the user's subject (an identifier, not a secret).
    public var description: String {
        switch self {
        case .loggedOut: "loggedOut"
        case .loggingIn: "loggingIn"
        case .loggedIn(let user): "loggedIn(\(user.subject ?? "no subject"))"
        }
    }
}
