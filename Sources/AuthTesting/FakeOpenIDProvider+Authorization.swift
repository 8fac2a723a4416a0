// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// The authorization endpoint (RFC 6749 §4.1.1, OpenID Connect Core §3.1.2): checks the request, lets
    /// the user act, and returns the redirect URL. A request that cannot be redirected (unknown client or
    /// redirect URI) throws, as a real provider shows an error page instead of redirecting (RFC 6749 §4.1.2.1).
    func authorize(_ url: URI, as authorization: Authorization, counted: Bool = true) throws(AuthSessionError) -> (String, [UInt8]?) {
        if counted { state.withLock { $0.counts[.authorization, default: 0] += 1 } }
        if case .cancel = authorization { throw .canceledLogin }
        let query: [FormParameter]
        do {
            query = try url.queryParameters()
        } catch {
            throw .userAgentFailed("the provider shows an error page: the authorization URL does not parse")
        }
        let pushed = try authorizationParameters(query)
        var parameters = pushed ?? query
        let signed = parameters.contains { $0.name == "request" }
        if signed {
            // RFC 9101 §6: nothing in an unverified request object is trusted, not even its redirect_uri: an
            // error page, not a redirect.
            do {
                parameters = try requestObjectParameters(parameters)
            } catch {
                throw .userAgentFailed("the provider shows an error page: invalid_request_object: \(error.reason)")
            }
        }
        func value(_ name: String) -> String? { parameters.first { $0.name == name }?.value }
        state.withLock { $0.lastAuthorizationParameters = parameters }
        guard let clientID = value("client_id"), let client = client(clientID) else {
            throw .userAgentFailed("the provider shows an error page: unknown client_id")
        }
        guard let redirectURI = value("redirect_uri"), Self.redirectURI(redirectURI, isAmong: client.redirectURIs) else {
            throw .userAgentFailed("the provider shows an error page: redirect_uri is not registered")
        }
        let state = value("state")
        func redirect(_ response: [FormParameter], state: String? = state) -> (String, [UInt8]?) {
            var response = response
            if let state, !misbehaves(.authorizationResponseWithoutState) { response.append(FormParameter(name: "state", value: state)) }
            if configuration.sendsIssuerInAuthorizationResponse, !misbehaves(.authorizationResponseWithoutIssuer) {
                let issuer = misbehaves(.authorizationResponseWithWrongIssuer) ? configuration.issuer + "/impostor" : configuration.issuer
                response.append(FormParameter(name: "iss", value: issuer))
            }
            return deliver(response, to: redirectURI, mode: value("response_mode"), clientID: clientID)
        }
        func error(_ code: OAuthErrorCode, _ description: String) -> (String, [UInt8]?) {
            redirect([FormParameter(name: "error", value: code.rawValue), FormParameter(name: "error_description", value: description)])
        }
        guard pushed != nil else {
            return error(.invalidRequest, "pushed authorization requests are required (RFC 9126 §5)")
        }
        // A pushed request was checked at the PAR endpoint, which refuses one without a request object.
        guard signed || !configuration.requiresSignedRequestObject || query.contains(where: { $0.name == "request_uri" }) else {
            return error(.invalidRequest, "signed request objects are required (RFC 9101 §10.5)")
        }
        if let refused = refusedResource(parameters) { return error(.invalidTarget, refused) }
        guard value("response_type") == "code" else { return error(.unsupportedResponseType, "only code is supported") }
        guard let challenge = value("code_challenge"), value("code_challenge_method") == "S256" else {
            return error(.invalidRequest, "PKCE with S256 is required")
        }
        let scope = value("scope") ?? ""
        // An OpenID Provider here takes only OpenID Connect requests; a plain OAuth 2.0 server refuses openid.
        if configuration.supportsOpenIDConnect {
            guard scope.split(separator: " ").contains("openid") else { return error(.invalidScope, "openid is required") }
        } else if scope.split(separator: " ").contains("openid") {
            return error(.invalidScope, "openid is not supported: this is an OAuth 2.0 server without OpenID Connect")
        }

        let subject: String
        switch authorization {
        case .deny: return error(.accessDenied, "the user denied the request")
        case .error(let code): return error(code, "the provider refused the request")
        case .cancel: throw .canceledLogin
        case .approve(let name): subject = name
        case .forgedState: subject = configuration.users.keys.sorted().first ?? "alice"
        }
        guard configuration.users[subject] != nil else {
            throw .userAgentFailed("the provider shows an error page: no user '\(subject)'")
        }
        let code = self.state.withLock { provider in
            let code = provider.token()
            let authentication = provider.nextAuthentications.isEmpty ? (acr: nil, amr: []) : provider.nextAuthentications.removeFirst()
            provider.codes[code] = ProviderState.CodeGrant(
                clientID: clientID, redirectURI: redirectURI, challenge: challenge, nonce: value("nonce"),
                subject: subject, scope: scope, authTime: clock.now().secondsSince1970 + provider.skew, acr: authentication.acr,
                amr: authentication.amr, resources: parameters.filter { $0.name == "resource" }.map(\.value), dpopJKT: value("dpop_jkt"),
                authorizationDetails: value("authorization_details").flatMap { try? JSONValue(parsing: $0) })
            return code
        }
        if case .forgedState = authorization {
            return redirect([FormParameter(name: "code", value: code)], state: "forged-by-an-attacker")
        }
        return redirect([FormParameter(name: "code", value: code)])
    }
}
