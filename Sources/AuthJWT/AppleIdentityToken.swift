// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

/// A validated Sign in with Apple identity token, read as Apple documents its claims.
///
/// ```swift
/// let validator = IDTokenValidator.signInWithApple(clientID: "com.example.app")
/// let idToken = try validator.validate(identityToken, keys: appleKeys, now: now,
///                                      nonce: SHA256.hash(data: rawNonce.utf8).hexString)
/// let apple = try AppleIdentityToken(idToken)
/// apple.user                 // the stable user identifier (`sub`) for your team
/// apple.email                // only on the first sign-in, or when the user shares it again
/// apple.isPrivateEmail       // true for a private relay address
/// ```
///
/// Apple sends `email_verified` and `is_private_email` as the strings `"true"`/`"false"`; both forms are
/// read. The JWK Set is Apple's published one (`https://appleid.apple.com/auth/keys`); fetching it is the
/// client's job, and this type only reads a token that ``IDTokenValidator`` has already accepted.
public struct AppleIdentityToken: Sendable {
    /// The validated token underneath.
    public let idToken: IDToken
    /// `sub`: the user's stable identifier, the same across your team's apps.
    public let user: String
    /// `email`: the user's address or private relay address, when present.
    public let email: String?
    /// `email_verified`.
    public let emailVerified: Bool?
    /// `is_private_email`: whether `email` is an Apple private relay address.
    public let isPrivateEmail: Bool?
    /// `real_user_status`: 0 unsupported, 1 unknown, 2 likely real (the values of Apple's
    /// `ASUserDetectionStatus`).
    public let realUserStatus: Int?
    /// `nonce`: as sent in the request; Apple recommends sending the SHA-256 hex of a raw nonce.
    public let nonce: String?
    /// `nonce_supported`: whether the platform could carry the nonce.
    public let nonceSupported: Bool?

    /// Reads Apple's claims from a validated token.
    ///
    /// - Throws: ``AuthJWTError/invalidClaim(_:expected:)`` when one of them has the wrong type, and
    ///   ``AuthJWTError/issuerMismatch(expected:actual:)`` when the token is not from Apple.
    public init(_ idToken: IDToken) throws(AuthJWTError) {
        guard idToken.issuer.hasSameBytes(as: IDTokenValidator.appleIssuer) else {
            throw .issuerMismatch(expected: IDTokenValidator.appleIssuer, actual: idToken.issuer)
        }
        let claims = idToken.claims
        self.idToken = idToken
        user = idToken.subject
        email = try claims.email
        emailVerified = try claims.emailVerified
        isPrivateEmail = try claims.isPrivateEmail
        realUserStatus = try claims.realUserStatus
        nonce = try claims.nonce
        nonceSupported = try claims.nonceSupported
    }
}

extension IDTokenValidator {
    /// Apple's issuer, `https://appleid.apple.com`.
    public static let appleIssuer = "https://appleid.apple.com"

    /// A validator for Sign in with Apple identity tokens: issuer `https://appleid.apple.com`, audience your
    /// app's bundle identifier (or Services ID on the web), RS256 only, as Apple signs them.
    public static func signInWithApple(clientID: String) -> IDTokenValidator {
        var validator = IDTokenValidator(issuer: appleIssuer, clientID: clientID)
        validator.allowedAlgorithms = [.rs256]
        return validator
    }
}
