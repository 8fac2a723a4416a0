// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting

/// `authflow demo --logout`: OpenID Connect Back-Channel Logout 1.0, offline against the fake provider — a
/// login whose ID token carries the provider's session (`sid`), a second client's login of the same user,
/// then a logout token from the provider: each check of §2.6, the matching session ended (the other
/// client's kept), and the answer of the server helper (§2.8). `--fail` shows a replayed token, a token with
/// a nonce, and a token for the other client.
struct LogoutDemoFlow: Sendable {
    /// What `--fail` can show in the back-channel logout flow.
    enum Failure: String, CaseIterable, Sendable {
        case replayed, nonce
        case otherClient = "other-client"

        var explanation: String {
            switch self {
            case .replayed: "the same logout token arrives twice: its jti was seen before (Back-Channel Logout §2.6 step 8)"
            case .nonce: "the token has a nonce, as an ID token has: refused so one is never taken for the other (§2.6 step 7)"
            case .otherClient: "the token is for another client (its aud): this client ends nothing (§2.6 step 4)"
            }
        }
    }

    let failure: Failure?

    /// The second client, registered at the same provider, which alice also signs in to.
    static let otherClientID = "other-app"
    /// Where this client receives back-channel logout requests (its `backchannel_logout_uri`).
    static let endpoint = "https://app.example.com/backchannel-logout"

    func run() async -> (text: String, asExpected: Bool) {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.issuesSessionIDs = true
        configuration.additionalClients = [Self.otherClientID: .none]
        let time = ManualWallClock(NumericDate(secondsSince1970: 1_800_000_000))
        let provider = FakeOpenIDProvider(configuration, clock: .manual(time), seed: 26)
        let wire = DemoTransport(provider)
        return await Narration.demo(
            [
                "AuthFlow demo: OpenID Connect Back-Channel Logout 1.0 — the provider ends a session and tells the client server to",
                "server — offline, against AuthTesting's fake provider. Time is simulated.",
            ], flag: "--logout", failures: Failure.allCases.map(\.rawValue), showing: failure.map { ($0.rawValue, $0.explanation) }
        ) { out in
            try await flow(provider: provider, wire: wire, out: &out)
        }
    }

    private func flow(provider: FakeOpenIDProvider, wire: DemoTransport, out: inout Narration) async throws {
        let demo = DemoFlow(failure: nil, verifierOctets: nil)
        let store = InMemoryCredentialStore()
        out.step(
            1, "Discovery and login: the ID token carries sid", "Discovery §3; Back-Channel Logout 1.0 §2.1, §3",
            "AuthClient.discover, AuthClient.login — Sources/AuthClient/Client/AuthClient.swift")
        let configuration = try provider.clientConfiguration
        let client = try await demo.attempt(1, &out, wire) {
            try await AuthClient.discover(configuration, transport: wire, store: store, clock: provider.clock)
        }
        out.exchanges(wire.takeExchanges())
        out.check("discovery lists backchannel_logout_supported and backchannel_logout_session_supported")
        let alice = try await out.login(1, at: client, through: provider, wire, seed: 1)

        out.step(
            2, "A second client: the same user, the same store", "Core §2 (sub is unique per issuer); Back-Channel Logout §2.7",
            "AuthClient(configuration:metadata:transport:store:clock:) — Sources/AuthClient/Client/AuthClient.swift")
        let other = try AuthClient(
            configuration: try ClientConfiguration(
                issuer: configuration.issuer, clientID: Self.otherClientID, redirectURI: configuration.redirectURI,
                scopes: configuration.scopes, allowsInsecureLoopbackIssuer: true),
            metadata: client.metadata, transport: wire, store: store, clock: provider.clock)
        let otherAlice = try await out.login(2, at: other, through: provider, wire, seed: 2)
        out.check("one browser session at the provider, so the same sid; two clients, so two records in the store")

        out.step(
            3, "The provider sends a logout token", "Back-Channel Logout 1.0 §2.4, §2.5",
            "FakeOpenIDProvider.logoutToken — Sources/AuthTesting/FakeOpenIDProvider+Logout.swift")
        let sessionID = provider.sessionID(of: "alice")
        let token =
            switch failure {
            case .nonce?: provider.logoutToken(subject: "alice", sessionID: sessionID, defect: .nonce)
            case .otherClient?: provider.logoutToken(subject: "alice", sessionID: sessionID, clientID: Self.otherClientID)
            default: provider.logoutToken(subject: "alice", sessionID: sessionID)
            }
        out.value("logout_token", Narration.shortened(token, limit: 60), "POSTed as a form to the client's backchannel_logout_uri")
        out.decoded("logout token", token)

        out.step(
            4, "The client checks it and ends the matching session", "Back-Channel Logout 1.0 §2.6, §2.7",
            "AuthClient.handleBackChannelLogout — Sources/AuthClient/Logout/AuthClient+BackChannelLogout.swift")
        let ended = try await demo.attempt(4, &out, wire) { try await client.handleBackChannelLogout(token) }
        out.exchanges(wire.takeExchanges())
        for check in [
            "not encrypted, and signed: alg \(provider.configuration.signingKey.algorithm.rawValue), not none (steps 1, 3)",
            "typ logout+jwt (§2.4)",
            "signature verified with the key of the provider's JWK Set that kid names — the ID token's keys (step 3)",
            "iss = \(configuration.issuer); aud contains \(configuration.clientID); exp not passed (step 4)",
            "iat present, not in the future, at most 300 s old; jti present (§2.4)",
            "sub and sid present (step 5)", "events holds \(LogoutToken.backChannelLogoutEvent) with an object (step 6)",
            "no nonce (step 7)", "its jti not seen before from this issuer, and now remembered (step 8)",
        ] { out.check(check) }
        for session in ended {
            out.value("ended", "\(session.subject ?? "") at \(session.grant.clientID)", "sid \(session.sessionID ?? "")")
        }
        out.value(
            "alice at \(configuration.clientID)", await alice.isLoggedIn ? "signed in" : "signed out", "tokens forgotten, record removed")
        out.value(
            "alice at \(Self.otherClientID)", await otherAlice.isLoggedIn ? "signed in" : "signed out",
            "the token's aud names one client: the other's session is kept")
        if failure == .replayed {
            out.line("    (the provider, or an attacker who saw it, sends the same token again)")
            _ = try await demo.attempt(4, &out, wire) { try await client.handleBackChannelLogout(token) }
        }

        out.step(
            5, "The same, as a server's endpoint: the answer", "Back-Channel Logout 1.0 §2.8",
            "AuthClient.backChannelLogoutResponse(formBody:) — Sources/AuthClient/Logout/AuthClient+BackChannelLogout.swift")
        _ = try await out.login(5, at: client, through: provider, wire, seed: 3)
        let app = DemoTransport(LogoutEndpoint(client: client))
        let answer = try await demo.attempt(5, &out, app) {
            try await provider.sendBackChannelLogout(
                provider.logoutToken(subject: "alice", sessionID: sessionID), to: Self.endpoint, through: app)
        }
        out.exchanges(app.takeExchanges())
        out.value("Cache-Control", answer.header("Cache-Control") ?? "", "§2.8: the answer is never cached")
        guard answer.status == 200 else {
            throw DemoFlow.CaughtFailure(step: 5, message: "the logout endpoint answered \(answer.status), not 200")
        }
        out.check("200: the token was valid and the session ended; a refused token gets 400 with the rule, never the token")
    }
}

/// The app's back-channel logout endpoint as a transport: what a Hummingbird or Vapor route does with the POST.
private struct LogoutEndpoint: HTTPTransport {
    let client: AuthClient

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        await client.backChannelLogoutResponse(formBody: request.body)
    }
}
