// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
public import AuthCredentials
public import AuthJWT

extension AuthClient {
    /// `urn:ietf:params:oauth:grant-type:jwt-bearer` (RFC 7523 §2.1).
    public static let jwtBearerGrantType = "urn:ietf:params:oauth:grant-type:jwt-bearer"

    /// The JWT bearer grant (RFC 7523 §2.1): an access token in exchange for a signed JWT that says whom it is
    /// for — made by another party (an identity provider, a workload's platform) or by
    /// ``JWTBearerAssertion/signed(by:)``.
    ///
    /// ```swift
    /// let tokens = try await client.requestJWTBearerToken(
    ///     assertion: workloadIdentityJWT, scopes: [Scope(rawValue: "reports:read")])
    /// ```
    ///
    /// The request carries `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`, `assertion` (one JWT, §2.1),
    /// the `scope` asked for (none when `scopes` is empty) and the RFC 8707 `resource`s (nil: the configuration's
    /// ``ClientConfiguration/resources``), with the client's authentication as configured — RFC 7523 §3.1 makes it
    /// optional, so a public client sends its `client_id` only. With ``ClientConfiguration/usesDPoP`` the tokens
    /// are bound to `dpopKey` (or a fresh key from `generator`). Transient failures are retried as the
    /// configuration's ``RetryPolicy`` allows.
    ///
    /// Checked before any request: the assertion is three dot-separated parts (a compact JWS;
    /// ``AuthClientError/invalidJWTBearerGrant(_:)``), the scopes are scope tokens, the resources absolute URIs. The
    /// server checks the assertion (§3); its refusal — `invalid_grant` for a bad assertion (§3.1),
    /// `invalid_client`, `invalid_scope`, `unsupported_grant_type` — is ``AuthClientError/tokenEndpoint(_:)`` with
    /// the OAuth error exactly as sent. Nothing is stored. The assertion is never logged or put in an error.
    public func requestJWTBearerToken(
        assertion: String, scopes: [Scope] = [], resources: [String]? = nil, dpopKey: P256PrivateKey? = nil,
        using generator: inout some RandomNumberGenerator
    ) async throws(AuthClientError) -> TokenSet {
        let parts = assertion.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .invalidJWTBearerGrant("the assertion is not a compact JWS (three base64url parts, RFC 7515 §7.1)")
        }
        return try await requestServiceToken(
            [FormParameter(name: "grant_type", value: Self.jwtBearerGrantType), FormParameter(name: "assertion", value: assertion)],
            scopes: scopes, resources: resources, dpopKey: dpopKey, event: .jwtBearer,
            messages: ("requesting a token with a JWT bearer assertion", "JWT bearer token received"), using: &generator)
    }

    /// ``requestJWTBearerToken(assertion:scopes:resources:dpopKey:using:)`` with the system's secure random number
    /// generator (used only for a fresh DPoP key).
    public func requestJWTBearerToken(
        assertion: String, scopes: [Scope] = [], resources: [String]? = nil, dpopKey: P256PrivateKey? = nil
    ) async throws(AuthClientError) -> TokenSet {
        var generator = SystemRandomNumberGenerator()
        return try await requestJWTBearerToken(
            assertion: assertion, scopes: scopes, resources: resources, dpopKey: dpopKey, using: &generator)
    }
}
