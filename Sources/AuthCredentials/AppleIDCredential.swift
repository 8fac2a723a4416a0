// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The result of a successful Sign in with Apple, with the properties of Apple's
/// `ASAuthorizationAppleIDCredential`.
///
/// ```swift
/// let credential = try AppleIDCredential(signInWithApple: response, identityToken: apple,
///                                        requestedScopes: [.fullName, .email])
/// credential.user          // the stable identifier to key your account on
/// credential.fullName      // only on the first sign-in: store it (CredentialStore)
/// credential.email         // the address or a private relay address, when shared
/// ```
///
/// `identityToken` and `authorizationCode` are the texts Apple sent (Apple's API gives their UTF-8 bytes as
/// `Data`). The code is for your server to exchange once, within five minutes; the description never
/// prints either.
public struct AppleIDCredential: Hashable, Codable, Sendable {
    /// The user's stable identifier (the identity token's `sub`), the same across your team's apps.
    public var user: String
    /// The `state` the request carried, echoed back.
    public var state: String?
    /// The scopes the user shared this time: empty after the first sign-in.
    public var authorizedScopes: [AuthorizationScope]
    /// The short-lived authorization code for your server.
    public var authorizationCode: String?
    /// The identity token (a JWT signed by Apple), as received.
    public var identityToken: String?
    /// The email address or private relay address, when the user shared it.
    public var email: String?
    /// The name the user entered, on the first sign-in only.
    public var fullName: PersonName?
    /// Whether the user is likely a real person.
    public var realUserStatus: UserDetectionStatus

    public init(
        user: String, state: String? = nil, authorizedScopes: [AuthorizationScope] = [], authorizationCode: String? = nil,
        identityToken: String? = nil, email: String? = nil, fullName: PersonName? = nil,
        realUserStatus: UserDetectionStatus = .unsupported
    ) {
        self.user = user
        self.state = state
        self.authorizedScopes = authorizedScopes
        self.authorizationCode = authorizationCode
        self.identityToken = identityToken
        self.email = email
        self.fullName = fullName
        self.realUserStatus = realUserStatus
    }
}

extension AppleIDCredential: CustomStringConvertible {
    /// The user and what was shared; the code, identity token and state are redacted.
    public var description: String {
        "AppleIDCredential(user: \(user), scopes: \(authorizedScopes.map(\.rawValue)), email: \(email == nil ? "none" : "present"), "
            + "fullName: \(fullName == nil ? "none" : "present"), realUserStatus: \(realUserStatus), "
            + "authorizationCode: \(authorizationCode == nil ? "none" : "<redacted>"), identityToken: \(identityToken == nil ? "none" : "<redacted>"))"
    }
}
