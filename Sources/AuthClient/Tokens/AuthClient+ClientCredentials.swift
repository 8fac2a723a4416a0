// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
public import AuthCredentials
public import AuthJWT

extension AuthClient {
    /// The client credentials grant (RFC 6749 §4.4): an access token for the client itself, not for a user —
    /// for a service, a CI job or a daemon that calls an API in its own name.
    ///
    /// ```swift
    /// let configuration = try ClientConfiguration(
    ///     issuer: "https://login.example.com", clientID: "nightly-job",
    ///     clientAuthentication: .clientSecretBasic(secret), redirectURI: "https://unused.example.com/", scopes: [])
    /// let client = try await AuthClient.discover(configuration)
    /// let tokens = try await client.requestClientCredentialsToken(
    ///     scopes: [Scope(rawValue: "reports:read")], resources: ["https://api.example.com/"])
    /// tokens.accessToken   // send as Authorization: Bearer … (or DPoP … when bound)
    /// ```
    ///
    /// The request carries `grant_type=client_credentials`, the `scope` asked for (none when `scopes` is
    /// empty: the server's default, §3.3) and the RFC 8707 `resource`s (nil: the configuration's
    /// ``ClientConfiguration/resources``), authenticated as the configuration says. With
    /// ``ClientConfiguration/usesDPoP`` the request proves `dpopKey` (or a fresh key from `generator` when it is
    /// nil) and the tokens are bound to it (RFC 9449 §5). Transient failures are retried as the configuration's
    /// ``RetryPolicy`` allows.
    ///
    /// Checked: the client is confidential — §4.4 allows the grant only to one that authenticates, so a public
    /// client (``ClientAuthentication/none``) throws `invalidConfiguration` before any request; every scope is a
    /// scope token and every resource an absolute URI without a fragment (`invalidConfiguration`,
    /// `invalidResource`). A refusal (`invalid_client`, `unauthorized_client`, `invalid_scope`, `invalid_target`)
    /// is ``AuthClientError/tokenEndpoint(_:)`` with the OAuth error as sent. Nothing is stored and no user is
    /// signed in: there is no ID token to identify one, and a refresh token, which §4.4.3 says should not be
    /// issued, is kept in the returned set only if the server sent one.
    ///
    /// `authorizationDetails` (RFC 9396 §6) go as the `authorization_details` parameter, the JSON array, when
    /// not empty; a type the provider does not list in `authorization_details_types_supported` is
    /// ``AuthClientError/invalidAuthorizationDetails(_:)`` before any request. The answer must name the
    /// details it granted (RFC 9396 §7), kept in the returned set's `authorizationDetails`; one that does not
    /// is refused the same way (see ``exchangeCode(_:for:authorizationDetails:)``).
    public func requestClientCredentialsToken(
        scopes: [Scope] = [], resources: [String]? = nil, dpopKey: P256PrivateKey? = nil, authorizationDetails: [AuthorizationDetail] = [],
        using generator: inout some RandomNumberGenerator
    ) async throws(AuthClientError) -> TokenSet {
        guard configuration.clientAuthentication != .none else {
            throw .invalidConfiguration(
                "the client credentials grant is only for confidential clients (RFC 6749 §4.4): configure a client authentication")
        }
        var grant = [FormParameter(name: "grant_type", value: "client_credentials")]
        grant += try authorizationDetailsParameters(authorizationDetails)
        return try await requestServiceToken(
            grant, scopes: scopes, resources: resources, dpopKey: dpopKey, authorizationDetails: authorizationDetails,
            event: .clientCredentials,
            messages: ("requesting a client credentials token", "client credentials token received"), using: &generator)
    }

    /// A token request of a grant without a user (client credentials, JWT bearer): `grant` plus the `scope` asked
    /// for (none when empty) and the RFC 8707 `resource`s (nil: the configuration's), after checking both, sent
    /// with the client's authentication, DPoP (`dpopKey`, or a fresh key) when configured, and the retry policy;
    /// logged as `event` with `messages` (the token redacted).
    func requestServiceToken(
        _ grant: [FormParameter], scopes: [Scope], resources: [String]?, dpopKey: P256PrivateKey?,
        authorizationDetails: [AuthorizationDetail] = [], event: AuthLogRecord.Event,
        messages: (request: StaticString, received: StaticString), using generator: inout some RandomNumberGenerator
    ) async throws(AuthClientError) -> TokenSet {
        if let invalid = scopes.first(where: { !$0.isValid }) {
            throw .invalidConfiguration("'\(invalid.rawValue)' is not a scope token (RFC 6749 §3.3)")
        }
        let resources = resources ?? configuration.resources
        try ResourceIndicator.check(resources)
        var parameters = grant
        if !scopes.isEmpty { parameters.append(FormParameter(name: "scope", value: scopes.map(\.rawValue).joined(separator: " "))) }
        parameters += ResourceIndicator.parameters(resources)
        let key = dpopKey ?? newDPoPKey(using: &generator)
        logger.log(.info, event, messages.request, ["endpoint": .url(metadata.tokenEndpoint)])
        let receivedAt = clock.now()
        var salvaged: String? = nil
        let response = try await retrying(salvaging: &salvaged) { () async throws(AuthClientError) in
            try await send(form: parameters, to: metadata.tokenEndpoint, dpopKey: key)
        }
        logger.log(.info, event, messages.received, ["access_token": .redacted])
        return try tokenSet(response, receivedAt: receivedAt, dpopKey: key, requested: authorizationDetails, event: event)
    }

    /// ``requestClientCredentialsToken(scopes:resources:dpopKey:authorizationDetails:using:)`` with the system's
    /// secure random number generator (used only for a fresh DPoP key).
    public func requestClientCredentialsToken(
        scopes: [Scope] = [], resources: [String]? = nil, dpopKey: P256PrivateKey? = nil, authorizationDetails: [AuthorizationDetail] = []
    ) async throws(AuthClientError) -> TokenSet {
        var generator = SystemRandomNumberGenerator()
        return try await requestClientCredentialsToken(
            scopes: scopes, resources: resources, dpopKey: dpopKey, authorizationDetails: authorizationDetails, using: &generator)
    }
}
