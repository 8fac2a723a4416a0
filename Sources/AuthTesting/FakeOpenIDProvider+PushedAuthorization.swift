// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// The pushed authorization request endpoint (RFC 9126 §2): authenticates the client, checks the
    /// parameters as the authorization endpoint would (client, registered redirect URI, known resources),
    /// refuses a `request_uri` inside the push (§2.1), and answers `201` with a single-use
    /// `urn:ietf:params:oauth:request_uri:…` that lives ``Configuration/pushedRequestLifetime`` seconds on
    /// the provider's clock (§2.2). Errors are the token endpoint's form (§2.3).
    func pushAuthorizationRequest(_ request: TransportRequest) -> TransportResponse {
        var parameters: [FormParameter]
        let clientID: String
        switch authenticatedForm(request) {
        case .success(let form): (parameters, clientID) = form
        case .failure(let refused): return refused.response
        }
        if parameters.contains(where: { $0.name == "request" }) {
            // RFC 9126 §3: the pushed request object's parameters stand for the request; the body's client_id
            // must match the one inside.
            do {
                parameters = try requestObjectParameters(parameters)
            } catch {
                return Self.oauthError(OAuthErrorCode(rawValue: "invalid_request_object"), error.reason)
            }
        } else if configuration.requiresSignedRequestObject {
            return Self.oauthError(.invalidRequest, "signed request objects are required (RFC 9101 §10.5)")
        }
        func value(_ name: String) -> String? { parameters.first { $0.name == name }?.value }
        guard value("request_uri") == nil else {
            return Self.oauthError(.invalidRequest, "request_uri must not be pushed (RFC 9126 §2.1)")
        }
        guard value("client_id") == clientID else {
            return Self.oauthError(.invalidRequest, "client_id is missing or another client's")
        }
        guard let redirectURI = value("redirect_uri"), isRegisteredRedirectURI(redirectURI) else {
            return Self.oauthError(.invalidRequest, "redirect_uri is not registered")
        }
        if let refused = refusedResource(parameters) { return Self.oauthError(.invalidTarget, refused) }
        let now = clock.now().secondsSince1970
        return state.withLock { state in
            let requestURI = "urn:ietf:params:oauth:request_uri:" + state.token()
            state.pushedRequests[requestURI] = ProviderState.PushedRequest(
                parameters: parameters, expiresAt: now + state.skew + configuration.pushedRequestLifetime)
            return Self.json(
                201, ["request_uri": .string(requestURI), "expires_in": .number(JSONNumber(configuration.pushedRequestLifetime))])
        }
    }

    /// The parameters an authorization request stands for: its own query, or — with `request_uri` — the
    /// pushed parameters (RFC 9126 §4), once, before they expire; an unknown, used or expired request URI
    /// is an error page (`invalid_request_uri`), since nothing tells where to redirect. Without
    /// `request_uri` when PAR is required, nil: the caller redirects with `invalid_request`.
    func authorizationParameters(_ query: [FormParameter]) throws(AuthSessionError) -> [FormParameter]? {
        guard let requestURI = query.first(where: { $0.name == "request_uri" })?.value else {
            return configuration.requiresPushedAuthorizationRequests ? nil : query
        }
        if requestURI.hasPrefix("https://") || requestURI.hasPrefix("http://") {
            // A request object by reference (RFC 9101 §5.2), fetched before the page was shown.
            guard let object = state.withLock({ $0.fetchedRequestObjects.removeValue(forKey: requestURI) }) else {
                throw .userAgentFailed("the provider shows an error page: invalid_request_uri (the request object could not be fetched)")
            }
            return query.filter { $0.name != "request_uri" } + [FormParameter(name: "request", value: object)]
        }
        let now = clock.now().secondsSince1970
        let pushed = state.withLock { state -> ProviderState.PushedRequest? in
            guard let pushed = state.pushedRequests.removeValue(forKey: requestURI), now + state.skew < pushed.expiresAt else { return nil }
            return pushed
        }
        guard let pushed else {
            throw .userAgentFailed("the provider shows an error page: invalid_request_uri (unknown, used or expired; RFC 9126 §4)")
        }
        guard query.first(where: { $0.name == "client_id" })?.value == pushed.parameters.first(where: { $0.name == "client_id" })?.value
        else {
            throw .userAgentFailed("the provider shows an error page: the client_id is not the pushed request's (RFC 9126 §4)")
        }
        return pushed.parameters
    }

    /// Whether the provider issues tokens for `resource`: one of ``Configuration/resources``, or a
    /// ``FakeProtectedResource`` that named this provider as its authorization server.
    func serves(resource: String) -> Bool {
        configuration.resources.contains(resource) || state.withLock { $0.protectedResources.contains(resource) }
    }

    /// Registers `resource` as one the provider issues tokens for (``FakeProtectedResource`` does, for itself).
    func serve(resource: String) {
        state.withLock { _ = $0.protectedResources.insert(resource) }
    }

    /// A description of the first `resource` that is not an absolute URI this provider serves (RFC 8707
    /// §2), or nil when all are.
    func refusedResource(_ parameters: [FormParameter]) -> String? {
        for parameter in parameters where parameter.name == "resource" {
            guard serves(resource: parameter.value) else {
                return "the resource '\(parameter.value)' is not one this provider serves (RFC 8707 §2)"
            }
        }
        return nil
    }

    /// The audience (RFC 8707 resources) of an access token this provider issued, or nil for a token it
    /// does not know (or no longer honours). For tests: what a resource server would read from the token.
    public func audience(ofAccessToken token: String) -> [String]? {
        state.withLock { $0.accessTokens[token]?.audience }
    }
}
