// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthHTTP
import AuthJWT
import AuthSession
import AuthTesting

/// `authflow demo --ciba --ciba-mode ping|push`: CIBA's ping or push mode, offline against the fake provider,
/// narrated: the request with its `client_notification_token`, the user's decision, the provider's POST to the
/// client's notification endpoint and the inbox's answer, then the token request (ping) or the pushed ID token's
/// checks (push). `--fail denied` or `unknown-user` shows a refusal.
struct BackchannelNotificationDemoFlow: Sendable {
    let mode: BackchannelTokenDeliveryMode
    let failure: BackchannelDemoFlow.Failure?

    /// The failures this flow shows (the others are poll mode's).
    static let failures: [BackchannelDemoFlow.Failure] = [.denied, .unknownUser]

    func run() async -> (text: String, asExpected: Bool) {
        var out = Narration()
        let mode = mode
        let demo = PollingDemo {
            $0.clientAuthentication = .clientSecretBasic("a-demo-client-secret")
            $0.backchannelTokenDeliveryMode = mode
            $0.backchannelClientNotificationEndpoint = "https://till.example.com/ciba/notify"
        }
        out.line(
            "AuthFlow demo: CIBA in \(mode) mode (OpenID Client-Initiated Backchannel Authentication Core 1.0 §10.\(mode == .ping ? 2 : 3)),"
        )
        out.line(
            "offline, against AuthTesting's fake provider; the client's notification endpoint is an in-process BackchannelNotificationInbox."
        )
        if let failure { out.line("Showing: \(failure.rawValue) — \(failure.explanation).") }
        let asExpected = await out.conclude(
            flag: "--ciba --ciba-mode \(mode)", failures: Self.failures.map(\.rawValue), expectingFailure: failure != nil
        ) { out in
            try await flow(demo, out: &out)
        }
        return (out.text, asExpected)
    }

    private func flow(_ demo: PollingDemo, out: inout Narration) async throws {
        let discovered = try await demo.discover("OpenID Connect Discovery 1.0 §4, CIBA §4", out: &out)
        let modes = discovered.metadata.backchannelTokenDeliveryModesSupported ?? []
        out.check(
            "backchannel_token_delivery_modes_supported: \(modes.joined(separator: ", ")) — lists \(mode), the mode this client registered")
        // The client waits on the real clock: the notification ends its wait at once.
        let client = try AuthClient(
            configuration: discovered.configuration, metadata: discovered.metadata, transport: demo.wire, clock: demo.provider.clock,
            sleeper: ContinuousClock())

        out.step(
            2, "Backchannel authentication request", "CIBA §7.1, §7.3",
            "AuthClient.requestBackchannelAuthentication — Sources/AuthClient/Backchannel/AuthClient+BackchannelAuthentication.swift")
        let hint = failure == .unknownUser ? "mallory@example.com" : "alice@example.com"
        var request = BackchannelAuthenticationRequest(hint: .loginHint(hint), bindingMessage: "W4SCT", requestedExpiry: 300)
        request.deliveryMode = mode
        let authentication = try await demo.attempt(2, &out) { try await client.requestBackchannelAuthentication(request) }
        out.exchanges(demo.wire.takeExchanges())
        out.check("client_notification_token: 256 bits from the system CSPRNG, the bearer token the provider must call back with (§7.1)")
        out.check(
            mode == .ping
                ? "interval \(authentication.interval) s: a ping client may poll too (§7.3)"
                : "no interval: a push client never polls (§7.3)")
        let inbox = BackchannelNotificationInbox()
        inbox.expect(authentication)
        out.check("the inbox now accepts one notification for this request, with that bearer token")

        out.step(
            3, "The user decides on their own device", "CIBA §1, §5",
            "FakeOpenIDProvider.approveBackchannelAuthentication — Sources/AuthTesting/FakeOpenIDProvider+Backchannel.swift")
        if failure == .denied {
            demo.provider.denyBackchannelAuthentication(authentication.authRequestID)
            out.line("    alice reads W4SCT on her phone and presses Deny")
        } else {
            demo.provider.approveBackchannelAuthentication(authentication.authRequestID)
            out.line("    alice reads W4SCT on her phone and approves")
        }

        out.step(
            4, "The provider calls the notification endpoint", mode == .ping ? "CIBA §10.2" : "CIBA §10.3, §12",
            "BackchannelNotificationInbox.receive — Sources/AuthClient/Backchannel/BackchannelNotificationInbox.swift")
        let endpoint = RecordingEndpoint(inbox: inbox)
        _ = try await demo.attempt(4, &out) {
            try await demo.provider.notifyBackchannelClient(authentication.authRequestID, through: endpoint)
        }
        out.exchanges(endpoint.recorded.withLock { $0 })
        out.check("the bearer token is this request's client_notification_token (compared in constant time), the auth_req_id its own: 204")

        out.step(
            5, mode == .ping ? "One token request after the ping" : "The pushed tokens' checks",
            mode == .ping ? "CIBA §10.2, §10.1, §10.1.1" : "CIBA §10.3.1, OpenID Connect Core §3.1.3.7",
            "AuthClient.awaitBackchannelAuthentication — Sources/AuthClient/Backchannel/AuthClient+BackchannelNotification.swift")
        let user = try await demo.attempt(5, &out) {
            try await client.awaitBackchannelAuthentication(authentication, inbox: inbox, pollsWhileWaiting: false)
        }
        out.exchanges(demo.wire.takeExchanges())
        if mode == .ping {
            out.check("one token request, made as soon as the ping arrived; the ID token validated as in poll mode")
        } else {
            out.check("no token request: the ID token (signature, iss, aud, exp) carries at_hash, the request's auth_req_id claim,")
            out.check("and rt_hash, the left half of SHA-256 of the pushed refresh token (ES256): all present and equal")
        }
        try await demo.fetchProfile(step: 6, of: user, out: &out)
    }
}

/// The client's notification endpoint in the demo: the inbox, with each exchange recorded for the narration.
private struct RecordingEndpoint: HTTPTransport {
    let inbox: BackchannelNotificationInbox
    let recorded = Locked<[(TransportRequest, TransportResponse?)]>([])

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        let response = inbox.response(to: request)
        recorded.withLock { $0.append((request, response)) }
        return response
    }
}
