// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// The JWT bearer grant (RFC 7523 §2.1, §3): the `assertion` must be one JWS signed (ES256 or RS256) by the
    /// key ``Configuration/jwtBearerIssuers`` holds for its `iss`, with this provider's issuer or token endpoint in
    /// `aud`, a non-empty `sub`, an `exp` not passed and a `jti` not seen before; otherwise `invalid_grant`
    /// (§3.1). Issues an access token whose subject is the assertion's `sub`, no refresh token and no ID token.
    func grantJWTBearer(_ parameters: [FormParameter], clientID: String, jkt: String?) -> TransportResponse {
        guard !configuration.jwtBearerIssuers.isEmpty else {
            return Self.oauthError(.unsupportedGrantType, "this provider accepts no JWT bearer assertions")
        }
        let assertions = parameters.filter { $0.name == "assertion" }
        guard assertions.count == 1, let assertion = assertions.first?.value else {
            return Self.oauthError(.invalidRequest, "exactly one assertion is required (RFC 7523 §2.1)")
        }
        let now = clock.now().secondsSince1970
        let subject: String
        switch checkJWTBearerAssertion(assertion, now: now) {
        case .success(let sub): subject = sub
        case .failure(let refusal): return Self.oauthError(.invalidGrant, refusal.reason)
        }
        let scope = parameters.first { $0.name == "scope" }?.value ?? ""
        if let refused = refusedScope(scope) { return refused }
        let resources = parameters.filter { $0.name == "resource" }.map(\.value)
        if let unknown = resources.first(where: { !serves(resource: $0) }) {
            return Self.oauthError(.invalidTarget, "'\(unknown)' is not a resource this provider serves (RFC 8707 §2)")
        }
        return issueServiceToken(clientID: clientID, subject: subject, scope: scope, resources: resources, jkt: jkt, now: now) {
            $0.jwtBearerGrants += 1
        }
    }

    /// Why an assertion is refused.
    struct AssertionRefusal: Error {
        let reason: String
    }

    /// The assertion's `sub`, after the checks of RFC 7523 §3.
    private func checkJWTBearerAssertion(_ assertion: String, now: Int64) -> Result<String, AssertionRefusal> {
        guard let jwt = try? JWT(compact: assertion) else { return .failure(AssertionRefusal(reason: "the assertion is not a JWT")) }
        guard let issuer = try? jwt.claims.issuer, let jwk = configuration.jwtBearerIssuers[issuer], let key = try? JWK(jwk) else {
            return .failure(AssertionRefusal(reason: "the assertion's iss is not a trusted issuer (RFC 7523 §3 item 1)"))
        }
        guard (try? jwt.jws.verifySignature(using: JWKSet(keys: [key]), allowedAlgorithms: [.es256, .rs256])) != nil else {
            return .failure(AssertionRefusal(reason: "the assertion's signature does not verify (RFC 7523 §3 item 9)"))
        }
        guard let subject = try? jwt.claims.subject, !subject.isEmpty else {
            return .failure(AssertionRefusal(reason: "the assertion has no sub (RFC 7523 §3 item 2)"))
        }
        guard ((try? jwt.claims.audience) ?? []).contains(where: { $0 == configuration.issuer || $0 == url(of: .token) }) else {
            return .failure(AssertionRefusal(reason: "the assertion's aud is not this authorization server (RFC 7523 §3 item 3)"))
        }
        guard let expiresAt = (try? jwt.claims.expiration) ?? nil else {
            return .failure(AssertionRefusal(reason: "the assertion has no exp (RFC 7523 §3 item 4)"))
        }
        let jwtID = (try? jwt.claims.jwtID) ?? nil
        return state.withLock { state -> Result<String, AssertionRefusal> in
            let providerNow = now + state.skew
            guard providerNow < expiresAt.secondsSince1970 else {
                return .failure(AssertionRefusal(reason: "the assertion has expired (RFC 7523 §3 item 4)"))
            }
            if let jwtID {
                state.assertionIDs = state.assertionIDs.filter { $0.value > providerNow }
                guard state.assertionIDs[jwtID] == nil else {
                    return .failure(AssertionRefusal(reason: "the assertion's jti was already used (RFC 7523 §3 item 7)"))
                }
                state.assertionIDs[jwtID] = expiresAt.secondsSince1970
            }
            return .success(subject)
        }
    }

    /// How many JWT bearer grants (RFC 7523 §2.1) were answered with a token.
    public var jwtBearerGrantCount: Int { state.withLock { $0.jwtBearerGrants } }
}
