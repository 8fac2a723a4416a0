// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials

extension User {
    /// The claims of the user's ID token — from the login, or from the last refresh that brought a new
    /// one — with the standard profile claims as properties (``IDTokenClaims``); nil when the tokens have
    /// no ID token, or once logged out.
    ///
    /// ```swift
    /// let user = try await client.login(with: browser)
    /// let name = try await user.idTokenClaims?.name          // "Alice Example"
    /// let methods = try await user.idTokenClaims?.authenticationMethods   // [.password, .otp]
    /// ```
    ///
    /// Read from the tokens themselves, so a user from ``AuthClient/resumeLastUser()`` has them at once,
    /// offline. The token was validated before it was kept (at login or refresh); it is not validated again
    /// here, so the claims are as trustworthy as the credential store.
    public var idTokenClaims: IDTokenClaims? {
        tokens?.idToken.flatMap { try? IDTokenClaims(idToken: $0) }
    }
}
