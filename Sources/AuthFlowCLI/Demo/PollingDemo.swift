// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJWT
import AuthSession
import AuthTesting

/// What the demos of the grants that poll share (`demo --device`, `demo --ciba`): the fake provider (ES256)
/// on a simulated clock that the client's waits move, the wire that records the exchanges, the discovery
/// step and the closing request with the access token.
struct PollingDemo {
    let provider: FakeOpenIDProvider
    let wire: DemoTransport
    /// Where the client's waits go: at once, moving the clock along, each recorded.
    let sleeper: ImmediateClock
    private let demo = DemoFlow(failure: nil, verifierOctets: nil)

    init(_ configure: (inout FakeOpenIDProvider.Configuration) -> Void) {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.signingKey = .es256
        configure(&configuration)
        let time = ManualWallClock(NumericDate(secondsSince1970: 1_800_000_000))
        provider = FakeOpenIDProvider(configuration, clock: .manual(time))
        wire = DemoTransport(provider)
        sleeper = ImmediateClock { time.advance(by: $0.components.seconds) }
    }

    /// Step 1: discovery (the `spec` sections named), the client allowing the provider's ES256 only.
    func discover(_ spec: String, out: inout Narration) async throws -> AuthClient {
        out.step(1, "Discovery", spec, "AuthClient.discover — Sources/AuthClient/Client/AuthClient.swift")
        var clientConfiguration = try provider.clientConfiguration
        clientConfiguration.allowedAlgorithms = [.es256]
        let (configuration, wire, provider, sleeper) = (clientConfiguration, wire, provider, sleeper)
        let client = try await attempt(1, &out) {
            try await AuthClient.discover(configuration, transport: wire, clock: provider.clock, sleeper: sleeper)
        }
        out.exchanges(wire.takeExchanges())
        return client
    }

    /// Runs one step's `operation`, a failure caught there (``DemoFlow/attempt(_:_:_:_:)``).
    func attempt<T>(_ step: Int, _ out: inout Narration, _ operation: () async throws -> T) async throws -> T {
        try await demo.attempt(step, &out, wire, operation)
    }

    /// The end of the polling step `step`: the polls as they went (each after its wait), then the signed-in
    /// user, or the failure caught there; and what `slow_down` did or would do.
    func polled(_ result: Result<User, AuthClientError>, step: Int, slowedDown: Bool, out: inout Narration) throws -> User {
        out.polls(wire.takeExchanges(), sleeps: sleeper.sleeps)
        let user: User
        switch result {
        case .success(let signedIn): user = signedIn
        case .failure(let error): throw DemoFlow.CaughtFailure(step: step, message: "\(error)")
        }
        out.check(
            slowedDown
                ? "slow_down added 5 s to the interval for every later poll (added, not multiplied); authorization_pending kept it"
                : "authorization_pending kept the interval; slow_down would add 5 s to it for good")
        return user
    }

    /// The last step: a request with the access token the login got, the same `User` as after the code flow.
    func fetchProfile(step: Int, of user: User, out: inout Narration) async throws {
        out.step(
            step, "A request with the access token", "RFC 6750 §2.1, OpenID Connect Core §5.3",
            "User.fetchProfile — Sources/AuthClient/Session/User.swift")
        let profile = try await attempt(step, &out) { try await user.fetchProfile() }
        out.exchanges(wire.takeExchanges())
        out.check("signed in as '\(profile.subject)', the same User as after the code flow")
    }
}
