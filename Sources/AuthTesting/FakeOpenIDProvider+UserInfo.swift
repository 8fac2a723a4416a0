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
    /// Something wrong with the next userinfo answer, to see the client refuse it.
    public enum UserInfoDefect: String, CaseIterable, Sendable {
        /// Signed, with an `iss` that is not the provider's issuer.
        case wrongIssuer
        /// Signed, with `aud` another client.
        case wrongAudience
        /// `sub` is another user's (signed or not).
        case wrongSubject
        /// Signed, and the signature does not verify.
        case badSignature
        /// `alg: none`, no signature, as `application/jwt`.
        case unsigned
        /// Five parts, as an encrypted JWT (JWE) has.
        case encrypted
        /// Plain JSON, although the client's userinfo is signed.
        case plainJSON
    }

    /// Makes the next userinfo answer defective.
    public func spoilNextUserInfo(_ defect: UserInfoDefect) {
        state.withLock { $0.userInfoDefect = defect }
    }

    /// Where the last userinfo request carried its access token: `"header"` (RFC 6750 §2.1) or `"body"`
    /// (§2.2, a form POST); nil before any.
    public var lastUserInfoTokenPlacement: String? {
        state.withLock { $0.lastUserInfoTokenPlacement }
    }

    /// The userinfo endpoint (OpenID Connect Core §5.3): the token in the `Authorization` header, or in the
    /// body of a form POST (RFC 6750 §2.2) — not both (§2: one method per request). The answer is JSON, or a
    /// signed JWT for the ``Configuration/signedUserInfoClients``, with the ``Configuration/claimSources``.
    func userinfo(_ request: TransportRequest) -> TransportResponse {
        var request = request
        let bodyToken = request.method == .post ? (try? FormParameter.parse(request.body))?.first { $0.name == "access_token" }?.value : nil
        if let bodyToken {
            guard request.header("Authorization") == nil else {
                return Self.json(400, ["error": "invalid_request", "error_description": "more than one method to send the token"])
            }
            request.setHeader("Authorization", "Bearer " + bodyToken)
        }
        let (grant, refusal) = authorizedGrant(request)
        if let refusal { return resourceRefusal(refusal) }
        guard let grant else {
            // RFC 6750 §3.1.
            return TransportResponse(
                status: 401, headerFields: [HeaderField(name: "WWW-Authenticate", value: "Bearer error=\"invalid_token\"")])
        }
        let defect: UserInfoDefect? = state.withLock { state in
            state.lastUserInfoTokenPlacement = bodyToken == nil ? "header" : "body"
            defer { state.userInfoDefect = nil }
            return state.userInfoDefect
        }
        var claims = JSONObject()
        try? claims.append("sub", .string(defect == .wrongSubject ? "mallory" : grant.subject))
        for (name, value) in configuration.users[grant.subject]?.members ?? [] where name != "sub" { try? claims.append(name, value) }
        appendClaimSources(to: &claims)
        guard configuration.signedUserInfoClients.contains(grant.clientID), defect != .plainJSON else {
            return Self.json(200, .object(claims))
        }
        var signed = JSONObject()
        try? signed.append("iss", .string(defect == .wrongIssuer ? configuration.issuer + "/impostor" : configuration.issuer))
        try? signed.append("aud", .string(defect == .wrongAudience ? "another-app" : grant.clientID))
        for (name, value) in claims.members { try? signed.append(name, value) }
        let payload = Base64URL.encode(JSONValue.object(signed).serialized())
        let token: String
        switch defect {
        case .unsigned?:
            token = Base64URL.encode(Array(#"{"alg":"none"}"#.utf8)) + "." + payload + "."
        case .encrypted?:
            token = Base64URL.encode(Array(#"{"alg":"RSA-OAEP","enc":"A256GCM"}"#.utf8)) + ".a2V5.aXY." + payload + ".dGFn"
        default:
            var signedToken = state.withLock { $0.signingKey.sign(claims: signed, using: &$0.generator) }
            if defect == .badSignature {
                let last = signedToken.removeLast()
                signedToken.append(last == "A" ? "Q" : "A")
            }
            token = signedToken
        }
        return TransportResponse(
            status: 200,
            headerFields: [
                HeaderField(name: "Content-Type", value: "application/jwt"), HeaderField(name: "Cache-Control", value: "no-store"),
            ],
            body: Array(token.utf8))
    }
}
