// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCredentials

/// A Sign in with Apple request, like Apple's `ASAuthorizationAppleIDRequest`: made by
/// ``AppleIDProvider/createRequest()``, then given scopes, a state and a nonce.
///
/// ```swift
/// var request = provider.createRequest()
/// request.requestedScopes = [.fullName, .email]
/// request.nonce = SHA256.hash(data: rawNonce.utf8).hexString   // Apple's recommendation
/// ```
public struct AppleIDRequest: Sendable {
    /// The scopes to ask for; the name and email come only on the first sign-in.
    public var requestedScopes: [AuthorizationScope]
    /// The `state` sent and checked on return; a fresh random one unless you set your own.
    public var state: String
    /// The `nonce` to put in the identity token and to check there; nil sends none.
    public var nonce: String?

    public init(requestedScopes: [AuthorizationScope] = [], state: String, nonce: String? = nil) {
        self.requestedScopes = requestedScopes
        self.state = state
        self.nonce = nonce
    }
}
