// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials
import AuthDigest
import AuthJWT
import AuthSession

extension AuthClient {
    /// The claim a push-mode ID token carries with the hash of the pushed refresh token (CIBA §10.3.1).
    public static let refreshTokenHashClaimName = "urn:openid:params:jwt:claim:rt_hash"

    /// Waits for the result of a backchannel authentication in its delivery mode (OpenID CIBA Core 1.0 §5),
    /// validates the ID token, saves the tokens and returns the signed-in ``User``.
    ///
    /// ```swift
    /// var request = BackchannelAuthenticationRequest(hint: .loginHint("alice@example.com"))
    /// request.deliveryMode = .push
    /// let authentication = try await client.requestBackchannelAuthentication(request)
    /// inbox.expect(authentication)   // your notification endpoint calls inbox.receive(authorization:body:)
    /// let user = try await client.awaitBackchannelAuthentication(authentication, inbox: inbox)
    /// ```
    ///
    /// - **poll**: ``pollBackchannelAuthentication(_:onPoll:)``; the inbox is not used.
    /// - **ping** (§10.2): when the inbox accepts the provider's ping, the client makes the token request at
    ///   once — the same request, answers and ID token checks as poll mode (§10.1, §10.1.1, §11). With
    ///   `pollsWhileWaiting` (the default), it also polls at the interval until the ping comes: §7.3 gives a
    ///   ping client the `interval` ("only present if the Client is registered to use the Poll or Ping modes"),
    ///   and §10.1's token request is the same in both modes, so a lost ping does not strand the user. Without
    ///   it, the client sends nothing until the ping, and throws ``AuthClientError/backchannelAuthenticationExpired``
    ///   at the request's expiry.
    /// - **push** (§10.3): the client never polls (§7.3 gives push clients no interval); when the inbox accepts
    ///   the pushed token response, the ID token is validated as after the code flow (Core §3.1.3.7, without a
    ///   nonce) and with push's rules (§10.3.1): `at_hash` REQUIRED (and, as always, equal to the access token's
    ///   hash), `urn:openid:params:jwt:claim:auth_req_id` REQUIRED and equal to this request's, and — when a
    ///   refresh token was pushed — `urn:openid:params:jwt:claim:rt_hash` REQUIRED and equal to the refresh
    ///   token's hash (the left half of the hash of its ASCII octets by the ID token's `alg`, base64url, as
    ///   `at_hash`). A failure is ``AuthClientError/invalidBackchannelPush(_:)`` (10509) or
    ///   ``AuthClientError/idToken(_:)``, and nothing is stored. A pushed error (§12) is
    ///   ``AuthClientError/backchannelAuthenticationDenied`` for `access_denied`,
    ///   ``AuthClientError/backchannelAuthenticationExpired`` for `expired_token`, else
    ///   ``AuthClientError/backchannelAuthenticationFailed(_:)`` (10510). No push by the expiry is
    ///   `backchannelAuthenticationExpired`. Pushed tokens are Bearer tokens: no DPoP proof was sent for them.
    ///
    /// The waits run on the client's `sleeper`, the deadline on its wall clock; cancelling the task ends the wait
    /// with `session(.canceledLogin)`. The request is registered with the inbox (``BackchannelNotificationInbox/expect(_:)``)
    /// if it is not yet, and forgotten when this returns or throws. Not checked: that `sub` is the user the
    /// hint named (the provider decides whom a hint identifies).
    public func awaitBackchannelAuthentication(
        _ authentication: BackchannelAuthentication, inbox: BackchannelNotificationInbox, pollsWhileWaiting: Bool = true,
        onPoll: @Sendable (DevicePoll) -> Void = { _ in }
    ) async throws(AuthClientError) -> User {
        // A rebuilt request on a plain OAuth client would sign in with pushed tokens no ID token rule checked.
        guard configuration.isOpenIDConnect else {
            throw .invalidBackchannelAuthenticationRequest("the client configuration's scopes must include openid (CIBA is OpenID Connect)")
        }
        switch authentication.deliveryMode {
        case .poll:
            return try await pollBackchannelAuthentication(authentication, onPoll: onPoll)
        case .ping, .push:
            guard authentication.clientNotificationToken != nil else {
                throw .invalidBackchannelAuthenticationRequest(
                    "a \(authentication.deliveryMode)-mode request needs the client_notification_token it was sent with (CIBA §7.1)")
            }
        default:
            throw .backchannelDeliveryModeUnsupported(mode: authentication.deliveryMode.rawValue, supported: ["poll", "ping", "push"])
        }
        inbox.expect(authentication)
        defer { inbox.forget(authentication) }
        if authentication.deliveryMode == .ping {
            return try await pollBackchannelAuthentication(
                authentication, onPoll: onPoll, ping: (inbox, authentication, pollsWhileWaiting))
        }
        while true {
            if clock.now() >= authentication.expiresAt { throw .backchannelAuthenticationExpired }
            let remaining = clock.now().wholeSeconds(until: authentication.expiresAt)
            switch try await waitForNotification(authentication, in: inbox, seconds: remaining) {
            case nil, .ping?:
                continue
            case .error(let response)?:
                if response.error == .accessDenied { throw .backchannelAuthenticationDenied }
                if response.error == .expiredToken { throw .backchannelAuthenticationExpired }
                throw .backchannelAuthenticationFailed(response)
            case .tokens(let response)?:
                return try await signIn(pushed: response, for: authentication)
            }
        }
    }

    /// Validates pushed tokens (§10.3.1) and signs in with them.
    private func signIn(pushed response: TokenResponse, for authentication: BackchannelAuthentication) async throws(AuthClientError)
        -> User
    {
        // No proof was sent for pushed tokens: a client that requires DPoP-bound tokens takes none (RFC 9449 §7.1).
        if configuration.requiresDPoPBoundTokens { throw .dpopBindingRequired(tokenType: response.tokenType) }
        let tokens = try tokenSet(response, receivedAt: clock.now(), dpopKey: nil)
        guard tokens.idToken != nil else { throw .invalidBackchannelPush(.missingIDToken) }
        let refreshToken = tokens.refreshToken
        return try await signIn(with: tokens, nonce: nil, maxAge: nil) { (idToken: IDToken) throws(AuthClientError) in
            try Self.checkPushedIDToken(idToken, authRequestID: authentication.authRequestID, refreshToken: refreshToken)
        }
    }

    /// CIBA §10.3.1's rules for a pushed ID token that passed the ordinary validation (which compared a present
    /// `at_hash` with the access token): `at_hash` and the `auth_req_id` claim present, the claim this request's,
    /// and `rt_hash` present and matching when a refresh token was pushed.
    static func checkPushedIDToken(_ idToken: IDToken, authRequestID: String, refreshToken: String?) throws(AuthClientError) {
        let claims = idToken.claims
        let accessTokenHash: String?
        let named: String?
        let refreshTokenHash: String?
        do throws(AuthJWTError) {
            accessTokenHash = try claims.accessTokenHash
            named = try claims.string(authRequestIDClaimName)
            refreshTokenHash = try claims.string(refreshTokenHashClaimName)
        } catch {
            throw .idToken(error)
        }
        guard accessTokenHash != nil else { throw .invalidBackchannelPush(.missingAccessTokenHash) }
        guard let named else { throw .invalidBackchannelPush(.missingAuthRequestIDClaim) }
        guard ConstantTime.isEqual(named.utf8, authRequestID.utf8) else { throw .invalidBackchannelPush(.authRequestIDClaimMismatch) }
        guard let refreshToken else { return }
        guard let refreshTokenHash else { throw .invalidBackchannelPush(.missingRefreshTokenHash) }
        let matches: Bool
        do throws(AuthJWTError) {
            matches = try IDTokenValidator.halfHash(of: refreshToken, algorithm: idToken.jwt.header.algorithm, matches: refreshTokenHash)
        } catch {
            throw .idToken(error)
        }
        guard matches else { throw .invalidBackchannelPush(.refreshTokenHashMismatch) }
    }

    /// Waits up to `seconds` on the sleeper for a notification of `authentication` in `inbox`: the delivery, or nil
    /// when the time passed first. A delivery that arrives as the time runs out is still returned. Cancelling the
    /// task throws `session(.canceledLogin)`.
    func waitForNotification(_ authentication: BackchannelAuthentication, in inbox: BackchannelNotificationInbox, seconds: Int64)
        async throws(AuthClientError) -> BackchannelNotificationInbox.Delivery?
    {
        enum Event: Sendable {
            case timeUp
            case delivered(BackchannelNotificationInbox.Delivery?)
        }
        let sleeper = sleeper
        let delivery = await withTaskGroup(of: Event.self) { group -> BackchannelNotificationInbox.Delivery? in
            group.addTask {
                try? await sleeper.sleep(for: .seconds(seconds))
                return .timeUp
            }
            group.addTask { .delivered(await inbox.next(for: authentication)) }
            var delivery: BackchannelNotificationInbox.Delivery?
            for await event in group {
                switch event {
                case .delivered(let arrived?):
                    delivery = arrived
                    group.cancelAll()
                case .delivered(nil):
                    break
                case .timeUp:
                    group.cancelAll()
                }
            }
            return delivery
        }
        if delivery == nil, Task.isCancelled { throw .session(.canceledLogin) }
        return delivery
    }
}
