// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJWT
import AuthSession
import AuthTesting

/// `authflow demo --ciba`: OpenID Client-Initiated Backchannel Authentication in poll mode, offline against
/// the fake provider, narrated step by step: the backchannel request for a user, the `auth_req_id`, the
/// polls while the user decides on their own device (on a simulated clock), and the ID token's checks.
/// `--fail` shows a denial, an expiry, `slow_down`, or a user the provider does not know.
struct BackchannelDemoFlow: Sendable {
    /// What `--fail` can show in the CIBA flow.
    enum Failure: String, CaseIterable, Sendable {
        case denied, expired
        case slowDown = "slow-down"
        case unknownUser = "unknown-user"

        var explanation: String {
            switch self {
            case .denied: "the user denies the request on their phone (CIBA §11 access_denied)"
            case .expired: "the user never answers: the request expires (CIBA §11 expired_token, and the client's own deadline)"
            case .slowDown: "the provider answers slow_down once: the interval grows by 5 seconds (CIBA §11) and the login still succeeds"
            case .unknownUser: "the login hint names nobody the provider knows (CIBA §13 unknown_user_id), so nothing is polled"
            }
        }

        /// Whether the login still ends signed in.
        var succeeds: Bool { self == .slowDown }
    }

    let failure: Failure?

    func run() async -> (text: String, asExpected: Bool) {
        var out = Narration()
        let failure = failure
        let demo = PollingDemo {
            $0.clientAuthentication = .clientSecretBasic("a-demo-client-secret")
            $0.backchannelRequestLifetime = failure == .expired ? 12 : 120
        }
        out.line("AuthFlow demo: CIBA in poll mode (OpenID Client-Initiated Backchannel Authentication Core 1.0), offline,")
        out.line("against AuthTesting's fake provider. The waits between polls run on a simulated clock: no real time passes.")
        if let failure { out.line("Showing: \(failure.rawValue) — \(failure.explanation).") }
        let asExpected = await out.conclude(
            flag: "--ciba", failures: Failure.allCases.map(\.rawValue), expectingFailure: failure.map { !$0.succeeds } ?? false
        ) { out in
            try await flow(demo, out: &out)
        }
        return (out.text, asExpected)
    }

    private func flow(_ demo: PollingDemo, out: inout Narration) async throws {
        let client = try await demo.discover("OpenID Connect Discovery 1.0 §4, CIBA §4", out: &out)
        out.check("backchannel_authentication_endpoint: \(client.metadata.backchannelAuthenticationEndpoint ?? "none")")
        out.check(
            "backchannel_token_delivery_modes_supported: \(client.metadata.backchannelTokenDeliveryModesSupported?.joined(separator: ", ") ?? "not said") — poll is the mode this client uses"
        )

        out.step(
            2, "Backchannel authentication request", "CIBA §7.1, §7.3, §13",
            "AuthClient.requestBackchannelAuthentication — Sources/AuthClient/Backchannel/AuthClient+BackchannelAuthentication.swift")
        let hint = failure == .unknownUser ? "mallory@example.com" : "alice@example.com"
        let request = BackchannelAuthenticationRequest(hint: .loginHint(hint), bindingMessage: "W4SCT", requestedExpiry: 300)
        out.value("login_hint", hint, "exactly one hint names the user (login_hint, id_token_hint or login_hint_token)")
        out.value("binding_message", "W4SCT", "shown here and on the user's phone, so they approve this request and no other")
        let authentication = try await demo.attempt(2, &out) { try await client.requestBackchannelAuthentication(request) }
        out.exchanges(demo.wire.takeExchanges())
        out.check("the client authenticated with client_secret_basic, as at the token endpoint (CIBA clients are confidential)")
        out.value("expires_in", "\(authentication.expiresIn) s", "the provider's lifetime (it may shorten requested_expiry)")
        out.value("interval", "\(authentication.interval) s", "the wait between polls")
        out.check("the auth_req_id is a credential: sent only to the token endpoint, never in a description or an error")

        out.step(
            3, "The user decides on their own device", "CIBA §1, §5",
            "FakeOpenIDProvider.scriptBackchannelUser — Sources/AuthTesting/FakeOpenIDProvider+Backchannel.swift")
        switch failure {
        case .expired: out.line("    (the phone shows the request; nobody answers)")
        case .denied: demo.provider.scriptBackchannelUser(pendingPolls: 2, then: .deny)
        default: demo.provider.scriptBackchannelUser(pendingPolls: 2, then: .approve)
        }
        if failure == .denied { out.line("    after two polls, alice reads W4SCT on her phone and presses Deny") }
        if failure != .denied && failure != .expired { out.line("    after two polls, alice reads W4SCT on her phone and approves") }
        if failure == .slowDown { demo.provider.fail(.token, with: .oauthError(.slowDown)) }

        out.step(
            4, "Polling the token endpoint", "CIBA §10.1, §11 (the device grant's rules, RFC 8628 §3.5)",
            "AuthClient.pollBackchannelAuthentication — Sources/AuthClient/Backchannel/AuthClient+BackchannelAuthentication.swift")
        let polled = await Result { () async throws(AuthClientError) -> User in
            try await client.pollBackchannelAuthentication(authentication)
        }
        let user = try demo.polled(polled, step: 4, slowedDown: failure == .slowDown, out: &out)
        out.check(
            "the ID token was validated (signature, iss, aud, exp, at_hash; no nonce in CIBA) and its auth_req_id claim is this request's")

        try await demo.fetchProfile(step: 5, of: user, out: &out)
    }
}
