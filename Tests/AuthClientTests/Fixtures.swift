// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession
import AuthTesting
import Testing

/// A fake provider and a client configured for it, at a fixed time that tests can move.
struct Fixture {
    static let start = NumericDate(secondsSince1970: 1_800_000_000)

    let provider: FakeOpenIDProvider
    let client: AuthClient
    let time: ManualWallClock
    let store: InMemoryCredentialStore
    /// Where the client's retries wait: at once, moving `time` along, with each wait recorded.
    let sleeper: ImmediateClock

    /// HS256 with a client secret by default: fast in debug builds. Pass `.rs256` or `.es256` to sign with keys.
    init(
        signingKey: TestSigningKey = .hs256(secret: Fixture.secret),
        authentication: ClientAuthentication = .clientSecretBasic(Fixture.secret),
        configure: (inout FakeOpenIDProvider.Configuration) -> Void = { _ in },
        client configureClient: (inout ClientConfiguration) -> Void = { _ in }, seed: UInt64 = 0x5eed
    ) throws {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.signingKey = signingKey
        configuration.clientAuthentication = authentication
        configure(&configuration)
        time = ManualWallClock(Self.start)
        provider = FakeOpenIDProvider(configuration, clock: .manual(time), seed: seed)
        var clientConfiguration = try provider.clientConfiguration
        clientConfiguration.allowedAlgorithms = [signingKey.algorithm]
        configureClient(&clientConfiguration)
        store = InMemoryCredentialStore()
        let time = time
        sleeper = ImmediateClock { time.advance(by: $0.components.seconds) }
        client = try AuthClient(
            configuration: clientConfiguration, metadata: provider.metadata, transport: provider, store: store, clock: .manual(time),
            sleeper: sleeper)
    }

    static let secret = "a-client-secret-that-only-the-tests-know"

    /// Another client on the same provider, store and time: what a second process or a second
    /// `AuthClient` in the same app is.
    func secondClient() throws -> AuthClient {
        try secondClient(transport: provider, store: store)
    }

    func secondClient(transport: some HTTPTransport, store: some CredentialStore) throws -> AuthClient {
        try AuthClient(
            configuration: client.configuration, metadata: provider.metadata, transport: transport, store: store, clock: .manual(time),
            sleeper: sleeper)
    }

    /// This fixture's client, but waiting on the real clock: for a test that cancels a wait.
    func clientOnRealClock() throws -> AuthClient {
        try AuthClient(
            configuration: client.configuration, metadata: provider.metadata, transport: provider, store: store, clock: .manual(time),
            sleeper: ContinuousClock())
    }

    /// Runs `poll` in a task, cancels it 50 ms later, and expects it to end promptly as a cancelled login.
    static func expectCancelledPromptly(_ poll: @escaping @Sendable () async throws -> User) async throws {
        let started = ContinuousClock.now
        let task = Task { try await poll() }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let result = await task.result
        // The first wait alone is an hour; the bound is generous because the parallel suite on two cores can
        // keep this task from running for tens of seconds.
        #expect(ContinuousClock.now - started < .seconds(600))
        guard case .failure(let error) = result, case .session(.canceledLogin)? = error as? AuthClientError else {
            Issue.record("\(result)")
            return
        }
    }

    /// Logs in as alice with a seeded generator.
    func login(_ authorization: FakeOpenIDProvider.Authorization = .approve(subject: "alice"), seed: UInt64 = 1)
        async throws(AuthClientError) -> User
    {
        var generator = SeededRandomNumberGenerator(seed: seed)
        return try await client.login(with: provider.browser(authorization), using: &generator)
    }
}
