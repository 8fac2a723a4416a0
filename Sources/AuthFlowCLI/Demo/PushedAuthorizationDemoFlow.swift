// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession
import AuthTesting

/// `authflow demo --par`: a login through a pushed authorization request (RFC 9126), offline against the
/// fake provider, which requires PAR and authenticates the client with `client_secret_jwt` (RFC 7523);
/// the tokens are for a resource (RFC 8707), and a second resource's token comes from the same refresh
/// token. `--fail` shows an expired or a reused `request_uri`, or a client told not to push.
struct PushedAuthorizationDemoFlow: Sendable {
    /// What `--fail` can show in the PAR flow.
    enum Failure: String, CaseIterable, Sendable {
        case expired, reused
        case notPushed = "not-pushed"

        var explanation: String {
            switch self {
            case .expired: "the browser opens the request_uri after it expired (RFC 9126 §2.2 expires_in, §4)"
            case .reused: "the same request_uri is opened twice: it works once (RFC 9126 §4)"
            case .notPushed: "the app asks for a plain request although the provider requires PAR: refused, never downgraded (RFC 9126 §5)"
            }
        }
    }

    static let api = "https://api.authflow.test/"
    static let files = "https://files.authflow.test/"

    let failure: Failure?

    func run() async -> (text: String, asExpected: Bool) {
        var out = Narration()
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.signingKey = .es256
        configuration.requiresPushedAuthorizationRequests = true
        configuration.clientAuthentication = .clientSecretJWT("a-demo-client-secret")
        let time = ManualWallClock(NumericDate(secondsSince1970: 1_800_000_000))
        let provider = FakeOpenIDProvider(configuration, clock: .manual(time))
        let wire = DemoTransport(provider)
        out.line("AuthFlow demo: a pushed authorization request (RFC 9126) with client_secret_jwt (RFC 7523) and resource")
        out.line("indicators (RFC 8707), offline, against AuthTesting's fake provider. Time is simulated.")
        if let failure { out.line("Showing: \(failure.rawValue) — \(failure.explanation).") }
        let asExpected = await out.conclude(
            flag: "--par", failures: Failure.allCases.map(\.rawValue), expectingFailure: failure != nil
        ) { out in
            try await flow(provider: provider, time: time, wire: wire, out: &out)
        }
        return (out.text, asExpected)
    }

    private func flow(provider: FakeOpenIDProvider, time: ManualWallClock, wire: DemoTransport, out: inout Narration) async throws {
        let demo = DemoFlow(failure: nil, verifierOctets: nil)

        out.step(
            1, "Discovery", "OpenID Connect Discovery 1.0 §4, RFC 9126 §5",
            "AuthClient.discover — Sources/AuthClient/Client/AuthClient.swift")
        var clientConfiguration = try provider.clientConfiguration
        clientConfiguration.allowedAlgorithms = [.es256]
        clientConfiguration.resources = [Self.api, Self.files]
        let configuration = clientConfiguration
        let client = try await demo.attempt(1, &out, wire) {
            try await AuthClient.discover(configuration, transport: wire, clock: provider.clock)
        }
        out.exchanges(wire.takeExchanges())
        out.value("pushed_authorization_request_endpoint", client.metadata.pushedAuthorizationRequestEndpoint ?? "none", "")
        out.value(
            "require_pushed_authorization_requests", "\(client.metadata.requiresPushedAuthorizationRequests)", "so every request is pushed")

        out.step(
            2, "Pushing the authorization request", "RFC 9126 §2.1, §2.2; RFC 7523 §2.2; RFC 8707 §2",
            "AuthClient.preparedAuthorizationRequest — Sources/AuthClient/Login/AuthClient+PushedAuthorization.swift")
        var generator = SystemRandomNumberGenerator()
        let options = AuthorizationRequest.Options(pushedAuthorization: failure == .notPushed ? .never : .automatic)
        let request = try await demo.attempt(2, &out, wire) { try await client.preparedAuthorizationRequest(options, using: &generator) }
        out.exchanges(wire.takeExchanges())
        out.check(
            "the parameters went in the POST body, with a client assertion (HS256, aud = the token endpoint, a fresh jti, exp in 60 s)")
        out.check("resource names each API the tokens are for; the provider refuses one it does not serve with invalid_target")

        out.step(
            3, "The browser", "RFC 9126 §4",
            "AuthenticationSession — Sources/AuthSession; the fake's /authorize — FakeOpenIDProvider+PushedAuthorization.swift")
        out.value("authorization URL", request.url.text, "client_id and request_uri only: nothing to tamper with or leak")
        if failure == .expired {
            time.advance(by: (request.pushed?.expiresIn ?? 60) + 1)
            out.line("    … the user waits \((request.pushed?.expiresIn ?? 60) + 1) s before the page opens")
        }
        let redirect = try await demo.attempt(3, &out, wire) {
            try await AuthenticationSession(url: request.url, callback: request.callback, userAgent: provider.browser()).authenticate()
        }
        out.value("redirect", redirect.callbackURL.text, "")
        if failure == .reused {
            out.line("    … and the same URL is opened again")
            _ = try await demo.attempt(3, &out, wire) {
                try await AuthenticationSession(url: request.url, callback: request.callback, userAgent: provider.browser()).authenticate()
            }
        }

        out.step(
            4, "Code exchange", "RFC 6749 §4.1.3, RFC 8707 §2.2", "AuthClient.completeLogin — Sources/AuthClient/Client/AuthClient.swift")
        let user = try await demo.attempt(4, &out, wire) { try await client.completeLogin(request, redirect: redirect) }
        out.exchanges(wire.takeExchanges())
        let tokens = try requireDemo(await user.tokens, step: 4)
        out.value(
            "audience", (provider.audience(ofAccessToken: tokens.accessToken) ?? []).joined(separator: " "), "the resources asked for")

        out.step(
            5, "A token for one resource", "RFC 8707 §2.2",
            "User.accessToken(forResource:) — Sources/AuthClient/Session/User+Resources.swift")
        let token = try await demo.attempt(5, &out, wire) { try await user.accessToken(forResource: Self.files) }
        out.exchanges(wire.takeExchanges())
        out.value("audience", (provider.audience(ofAccessToken: token) ?? []).joined(separator: " "), "only that resource")
        out.check("the main token set kept its access token; the rotated refresh token replaced the old one in memory and in the store")
    }
}

/// The value, or a caught failure at `step` when there is none.
private func requireDemo<T>(_ value: T?, step: Int) throws -> T {
    guard let value else { throw DemoFlow.CaughtFailure(step: step, message: "nothing to continue with") }
    return value
}
