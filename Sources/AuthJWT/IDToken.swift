// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An ID token that ``IDTokenValidator`` has validated: signature, issuer, audience and times checked.
///
/// Only the validator creates one, so a value of this type is proof that validation happened.
///
/// ```swift
/// let idToken = try validator.validate(token, keys: keys, now: now, nonce: nonce.value)
/// idToken.subject          // the user's stable identifier at this issuer
/// ```
public struct IDToken: Sendable {
    /// The decoded token.
    public let jwt: JWT
    /// `iss`, equal to the expected issuer.
    public let issuer: String
    /// `sub`, the user's identifier at the issuer (OIDC Core §2).
    public let subject: String
    /// `aud`, containing the client id.
    public let audience: [String]
    /// `exp`, in the future when validated.
    public let expiration: NumericDate
    /// `iat`.
    public let issuedAt: NumericDate
    /// The key that verified the signature.
    public let signingKey: JWK

    /// All claims, for anything not lifted out above.
    public var claims: JWTClaims { jwt.claims }
}
