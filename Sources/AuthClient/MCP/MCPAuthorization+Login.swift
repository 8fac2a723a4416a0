// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthPKCE
public import AuthSession

extension MCPAuthorization {
    /// The authorization request for the server: PKCE S256, state, the client's scopes, a nonce when they
    /// include `openid`, and `resource` = ``resource`` (RFC 8707 §2.1), drawn from `generator`.
    ///
    /// ```swift
    /// let request = try mcp.authorizationRequest(using: &generator)   // open request.url in the browser
    /// let user = try await mcp.completeLogin(request, redirect: redirect)
    /// ```
    public func authorizationRequest(
        _ options: AuthorizationRequest.Options = .init(), using generator: inout some RandomNumberGenerator
    ) throws(AuthClientError) -> AuthorizationRequest {
        var options = options
        options.resources = [resource]
        return try client.authorizationRequest(options, using: &generator)
    }

    /// Signs the user in for the server: the browser step with ``authorizationRequest(_:using:)``, the code
    /// exchange with `resource` (RFC 8707 §2.2), ID-token validation when the client asked for `openid`
    /// (``ClientConfiguration/isOpenIDConnect``), and the tokens saved.
    ///
    /// ```swift
    /// let user = try await mcp.login(with: SystemBrowser())
    /// ```
    public func login(with userAgent: some UserAgent, using generator: inout some RandomNumberGenerator) async throws(AuthClientError)
        -> User
    {
        // The request carries `resource` (RFC 8707 §2.1), and so does the code exchange (§2.2).
        try await client.login(with: userAgent, options: .init(resources: [resource]), using: &generator)
    }

    /// A new login for the same grant after ``AuthClientError/reauthorizationRequired`` (a 401 with no refresh
    /// token to renew the access token with), or after the session ended: the browser step and code
    /// exchange of ``login(with:using:)`` again. The new tokens replace the old ones in the store under the
    /// same grant (issuer, client, ``resource``), and a ``User`` of the same account is the same object,
    /// now holding them.
    ///
    /// ```swift
    /// do {
    ///     response = try await user.send(request)
    /// } catch .reauthorizationRequired {
    ///     let user = try await mcp.reauthorize(with: SystemBrowser())    // the same User, new tokens
    ///     response = try await user.send(request)
    /// }
    /// ```
    public func reauthorize(with userAgent: some UserAgent) async throws(AuthClientError) -> User {
        try await login(with: userAgent)
    }

    /// ``login(with:using:)`` with the system's secure random number generator.
    public func login(with userAgent: some UserAgent) async throws(AuthClientError) -> User {
        var generator = SystemRandomNumberGenerator()
        return try await login(with: userAgent, using: &generator)
    }

    /// Steps after the browser for a redirect that arrived some other way: checks it against `request` and
    /// exchanges the code with the request's `resource`.
    public func completeLogin(_ request: AuthorizationRequest, redirect: Redirect) async throws(AuthClientError) -> User {
        try await client.completeLogin(request, redirect: redirect)
    }
}
