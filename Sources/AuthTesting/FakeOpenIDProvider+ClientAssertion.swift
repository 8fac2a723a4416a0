// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthClient
import AuthDigest
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// How long an accepted client assertion may live (`exp` − `iat`), in seconds.
    static let maximumAssertionLifetime: Int64 = 300

    /// Verifies a `client_secret_jwt` assertion (RFC 7523 §3, OpenID Connect Core §9) and remembers its
    /// `jti`; returns why it is refused, or nil. Checked: `client_assertion_type` is jwt-bearer; the JWT is
    /// HS256 and its MAC verifies with `secret` (constant time); `iss` = `sub` = `clientID` (and
    /// `client_id`, when sent); `aud` is the issuer or the token endpoint (RFC 7523 §3, Core §9,
    /// draft-ietf-oauth-rfc7523bis) — nothing else, not even another endpoint of this provider; `exp` is
    /// in the future and at most ``maximumAssertionLifetime`` after `iat`; `jti` was never accepted before.
    func verifyClientAssertion(_ value: (String) -> String?, clientID: String, secret: String) -> String? {
        guard value("client_assertion_type") == ClientAssertion.jwtBearerType else {
            return "client_assertion_type is not \(ClientAssertion.jwtBearerType)"
        }
        guard let text = value("client_assertion"), let jws = try? JWS(compact: text) else { return "client_assertion is not a JWS" }
        guard jws.header.algorithm == .hs256,
            HMACSHA256.isValidAuthenticationCode(jws.signature, authenticating: jws.signingInput, key: Array(secret.utf8))
        else { return "the client assertion's MAC does not verify" }
        let (claims, refusal) = assertionClaims(of: jws, value, clientID: clientID)
        guard let claims else { return refusal }
        guard let expiresAt = claims["exp"]?.numberValue?.int64Value, let issuedAt = claims["iat"]?.numberValue?.int64Value,
            let jwtID = claims["jti"]?.stringValue, !jwtID.isEmpty
        else { return "exp, iat and jti are required" }
        let now = clock.now().secondsSince1970
        return state.withLock { state -> String? in
            let providerNow = now + state.skew
            guard providerNow < expiresAt else { return "the client assertion has expired" }
            guard expiresAt - issuedAt <= Self.maximumAssertionLifetime else { return "the client assertion lives too long" }
            state.assertionIDs = state.assertionIDs.filter { $0.value > providerNow }
            guard state.assertionIDs[jwtID] == nil else { return "the client assertion's jti was already used" }
            state.assertionIDs[jwtID] = expiresAt
            return nil
        }
    }

    /// The claims of a client assertion whose signature verified, checked as both kinds of assertion need:
    /// a JSON object; `iss` = `sub` = `clientID` (and `client_id`, when sent); `aud` the issuer or the token
    /// endpoint (RFC 7523 §3) — nothing else. The claims, or nil and why they are refused.
    func assertionClaims(of jws: JWS, _ value: (String) -> String?, clientID: String) -> (JSONObject?, String?) {
        guard let claims = (try? JSONValue(parsing: jws.payload))?.objectValue else { return (nil, "the claims are not a JSON object") }
        guard claims["iss"]?.stringValue == clientID, claims["sub"]?.stringValue == clientID,
            value("client_id").map({ $0 == clientID }) ?? true
        else { return (nil, "iss and sub must be the client id") }
        let audiences = claims["aud"]?.stringValue.map { [$0] } ?? claims["aud"]?.arrayValue?.compactMap(\.stringValue) ?? []
        guard audiences.contains(where: { $0 == configuration.issuer || $0 == url(of: .token) }) else {
            return (nil, "aud must be the issuer or the token endpoint")
        }
        return (claims, nil)
    }

    /// The `sub` of an unverified client assertion: which registered client to verify it for, when the
    /// form has no `client_id` (RFC 7523 §3 makes it optional). Nil without a readable assertion.
    static func assertedClientID(_ value: (String) -> String?) -> String? {
        guard let text = value("client_assertion"), let jws = try? JWS(compact: text),
            let claims = (try? JSONValue(parsing: jws.payload))?.objectValue
        else { return nil }
        return claims["sub"]?.stringValue
    }
}
