// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
public import AuthJWT

/// The claims the userinfo endpoint returns (OpenID Connect Core §5.3.2), with the same typed accessors as
/// an ID token's claims.
///
/// ```swift
/// let profile = try await user.fetchProfile()
/// profile.subject              // "alice"
/// try profile.claims.email     // "alice@example.com"
/// profile.claims["name"]       // any claim, as sent
/// ```
///
/// Checked: the body is a JSON object with a string `sub`; ``User/fetchProfile()`` also checks that `sub`
/// is the signed-in user's. Signed or encrypted userinfo (`application/jwt`) is not supported.
public struct UserInfo: Sendable {
    /// `sub`.
    public let subject: String
    /// Every claim.
    public let claims: JWTClaims

    /// Reads a userinfo response body.
    public init(json body: some Sequence<UInt8>) throws(AuthClientError) {
        let object: JSONObject
        do {
            guard let parsed = try JSONValue(parsing: body).objectValue else { throw AuthClientError.invalidUserInfo("not a JSON object") }
            object = parsed
        } catch let error as AuthClientError {
            throw error
        } catch {
            throw .invalidUserInfo("not JSON")
        }
        guard let subject = object["sub"]?.stringValue, !subject.isEmpty else { throw .invalidUserInfo("'sub' is missing") }
        self.subject = subject
        claims = JWTClaims(object)
    }
}
