// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// The client credentials grant (RFC 6749 §4.4): only a confidential client (one registered with a
    /// client authentication method other than `none`) may use it (`unauthorized_client`, §5.2); every
    /// `resource` must be one of ``Configuration/resources`` (`invalid_target`, RFC 8707 §2). Issues an access
    /// token whose subject is the client itself, for the scope asked for (none when none was), with no refresh
    /// token (§4.4.3: it SHOULD NOT be included) and no ID token; DPoP-bound to `jkt` when the request proved a key.
    func grantClientCredentials(_ parameters: [FormParameter], clientID: String, jkt: String?) -> TransportResponse {
        guard configuration.supportsClientCredentialsGrant else {
            return Self.oauthError(.unsupportedGrantType, "this provider does not offer the client credentials grant")
        }
        guard let authentication = authentication(ofClient: clientID), authentication != .none else {
            return Self.oauthError(.unauthorizedClient, "the client credentials grant is for confidential clients (RFC 6749 §4.4)")
        }
        let resources = parameters.filter { $0.name == "resource" }.map(\.value)
        if let unknown = resources.first(where: { !serves(resource: $0) }) {
            return Self.oauthError(.invalidTarget, "'\(unknown)' is not a resource this provider serves (RFC 8707 §2)")
        }
        let scope = parameters.first { $0.name == "scope" }?.value ?? ""
        if let refused = refusedScope(scope) { return refused }
        // RFC 9396 §6, §7: the authorization details asked for are granted and echoed.
        let details = parameters.first { $0.name == "authorization_details" }.flatMap { try? JSONValue(parsing: $0.value) }
        return issueServiceToken(
            clientID: clientID, subject: clientID, scope: scope, resources: resources, jkt: jkt, now: clock.now().secondsSince1970,
            authorizationDetails: details
        ) { $0.clientCredentialsGrants += 1 }
    }

    /// `invalid_scope` (RFC 6749 §5.2) for a scope outside ``Configuration/grantableScopes``; nil when all may be granted.
    func refusedScope(_ scope: String) -> TransportResponse? {
        guard let grantable = configuration.grantableScopes,
            let outside = scope.split(separator: " ").first(where: { !grantable.contains(String($0)) })
        else { return nil }
        return Self.oauthError(.invalidScope, "the scope '\(outside)' may not be granted to this client")
    }

    /// An access token for a grant without a user session (client credentials, JWT bearer): no refresh token
    /// (RFC 6749 §4.4.3) and no ID token; DPoP-bound to `jkt` when the request proved a key. `count` notes the grant.
    func issueServiceToken(
        clientID: String, subject: String, scope: String, resources: [String], jkt: String?, now: Int64,
        authorizationDetails: JSONValue? = nil, count: (inout ProviderState) -> Void
    ) -> TransportResponse {
        state.withLock { state -> TransportResponse in
            let issuedAt = now + state.skew
            let token = state.token()
            let accessTokenKey = state.answersDPoPWithBearer ? nil : jkt
            state.accessTokens[token] = .init(
                clientID: clientID, subject: subject, scope: scope, expiresAt: issuedAt + configuration.accessTokenLifetime,
                audience: resources, jkt: accessTokenKey)
            count(&state)
            var body = JSONObject()
            try? body.append("access_token", .string(token))
            try? body.append("token_type", accessTokenKey == nil ? "Bearer" : "DPoP")
            try? body.append("expires_in", .number(JSONNumber(configuration.accessTokenLifetime)))
            if let authorizationDetails { try? body.append("authorization_details", authorizationDetails) }
            if !scope.isEmpty { try? body.append("scope", .string(scope)) }
            return Self.json(200, .object(body))
        }
    }

    /// How many client credentials grants (RFC 6749 §4.4) were answered with a token.
    public var clientCredentialsGrantCount: Int { state.withLock { $0.clientCredentialsGrants } }
}
