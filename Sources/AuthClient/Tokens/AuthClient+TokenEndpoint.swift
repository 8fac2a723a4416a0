// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
public import AuthCredentials
import AuthJWT
import AuthPKCE

extension AuthClient {
    /// Step 4: exchanges the authorization code at the token endpoint (RFC 6749 §4.1.3) with the PKCE
    /// verifier (RFC 7636 §4.5) and the same redirect URI, authenticating as configured, and reads the
    /// response (RFC 6749 §5.1; errors §5.2). The ID token is not validated here: see
    /// ``validateIDToken(_:nonce:maxAge:accessToken:)``.
    ///
    /// `authorizationDetails` (RFC 9396 §6), when not empty, go as the `authorization_details` parameter: the
    /// details this access token is to carry, a subset of those authorized (to narrow it to one resource
    /// server, say); a type the provider does not list in `authorization_details_types_supported` (§10)
    /// throws ``AuthClientError/invalidAuthorizationDetails(_:)`` before anything is sent, and the code is
    /// not spent. The provider refuses details the grant does not cover with `invalid_authorization_details`
    /// (``AuthClientError/tokenEndpoint(_:)``).
    ///
    /// ```swift
    /// let accounts = AuthorizationDetail(type: "account_information")
    /// let tokens = try await client.exchangeCode(code, for: request, authorizationDetails: [accounts])
    /// tokens.authorizationDetails        // what the provider granted (§7), kept with the tokens
    /// ```
    ///
    /// What the response grants (§7) is kept in the set (`TokenSet.authorizationDetails`),
    /// exactly as sent — which may be less than was asked, enriched (§7.1), or of another type (kept, and
    /// logged as a warning). A response whose `authorization_details` is not an array of objects with a
    /// `type` is refused, and so is one without them when this request carried some: the provider must name
    /// what it granted (§7), and one that ignored the parameter would otherwise pass off a wider token as the
    /// narrowed one. Without `authorizationDetails`, a response without them leaves the set's nil — the
    /// authorization request's details are never recorded as granted.
    public func exchangeCode(
        _ code: String, for request: AuthorizationRequest, authorizationDetails: [AuthorizationDetail] = []
    ) async throws(AuthClientError) -> TokenSet {
        let details = try authorizationDetailsParameters(authorizationDetails)
        let receivedAt = clock.now()
        logger.log(
            .info, .codeExchange, "exchanging the code",
            ["endpoint": .url(metadata.tokenEndpoint), "code": .redacted, "code_verifier": .redacted])
        let response = try await tokenRequest(
            [
                FormParameter(name: "grant_type", value: "authorization_code"),
                FormParameter(name: "code", value: code),
                FormParameter(name: "redirect_uri", value: request.redirectURI),
                FormParameter(name: "code_verifier", value: request.pkce.verifier.value),
            ] + ResourceIndicator.parameters(request.resources) + details, dpopKey: request.dpopKey)
        logger.log(
            .info, .codeExchange, "tokens received",
            ["access_token": .redacted, "refresh_token": response.refreshToken == nil ? .text("none") : .redacted])
        return try tokenSet(response, receivedAt: receivedAt, dpopKey: request.dpopKey, requested: authorizationDetails)
    }

    /// Uses a refresh token (RFC 6749 §6), trying again after a transient failure as the configuration's
    /// ``RetryPolicy`` allows (waiting on the client's ``sleeper``). The response may rotate the refresh
    /// token; `TokenSet.refreshed(by:receivedAt:)` keeps the old one when it does not.
    ///
    /// ```swift
    /// let response = try await client.refreshTokens(tokens)   // retried on 5xx, 429, no response
    /// let renewed = tokens.refreshed(by: response, receivedAt: client.clock.now())
    /// ```
    ///
    /// Throws ``AuthClientError/refreshFailed(_:)`` with `.noRefreshToken` when there is none; a refusal is
    /// ``AuthClientError/tokenEndpoint(_:)`` with the OAuth error as sent; a failure that outlasts the
    /// retries is thrown as its last attempt ended (the transport failure, or the status). This method
    /// changes no stored state: ``User`` decides what a failure means for the session.
    ///
    /// `resources` (RFC 8707 §2.2) are sent as `resource` parameters; nil sends the configuration's
    /// ``ClientConfiguration/resources``. A refused resource is `tokenEndpoint` with `invalid_target`.
    ///
    /// A 200 answer refused after it arrived (an unknown `token_type`, an odd `expires_in`) is thrown as that
    /// error; a refresh token it rotated is never put in the error or the log. ``User`` keeps such a token
    /// (see `TokenResponse.salvagedRefreshToken(fromJSON:)`) — except after
    /// ``AuthClientError/dpopBindingRequired(tokenType:)`` (``ClientConfiguration/requiresDPoPBoundTokens``),
    /// which leaves the session exactly as it was.
    ///
    /// `authorizationDetails` (RFC 9396 §6, §6.1), when not empty, narrow the new access token: the
    /// `authorization_details` parameter asks for a subset of what the grant covers (the provider decides
    /// what "subset" means for each type, §6.1, and refuses the rest with `invalid_authorization_details`).
    /// Types the provider does not list in `authorization_details_types_supported` (§10) throw
    /// ``AuthClientError/invalidAuthorizationDetails(_:)`` before anything is sent. The answer must name the
    /// details it granted (§7), or it is refused the same way (see ``exchangeCode(_:for:authorizationDetails:)``);
    /// `TokenSet.refreshed(by:receivedAt:)` then records them. Without `authorizationDetails`, an answer that
    /// names none keeps the previous ones there, as RFC 6749 §6 keeps `scope`.
    ///
    /// ```swift
    /// let payments = AuthorizationDetail(type: "payment_initiation")
    /// let response = try await client.refreshTokens(tokens, authorizationDetails: [payments])
    /// let narrowed = tokens.refreshed(by: response, receivedAt: client.clock.now())
    /// ```
    public func refreshTokens(
        _ tokens: TokenSet, resources: [String]? = nil, authorizationDetails: [AuthorizationDetail] = []
    ) async throws(AuthClientError) -> TokenResponse {
        try await refreshTokensSalvaging(tokens, resources: resources, authorizationDetails: authorizationDetails).result.get()
    }

    /// ``refreshTokens(_:resources:authorizationDetails:)``, and the rotated refresh token of a 200 response that was refused
    /// after it arrived (an unknown `token_type`, an odd `expires_in`, `token_type` DPoP to a request without
    /// a proof): the provider may have spent the old refresh token already (RFC 9700 §4.14.2), so the caller
    /// must keep `salvagedRefreshToken` even though `result` is a failure, or the next refresh is refused.
    ///
    /// ```swift
    /// let (result, salvaged) = await client.refreshTokensSalvaging(tokens, resources: nil)
    /// if case .failure = result, let salvaged { tokens.refreshToken = salvaged; /* save tokens */ }
    /// ```
    ///
    /// `salvagedRefreshToken` is nil on success (the response holds the refresh token), for an error body
    /// or any status other than 200, when the salvaged token is the one that was sent, and for a Bearer
    /// answer refused as `dpopBindingRequired` (the app asked for the session to stay as it was). A 200 is not
    /// retried unless its body is an OAuth error (which has nothing to salvage); a salvaged token is kept
    /// across retries anyway.
    package func refreshTokensSalvaging(
        _ tokens: TokenSet, resources: [String]? = nil, authorizationDetails: [AuthorizationDetail] = []
    ) async -> (result: Result<TokenResponse, AuthClientError>, salvagedRefreshToken: String?) {
        guard let refreshToken = tokens.refreshToken else { return (.failure(.refreshFailed(.noRefreshToken)), nil) }
        let resources = resources ?? configuration.resources
        let details: [FormParameter]
        do {
            try ResourceIndicator.check(resources)
            details = try authorizationDetailsParameters(authorizationDetails)
        } catch {
            return (.failure(error), nil)
        }
        var parameters = [
            FormParameter(name: "grant_type", value: "refresh_token"),
            FormParameter(name: "refresh_token", value: refreshToken),
        ]
        if let scopes = tokens.scopes { parameters.append(FormParameter(name: "scope", value: scopes.joined(separator: " "))) }
        parameters += ResourceIndicator.parameters(resources) + details
        var salvaged: String? = nil
        let result: Result<TokenResponse, AuthClientError>
        do {
            let response = try await retrying(salvaging: &salvaged) { () async throws(AuthClientError) in
                try await send(form: parameters, to: metadata.tokenEndpoint, dpopKey: tokens.dpopKey)
            }
            do {
                // A DPoP-bound answer to a request without a proof cannot be used (RFC 9449 §5), nor a Bearer
                // answer when the configuration requires DPoP-bound tokens.
                // And authorization_details that cannot be read, or none named after a narrowing (RFC 9396 §7).
                _ = try tokenSet(
                    response, receivedAt: clock.now(), dpopKey: tokens.dpopKey, requested: authorizationDetails, event: .refresh)
                result = .success(response)
            } catch {
                // A required binding the answer lacks leaves the session as it was: its refresh token is not kept.
                if case .dpopBindingRequired = error {} else { salvaged = response.refreshToken.flatMap { $0.isEmpty ? nil : $0 } }
                result = .failure(error)
            }
        } catch {
            result = .failure(error)
        }
        guard case .failure(let error) = result, let rotated = salvaged, rotated != refreshToken else { return (result, nil) }
        logger.log(
            .warning, .refresh, "the refresh response was refused after it arrived; its rotated refresh token is kept",
            ["refresh_token": .redacted, "error": .text(error.description)])
        return (result, rotated)
    }

    /// Runs `attempt` and reads its token response, again after each transient failure while the retry
    /// policy allows: no response (`TransportFailure.isTransient`), 429 or 5xx (honouring `Retry-After`),
    /// or an OAuth `server_error` / `temporarily_unavailable` (some providers send these from the token
    /// endpoint, though RFC 6749 §5.2 defines them only for the authorization endpoint).
    ///
    /// A 200 whose body is refused sets `salvaged` to its refresh token, when it has one
    /// (`TokenResponse.salvagedRefreshToken(fromJSON:)`); a later attempt never clears it.
    func retrying(
        salvaging salvaged: inout String?, _ attempt: () async throws(AuthClientError) -> TransportResponse
    ) async throws(AuthClientError) -> TokenResponse {
        let policy = configuration.retryPolicy
        var attempts = 1
        while true {
            var retryAfter: Int64? = nil
            do throws(AuthClientError) {
                let response = try await attempt()
                retryAfter = RetryPolicy.retryAfterSeconds(response.header("Retry-After"))
                do {
                    return try Self.readTokenResponse(response)
                } catch {
                    if response.status == 200, let token = TokenResponse.salvagedRefreshToken(fromJSON: response.body) { salvaged = token }
                    throw error
                }
            } catch {
                guard Self.isTransient(error), let delay = policy.delay(after: attempts, retryAfter: retryAfter) else { throw error }
                logger.log(
                    .warning, .retry, "a token request failed transiently; trying again",
                    ["attempt": .number(Int64(attempts)), "delay": .text("\(delay)"), "error": .text(error.description)])
                do {
                    try await sleeper.sleep(for: delay)
                } catch {
                    throw .transportFailed(TransportFailure(.cancelled))
                }
            }
            attempts += 1
        }
    }

    /// Whether trying again may help (see `retrying(salvaging:_:)`).
    static func isTransient(_ error: AuthClientError) -> Bool {
        switch error {
        case .transportFailed(let failure): failure.isTransient
        case .unexpectedResponse(_, let status, _): status == 429 || (500...599).contains(status)
        case .tokenEndpoint(.tokenErrorResponse(let response)): response.error == .serverError || response.error == .temporarilyUnavailable
        default: false
        }
    }

    /// A token-endpoint request with client authentication, read as a token response or an error.
    func tokenRequest(_ parameters: [FormParameter], dpopKey: P256PrivateKey? = nil) async throws(AuthClientError) -> TokenResponse {
        try Self.readTokenResponse(try await send(form: parameters, to: metadata.tokenEndpoint, dpopKey: dpopKey))
    }

    /// A token endpoint's answer: 200 is a token response (RFC 6749 §5.1); 400 or 401 with an OAuth error
    /// body is that error (§5.2); anything else is ``AuthClientError/unexpectedResponse(endpoint:status:reason:)``
    /// with its status.
    static func readTokenResponse(_ response: TransportResponse) throws(AuthClientError) -> TokenResponse {
        switch response.status {
        case 200:
            do {
                return try TokenResponse(json: response.body)
            } catch {
                throw .tokenEndpoint(error)
            }
        case 400, 401:
            // RFC 6749 §5.2: 400 (or 401 for invalid_client) with a JSON error body.
            do {
                _ = try TokenResponse(json: response.body)
            } catch .tokenErrorResponse(let error) {
                throw .tokenEndpoint(.tokenErrorResponse(error))
            } catch {}
            throw .unexpectedResponse(endpoint: "token", status: response.status, reason: "no OAuth error in the body (RFC 6749 §5.2)")
        case 429:
            throw .unexpectedResponse(endpoint: "token", status: 429, reason: "too many requests; try again later (RFC 6585 §4)")
        default:
            throw .unexpectedResponse(endpoint: "token", status: response.status, reason: "expected 200, or 400 with an OAuth error")
        }
    }

    /// POSTs a form with this client's authentication (RFC 6749 §2.3.1): the client id in the body for a
    /// public client, with the secret for `client_secret_post`, HTTP Basic for `client_secret_basic`, or a
    /// fresh HS256 client assertion for `client_secret_jwt`, or one signed by the client's key for
    /// `private_key_jwt` (RFC 7523 §2.2, OpenID Connect Core §9); plus `headers`. `client_id` is added only
    /// when the form lacks it (a pushed authorization request carries it already).
    func send(form parameters: [FormParameter], to endpoint: String, headers: [HeaderField] = []) async throws(AuthClientError)
        -> TransportResponse
    {
        var parameters = parameters
        var request = TransportRequest(method: .post, url: endpoint)
        request.setHeader("Content-Type", "application/x-www-form-urlencoded")
        request.setHeader("Accept", "application/json")
        for field in headers { request.setHeader(field.name, field.value) }
        let clientID = FormParameter(name: "client_id", value: configuration.clientID)
        let hasClientID = parameters.contains { $0.name == "client_id" }
        switch configuration.clientAuthentication {
        case .none:
            if !hasClientID { parameters.append(clientID) }
        case .clientSecretPost(let secret):
            if !hasClientID { parameters.append(clientID) }
            parameters.append(FormParameter(name: "client_secret", value: secret))
        case .clientSecretBasic(let secret):
            request.setHeader("Authorization", BasicAuthorization.header(clientID: configuration.clientID, secret: secret))
        case .clientSecretJWT(let secret, let audience):
            if !hasClientID { parameters.append(clientID) }
            let assertion = configuration.assertionIDs.assertion(
                clientID: configuration.clientID, audience: audience == .issuer ? configuration.issuer : metadata.tokenEndpoint,
                now: clock.now())
            parameters += ClientAssertion.formParameters(assertion.macedWithHS256(secret: secret))
        case .privateKeyJWT(let assertionKey, let audience):
            if !hasClientID { parameters.append(clientID) }
            let assertion = configuration.assertionIDs.assertion(
                clientID: configuration.clientID, audience: audience == .issuer ? configuration.issuer : metadata.tokenEndpoint,
                now: clock.now())
            parameters += ClientAssertion.formParameters(try await assertion.signed(by: assertionKey.key))
        }
        request.body = Array(FormParameter.encode(parameters).utf8)
        return try await transport.exchange(request)
    }
}
