// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// Ways the introspection endpoint can misbehave (``Configuration/introspectionMisbehaviour``).
    public enum IntrospectionMisbehaviour: Sendable, Hashable {
        /// The answer has no `active` member (RFC 7662 §2.2 requires it).
        case omitsActive
        /// A signed answer (RFC 9701) names another client in `aud`.
        case signsForAnotherAudience
        /// A signed answer is signed by a key the provider never published.
        case signsWithUnpublishedKey
    }

    /// The introspection endpoint (RFC 7662 §2): only an authenticated confidential client may ask (a public
    /// one is `invalid_client`, 401, §2.1). A token this provider issued and that has not expired is active,
    /// with `scope`, `client_id`, `sub`, `token_type`, `exp`, `iss`, `aud` (when it has resources) and `cnf.jkt`
    /// (when DPoP-bound); any other token is `{"active": false}` (§2.2). With `Accept:
    /// application/token-introspection+jwt` the answer is a JWT (RFC 9701 §5) signed by the provider's key, `aud`
    /// the asking client.
    func introspect(_ request: TransportRequest) -> TransportResponse {
        let parameters: [FormParameter]
        let clientID: String
        switch authenticatedForm(request) {
        case .success(let form): (parameters, clientID) = form
        case .failure(let refused): return refused.response
        }
        guard let authentication = authentication(ofClient: clientID), authentication != .none else {
            return Self.json(
                401, ["error": "invalid_client", "error_description": "introspection needs client authentication (RFC 7662 §2.1)"])
        }
        guard let token = parameters.first(where: { $0.name == "token" })?.value else {
            return Self.oauthError(.invalidRequest, "the token parameter is required (RFC 7662 §2.1)")
        }
        let now = clock.now().secondsSince1970
        let misbehaviour = configuration.introspectionMisbehaviour
        var answer = JSONObject()
        let signedAnswer: String? = state.withLock { state -> String? in
            state.introspections += 1
            let providerNow = now + state.skew
            if misbehaviour != .omitsActive {
                if let grant = state.accessTokens[token], providerNow < grant.expiresAt {
                    try? answer.append("active", true)
                    if !grant.scope.isEmpty { try? answer.append("scope", .string(grant.scope)) }
                    try? answer.append("client_id", .string(grant.clientID))
                    try? answer.append("sub", .string(grant.subject))
                    try? answer.append("token_type", grant.jkt == nil ? "Bearer" : "DPoP")
                    try? answer.append("exp", .number(JSONNumber(grant.expiresAt)))
                    try? answer.append("iss", .string(configuration.issuer))
                    if !grant.audience.isEmpty { try? answer.append("aud", .array(grant.audience.map(JSONValue.string))) }
                    if let jkt = grant.jkt { try? answer.append("cnf", ["jkt": .string(jkt)]) }
                } else {
                    try? answer.append("active", false)
                }
            }
            let wantsJWT = (request.header("Accept") ?? "").lowercased().contains("application/token-introspection+jwt")
            guard wantsJWT else { return nil }
            var claims = JSONObject()
            try? claims.append("iss", .string(configuration.issuer))
            try? claims.append("aud", .string(misbehaviour == .signsForAnotherAudience ? "another-client" : clientID))
            try? claims.append("iat", .number(JSONNumber(providerNow)))
            try? claims.append("token_introspection", .object(answer))
            var key = state.signingKey
            if misbehaviour == .signsWithUnpublishedKey { key = TestSigningKey.es256.withKeyID("a-key-nobody-published") }
            var header = JSONObject()
            try? header.append("typ", "token-introspection+jwt")
            try? header.append("alg", .string(key.algorithm.rawValue))
            if let keyID = key.keyID { try? header.append("kid", .string(keyID)) }
            let input =
                Base64URL.encode(JSONValue.object(header).serialized()) + "." + Base64URL.encode(JSONValue.object(claims).serialized())
            return input + "." + Base64URL.encode(key.signature(of: Array(input.utf8), using: &state.generator))
        }
        guard let signedAnswer else { return Self.json(200, .object(answer)) }
        return TransportResponse(
            status: 200, headerFields: [HeaderField(name: "Content-Type", value: "application/token-introspection+jwt")],
            body: Array(signedAnswer.utf8))
    }

    /// How many introspection requests were answered.
    public var introspectionCount: Int { state.withLock { $0.introspections } }
}
