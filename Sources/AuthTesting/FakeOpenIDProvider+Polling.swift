// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// The answer to one poll of a grant the user decides elsewhere — a device code (RFC 8628 §3.4–3.5) or a
    /// CIBA `auth_req_id` (CIBA §10.1, §11) — from `grants`, with the interval enforced: a poll sooner than
    /// it gets `slow_down`, which adds 5 seconds. Unknown or another client's: `invalid_grant`; past its
    /// expiry: `expired_token` (and forgotten); undecided: `authorization_pending`; denied: `access_denied`;
    /// approved: the tokens, once, with an ID token when `withIDToken(scope)` says so, carrying `idTokenClaims`.
    func answerPoll(
        _ grants: WritableKeyPath<ProviderState, [String: ProviderState.PolledGrant]>, id: String?, named noun: String, clientID: String,
        jkt: String?, withIDToken: (String) -> Bool, idTokenClaims: [(String, JSONValue)] = []
    ) -> TransportResponse {
        let now = clock.now().secondsSince1970
        return state.withLock { state -> TransportResponse in
            guard let id, var grant = state[keyPath: grants][id] else { return Self.oauthError(.invalidGrant, "unknown \(noun)") }
            guard grant.clientID == clientID else { return Self.oauthError(.invalidGrant, "the \(noun) is another client's") }
            let time = now + state.skew
            if time >= grant.expiresAt {
                state[keyPath: grants][id] = nil
                return Self.oauthError(.expiredToken, "the \(noun) expired")
            }
            defer { state[keyPath: grants][id]?.lastPoll = time }
            if let last = grant.lastPoll, !grant.notified, time - last < grant.interval {
                grant.interval += 5
                state[keyPath: grants][id] = grant
                return Self.oauthError(.slowDown, "polled sooner than every \(grant.interval - 5) s")
            }
            switch grant.decision {
            case .pending:
                return Self.oauthError(.authorizationPending, "the user has not approved yet")
            case .denied:
                state[keyPath: grants][id] = nil
                return Self.oauthError(.accessDenied, "the user denied the request")
            case .approved(let subject):
                state[keyPath: grants][id] = nil
                let (body, _) = issueTokens(
                    &state, clientID: clientID, subject: subject, scope: grant.scope, nonce: nil, authTime: time, now: now,
                    withIDToken: withIDToken(grant.scope), jkt: jkt, idTokenClaims: idTokenClaims)
                return Self.json(200, body)
            }
        }
    }
}
