// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials
import AuthJWT
import AuthSession

extension AuthClient {
    /// How one grant polls the token endpoint: its form, the first interval, the deadline, the DPoP key,
    /// and the errors its `access_denied` and `expired_token` (or the deadline) become.
    struct TokenPolling {
        let parameters: [FormParameter]
        let interval: Int64
        let expiresAt: NumericDate
        let dpopKey: P256PrivateKey?
        let denied: AuthClientError
        let expired: AuthClientError
        /// CIBA ping mode (§10.2): the inbox whose ping ends a wait early, and whether the client polls at the
        /// interval meanwhile (else it waits for the ping until the deadline).
        var ping: (inbox: BackchannelNotificationInbox, authentication: BackchannelAuthentication, pollsWhileWaiting: Bool)? = nil
    }

    /// The one polling loop of the grants that wait for a user elsewhere: the device grant (RFC 8628 §3.4,
    /// §3.5) and CIBA's poll mode (CIBA §7.3, §10.1, §11), which share its rules, on the client's injected
    /// `sleeper` and wall clock:
    /// - it waits `interval` seconds before each poll, never past the deadline; `authorization_pending`
    ///   keeps polling;
    /// - `slow_down` adds 5 seconds to the interval for this and every later poll (added, not multiplied);
    /// - no response, a 429 or a 5xx doubles the wait for the next poll (up to 60 s); the next real answer
    ///   restores the interval;
    /// - `access_denied` throws `polling.denied`; `expired_token`, or reaching the deadline, throws `polling.expired`;
    /// - cancelling the calling task ends the wait promptly with `session(.canceledLogin)`.
    /// Returns the tokens of the first success, read as every DPoP-proving token request's are.
    func pollTokenEndpoint(_ polling: TokenPolling, onPoll: @Sendable (DevicePoll) -> Void) async throws(AuthClientError) -> TokenSet {
        var interval = polling.interval
        var wait = interval
        // Ping mode, once the ping came: the inbox takes no second one, so a token request that failed for a
        // transient reason is retried at the wait like a poll, whether or not the client polls before the ping.
        var pinged = false
        while true {
            // Never past the deadline: the last wait ends when the request expires (the check below then throws).
            let remaining = clock.now().wholeSeconds(until: polling.expiresAt)
            if let ping = polling.ping, !pinged {
                // Ping mode: a ping ends the wait at once; without one, poll at the interval (§7.3 gives ping
                // clients the interval) or, when the client does not poll, keep waiting until the deadline.
                let delivery = try await waitForNotification(
                    ping.authentication, in: ping.inbox, seconds: ping.pollsWhileWaiting ? min(wait, remaining) : remaining)
                // After a ping the token request is made whatever the time: the provider's answer decides.
                if delivery == nil {
                    if clock.now() >= polling.expiresAt { throw polling.expired }
                    if !ping.pollsWhileWaiting { continue }
                } else {
                    pinged = true
                }
            } else {
                do {
                    try await sleeper.sleep(for: .seconds(min(wait, remaining)))
                } catch {
                    throw .session(.canceledLogin)
                }
                if Task.isCancelled { throw .session(.canceledLogin) }
                if clock.now() >= polling.expiresAt { throw polling.expired }
            }
            let receivedAt = clock.now()
            let tokens: TokenResponse
            do throws(AuthClientError) {
                tokens = try Self.readTokenResponse(
                    try await send(form: polling.parameters, to: metadata.tokenEndpoint, dpopKey: polling.dpopKey))
            } catch {
                if Task.isCancelled { throw .session(.canceledLogin) }
                switch error {
                case .tokenEndpoint(.tokenErrorResponse(let response)) where response.error == .authorizationPending:
                    wait = interval
                    onPoll(.pending)
                case .tokenEndpoint(.tokenErrorResponse(let response)) where response.error == .slowDown:
                    interval += 5
                    wait = interval
                    onPoll(.slowDown(interval: interval))
                case .tokenEndpoint(.tokenErrorResponse(let response)) where response.error == .accessDenied:
                    throw polling.denied
                case .tokenEndpoint(.tokenErrorResponse(let response)) where response.error == .expiredToken:
                    throw polling.expired
                case _ where Self.isTransient(error):
                    wait = min(max(wait * 2, interval), max(interval, 60))
                    onPoll(.unavailable(error))
                default:
                    throw error
                }
                continue
            }
            return try tokenSet(tokens, receivedAt: receivedAt, dpopKey: polling.dpopKey)
        }
    }
}
