// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// The token exchange grant (RFC 8693 §2): the subject token (and the actor token, when sent) must be
    /// live access tokens this provider issued, typed `access_token`; the requested type, when sent, must be
    /// `access_token`; every `resource` and `audience` must be one of ``Configuration/resources``
    /// (`invalid_target`, §2.2.2). Issues an access token for the subject whose audience is those resources
    /// (or the subject token's), `issued_token_type` ``Configuration/tokenExchangeIssuedTokenType``, to the client that
    /// asked (`clientID`), which may be another than the subject token's.
    func exchangeToken(_ parameters: [FormParameter], clientID: String) -> TransportResponse {
        func value(_ name: String) -> String? { parameters.first { $0.name == name }?.value }
        guard let subjectToken = value("subject_token"), value("subject_token_type") == TokenType.accessToken.rawValue else {
            return Self.oauthError(.invalidRequest, "subject_token and subject_token_type (access_token) are required")
        }
        if value("actor_token") != nil, value("actor_token_type") != TokenType.accessToken.rawValue {
            return Self.oauthError(.invalidRequest, "actor_token_type must be access_token")
        }
        if let requested = value("requested_token_type"), requested != TokenType.accessToken.rawValue {
            return Self.oauthError(.invalidRequest, "only access tokens are issued")
        }
        let targets = parameters.filter { $0.name == "resource" || $0.name == "audience" }.map(\.value)
        if let unknown = targets.first(where: { !serves(resource: $0) }) {
            return Self.oauthError(.invalidTarget, "'\(unknown)' is not a resource this provider serves (RFC 8693 §2.2.2)")
        }
        let now = clock.now().secondsSince1970
        return state.withLock { state -> TransportResponse in
            let providerNow = now + state.skew
            guard let subject = state.accessTokens[subjectToken], providerNow < subject.expiresAt else {
                return Self.oauthError(.invalidRequest, "the subject token is not valid (RFC 8693 §2.2.2)")
            }
            if let actorToken = value("actor_token") {
                guard let actor = state.accessTokens[actorToken], providerNow < actor.expiresAt else {
                    return Self.oauthError(.invalidRequest, "the actor token is not valid (RFC 8693 §2.2.2)")
                }
            }
            let token = state.token()
            let audience = targets.isEmpty ? subject.audience : targets
            state.accessTokens[token] = .init(
                clientID: clientID, subject: subject.subject, scope: value("scope") ?? subject.scope,
                expiresAt: providerNow + configuration.accessTokenLifetime,
                audience: audience)
            return Self.json(
                200,
                [
                    "access_token": .string(token), "issued_token_type": .string(configuration.tokenExchangeIssuedTokenType.rawValue),
                    "token_type": "Bearer", "expires_in": .number(JSONNumber(configuration.accessTokenLifetime)),
                ])
        }
    }
}
