// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
public import AuthHTTP
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// Notifies the client of the backchannel request `authRequestID` in the registered mode
    /// (``Configuration/backchannelTokenDeliveryMode``) — a POST to ``Configuration/backchannelClientNotificationEndpoint``
    /// through `transport`, with `Authorization: Bearer <client_notification_token>` — once the user has decided
    /// (a scripted user, ``scriptBackchannelUser(pendingPolls:then:)``, decides now, whatever its pending polls):
    /// - **ping** (CIBA §10.2): `{"auth_req_id": …}`, after an approval or a denial; the client then asks the token
    ///   endpoint, which answers at once (not held to the interval);
    /// - **push** (§10.3): the token response with `auth_req_id`, whose ID token has `at_hash`,
    ///   `urn:openid:params:jwt:claim:auth_req_id` and, with a refresh token, `urn:openid:params:jwt:claim:rt_hash`;
    ///   after a denial or an expiry, the error (§12: `access_denied`, `expired_token`) with `auth_req_id`.
    ///
    /// ```swift
    /// provider.scriptBackchannelUser(pendingPolls: 0, then: .approve)
    /// let reply = try await provider.notifyBackchannelClient(authentication.authRequestID, through: notificationEndpoint)
    /// // reply?.status == 204
    /// ```
    ///
    /// Returns the client's answer, or nil when nothing is sent: an unknown request, one still undecided, one
    /// already notified, or a poll-mode request. ``Configuration/backchannelMisbehaviour`` bends the notification
    /// (a wrong bearer token, an unknown `auth_req_id`, a wrong `at_hash`, no `rt_hash`, another request's claim).
    public func notifyBackchannelClient(
        _ authRequestID: String, through transport: some HTTPTransport
    ) async throws(AuthHTTPError) -> TransportResponse? {
        let mode = configuration.backchannelTokenDeliveryMode
        guard mode.notifies else { return nil }
        let misbehaviour = configuration.backchannelMisbehaviour
        let now = clock.now().secondsSince1970
        let prepared = state.withLock { state -> (token: String, body: JSONValue)? in
            guard var grant = state.backchannelRequests[authRequestID], let token = grant.notificationToken, !grant.notified else {
                return nil
            }
            let time = now + state.skew
            if case .pending = grant.decision, let script = state.backchannelScript {
                Self.apply(script.outcome, to: &grant, at: time)
            }
            let named = misbehaviour == .notifiesUnknownRequest ? "a-request-the-client-never-made" : authRequestID
            let bearer = misbehaviour == .notifiesWithWrongBearerToken ? "a-notification-token-nobody-sent" : token
            var body = JSONObject()
            if mode == .ping {
                if case .pending = grant.decision, time < grant.expiresAt { return nil }
                grant.notified = true
                state.backchannelRequests[authRequestID] = grant
                try? body.append("auth_req_id", .string(named))
                return (bearer, .object(body))
            }
            let error: String
            switch grant.decision {
            case .pending where time < grant.expiresAt: return nil
            case .approved(let subject):
                state.backchannelRequests[authRequestID] = nil
                let refreshToken = configuration.issuesRefreshTokens ? state.token() : nil
                var claims: [(String, JSONValue)] = [
                    (
                        AuthClient.authRequestIDClaimName,
                        .string(misbehaviour == .pushesAnotherRequestIDClaim ? "another-request" : authRequestID)
                    )
                ]
                if let refreshToken, misbehaviour != .pushesWithoutRefreshTokenHash {
                    claims.append((AuthClient.refreshTokenHashClaimName, .string(IDTokenValidator.sha256HalfHash(of: refreshToken))))
                }
                if misbehaviour == .pushesWrongAccessTokenHash { state.defect = .wrongAccessTokenHash }
                let (tokens, _) = issueTokens(
                    &state, clientID: grant.clientID, subject: subject, scope: grant.scope, nonce: nil, authTime: time, now: now,
                    withIDToken: true, keepingRefreshToken: refreshToken, idTokenClaims: claims)
                guard case .object(var pushed) = tokens else { return nil }
                try? pushed.append("auth_req_id", .string(named))
                return (bearer, .object(pushed))
            case .denied: error = "access_denied"
            case .pending: error = "expired_token"
            }
            state.backchannelRequests[authRequestID] = nil
            try? body.append("error", .string(error))
            try? body.append("auth_req_id", .string(named))
            return (bearer, .object(body))
        }
        guard let prepared else { return nil }
        var request = TransportRequest(method: .post, url: configuration.backchannelClientNotificationEndpoint)
        request.setHeader("Content-Type", "application/json")
        request.setHeader("Authorization", "Bearer \(prepared.token)")
        request.body = prepared.body.serialized()
        return try await transport.send(request)
    }
}
