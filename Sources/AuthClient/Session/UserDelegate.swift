// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// AccountSDKIOSWeb's `UserDelegate`, for code written against it: told when the user is logged out —
/// by ``User/logout(revokeTokens:postLogoutRedirectURI:state:)``, or because a refresh was refused and the
/// session ended.
///
/// ```swift
/// @MainActor final class SessionController: UserDelegate {
///     func userDidLogout() { showLoginScreen() }
/// }
/// let controller = SessionController()
/// user.delegates.addDelegate(controller)        // held weakly, as the seed SDK does
/// ```
///
/// Called on the main actor, once per logout, after the tokens are gone. New code can watch
/// ``AuthClient/loginStates()`` or ``AuthClient/logoutEvents()`` instead; both carry the reason too.
@MainActor
public protocol UserDelegate: AnyObject, Sendable {
    /// The user was logged out.
    func userDidLogout()
}
