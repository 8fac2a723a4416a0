// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCredentials

/// A completed Sign in with Apple, like Apple's `ASAuthorization` with an Apple ID credential.
public struct AppleIDAuthorization: Sendable {
    /// The credential: user, name and email (first sign-in), identity token, code.
    public let credential: AppleIDCredential
    /// The request it answers.
    public let request: AppleIDRequest
}

/// Receives the end of an ``AppleIDAuthorizationController``'s requests, like Apple's
/// `ASAuthorizationControllerDelegate`, and isolated to the main actor as Apple's is: a `@MainActor` view
/// model conforms as it is. Exactly one of the two methods is called, once, on the main actor.
///
/// ```swift
/// @MainActor final class LoginModel: AppleIDAuthorizationControllerDelegate {
///     var user: String?
///     func authorizationController(_ controller: AppleIDAuthorizationController,
///                                  didCompleteWithAuthorization authorization: AppleIDAuthorization) {
///         user = authorization.credential.user
///     }
///     func authorizationController(_ controller: AppleIDAuthorizationController, didCompleteWithError error: AuthorizationError) {}
/// }
/// ```
@MainActor
public protocol AppleIDAuthorizationControllerDelegate: AnyObject, Sendable {
    func authorizationController(
        _ controller: AppleIDAuthorizationController, didCompleteWithAuthorization authorization: AppleIDAuthorization)
    func authorizationController(_ controller: AppleIDAuthorizationController, didCompleteWithError error: AuthorizationError)
}
