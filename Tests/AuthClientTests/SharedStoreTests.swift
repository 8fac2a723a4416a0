// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthJSON
import AuthTesting
import Foundation
import Testing

/// One store shared by several issuers, clients and processes (issue 27): a session is one grant, and no
/// grant's tokens ever reach another's client or another issuer's endpoints.
@Suite("A store shared by many grants: a session is one grant")
struct SharedStoreTests {
    static let evilIssuer = "https://evil-provider.authflow.test"

    /// Two providers with the same client id and secret and one shared store: issuer A's fixture, and a
    /// client of issuer B on A's store whose every request is recorded.
    static func twoIssuers() throws -> (a: Fixture, b: Fixture, bClient: AuthClient, bRequests: RecordingRouter) {
        let a = try Fixture()
        let b = try Fixture(configure: { $0.issuer = evilIssuer }, seed: 0xb0b)  // its own tokens, not A's by coincidence
        let router = RecordingRouter([], fallback: b.provider)
        let bClient = try AuthClient(
            configuration: b.client.configuration, metadata: b.provider.metadata, transport: router, store: a.store, clock: .manual(a.time),
            sleeper: a.sleeper)
        return (a, b, bClient, router)
    }

    @Test("a second issuer's client on the same store resumes nothing of the first's, even when its user has the same sub")
    func resumeIsPerGrant() async throws {
        let (a, b, bClient, _) = try Self.twoIssuers()
        let alice = try await a.login()
        #expect(try await bClient.resumeLastUser() == nil)

        var generator = SeededRandomNumberGenerator(seed: 9)
        let other = try await bClient.login(with: b.provider.browser(.approve(subject: "alice")), using: &generator)
        #expect(other !== alice && other.subject == alice.subject)
        #expect(await a.store.credential(for: "alice", grant: a.client.grant)?.tokens == (await alice.tokens))
        #expect(await a.store.credential(for: "alice", grant: bClient.grant)?.tokens == (await other.tokens))
        #expect(await a.store.document.credentials.count == 2)
        #expect(try await a.client.resumeLastUser() === alice)
        #expect(try await bClient.resumeLastUser() === other)
    }

    @Test("an authorization server that issues the victim's sub never receives the victim's refresh token")
    func noTokenCrossesIssuers() async throws {
        let (a, b, bClient, bRequests) = try Self.twoIssuers()
        let victim = try await a.login()
        var generator = SeededRandomNumberGenerator(seed: 10)
        let impostor = try await bClient.login(with: b.provider.browser(.approve(subject: "alice")), using: &generator)
        // The victim refreshes last, so the store's newest tokens for "alice" are issuer A's.
        try await victim.refreshTokens()
        let victimTokens = try #require(await victim.tokens)
        try await impostor.refreshTokens()
        _ = try await impostor.send(TransportRequest(method: .get, url: b.provider.url(of: .userinfo)))

        let secrets = [victimTokens.accessToken, try #require(victimTokens.refreshToken)]
        for request in bRequests.requests {
            let sent = String(decoding: request.body, as: UTF8.self) + request.headerFields.map { $0.name + ": " + $0.value }.joined()
            for secret in secrets { #expect(!sent.contains(secret), "issuer B got one of issuer A's tokens at \(request.url)") }
        }
        #expect(await victim.tokens == victimTokens)
        #expect(try await victim.send(TransportRequest(method: .get, url: a.provider.url(of: .userinfo))).status == 200)
    }

    @Test("an invalid_grant at one issuer ends only that grant's session; the other issuer's user with the same sub stays")
    func refusalEndsOneGrant() async throws {
        let (a, b, bClient, _) = try Self.twoIssuers()
        let alice = try await a.login()
        var generator = SeededRandomNumberGenerator(seed: 11)
        let other = try await bClient.login(with: b.provider.browser(.approve(subject: "alice")), using: &generator)
        b.provider.revokeRefreshTokens()
        await #expect(throws: AuthClientError.self) { try await other.refreshTokens() }
        #expect(await !other.isLoggedIn)
        #expect(await alice.isLoggedIn)
        #expect(await a.store.credential(for: "alice", grant: a.client.grant)?.tokens == (await alice.tokens))
        #expect(await a.store.credential(for: "alice", grant: bClient.grant) == nil)
    }

    @Test("the same client with another RFC 8707 resource is another grant: its tokens are kept apart")
    func resourceIsPartOfTheGrant() async throws {
        let fixture = try Fixture()
        let api = try fixture.secondClient(transport: fixture.provider, store: fixture.store)
        var configuration = fixture.client.configuration
        configuration.resources = ["https://files.authflow.test/"]
        let files = try AuthClient(
            configuration: configuration, metadata: fixture.provider.metadata, transport: fixture.provider, store: fixture.store,
            clock: .manual(fixture.time), sleeper: fixture.sleeper)
        #expect(api.grant != files.grant)
        var generator = SeededRandomNumberGenerator(seed: 12)
        let user = try await files.login(with: fixture.provider.browser(), using: &generator)
        #expect(user.grant.resources == ["https://files.authflow.test/"])
        #expect(try await api.resumeLastUser() == nil)
        #expect(try await files.resumeLastUser() === user)
    }

    // MARK: Several clients and processes on one refresh token

    @Test("two clients on one file store refresh a rotating token at once: the lock serializes them, no token is reused")
    func fileStoreSerializesRefreshes() async throws {
        let fixture = try Fixture(configure: { $0.detectsRefreshTokenReuse = true })
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authflow-shared-\(UInt32.random(in: 0...UInt32.max)).json"
        )
        .path
        defer {
            for suffix in ["", ".lock", ".refresh-lock"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        // Two store objects on one file: what two processes have. Token requests take 20 ms, so the two
        // refreshes overlap.
        let slow = SlowTokenEndpoint(fixture.provider)
        let first = try fixture.secondClient(transport: slow, store: FileCredentialStore(path: path))
        var generator = SeededRandomNumberGenerator(seed: 13)
        _ = try await first.login(with: fixture.provider.browser(), using: &generator)
        let second = try fixture.secondClient(transport: slow, store: FileCredentialStore(path: path))
        let one = try #require(try await first.resumeLastUser())
        let two = try #require(try await second.resumeLastUser())
        #expect(one !== two)
        for _ in 0..<5 {
            fixture.provider.expireAccessTokens()
            async let a = one.refreshTokens()
            async let b = two.refreshTokens()
            _ = try await (a, b)
        }
        #expect(fixture.provider.refreshTokenReuseCount == 0)
        #expect(await one.isLoggedIn)
        #expect(await two.isLoggedIn)
        let stored = try #require(try await FileCredentialStore(path: path).lastCredential(for: first.grant)?.tokens)
        #expect([await one.tokens, await two.tokens].contains(stored))
    }

    @Test("a resource token request spends the refresh token another process rotated since, not its own spent copy")
    func resourceRequestRereadsTheStore() async throws {
        let fixture = try Fixture(
            configure: { $0.detectsRefreshTokenReuse = true },
            client: { $0.resources = ["https://api.authflow.test/", "https://files.authflow.test/"] })
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("authflow-res-\(UInt32.random(in: 0...UInt32.max)).json")
            .path
        defer {
            for suffix in ["", ".lock", ".refresh-lock"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let first = try fixture.secondClient(transport: fixture.provider, store: FileCredentialStore(path: path))
        var generator = SeededRandomNumberGenerator(seed: 14)
        let one = try await first.login(with: fixture.provider.browser(), using: &generator)
        let two = try #require(
            try await fixture.secondClient(transport: fixture.provider, store: FileCredentialStore(path: path)).resumeLastUser())
        try await one.refreshTokens()  // rotates the refresh token two still holds in memory
        #expect(try await two.accessToken(forResource: "https://api.authflow.test/").isEmpty == false)
        #expect(fixture.provider.refreshTokenReuseCount == 0)
        #expect(try await one.send(TransportRequest(method: .get, url: fixture.provider.url(of: .userinfo))).status == 200)
    }

    @Test("without the lock (a store that has none) the same race spends a rotated token twice, as the provider sees")
    func withoutTheLockTokensAreReused() async throws {
        let fixture = try Fixture(configure: { $0.detectsRefreshTokenReuse = true })
        _ = try await fixture.login()
        // Both clients share the records but no lock (RacingStore forwards everything but the lock; nothing
        // runs "meanwhile" here); each refreshes the same stored token at once.
        let slow = SlowTokenEndpoint(fixture.provider)
        let one = try #require(try await fixture.secondClient(transport: slow, store: RacingStore(fixture.store) {}).resumeLastUser())
        let two = try #require(try await fixture.secondClient(transport: slow, store: RacingStore(fixture.store) {}).resumeLastUser())
        fixture.provider.expireAccessTokens()
        async let a = try? one.refreshTokens()
        async let b = try? two.refreshTokens()
        _ = await (a, b)
        #expect(fixture.provider.refreshTokenReuseCount > 0, "the control case: the race is real without the lock")
    }

    // MARK: Without a refresh token

    @Test("a 401 without a refresh token keeps the tokens stored and the user signed in: reauthorizationRequired (10401)")
    func unauthorizedWithoutRefreshToken() async throws {
        let fixture = try Fixture(configure: { $0.issuesRefreshTokens = false })
        let user = try await fixture.login()
        let before = try #require(await user.tokens)
        let events = LogoutCounter(fixture.client)
        fixture.provider.expireAccessTokens()
        await #expect(throws: AuthClientError.reauthorizationRequired) {
            try await user.send(TransportRequest(method: .get, url: fixture.provider.url(of: .userinfo)))
        }
        #expect(AuthClientError.reauthorizationRequired.code == 10401)
        #expect(await user.isLoggedIn)
        #expect(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens == before)
        #expect(events.count == 0)
        await #expect(throws: AuthClientError.reauthorizationRequired) { try await user.refreshTokens() }
        // A new login of the same grant replaces them, on the same User.
        #expect(try await fixture.login(seed: 2) === user)
        #expect(try await user.send(TransportRequest(method: .get, url: fixture.provider.url(of: .userinfo))).status == 200)
    }

    // MARK: Files written before grants were kept

    /// A version-1 document, as the previous release wrote it: records keyed by `sub` alone.
    static func versionOne(_ tokens: TokenSet) throws -> Data {
        let encoded = try JSONEncoder().encode(tokens)
        let record = #"{"user":"alice","email":"alice@example.com","tokens":"# + String(decoding: encoded, as: UTF8.self) + "}"
        return Data((#"{"version":1,"lastUser":"alice","credentials":["# + record + "]}").utf8)
    }

    @Test("a version-1 file is taken over by the client its ID token names, and by no other issuer's client")
    func versionOneMigration() async throws {
        let (a, b, _, _) = try Self.twoIssuers()
        let tokens = try #require(await a.login().tokens)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("authflow-v1-\(UInt32.random(in: 0...UInt32.max)).json")
            .path
        defer {
            for suffix in ["", ".lock", ".refresh-lock"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        try Self.versionOne(tokens).write(to: URL(fileURLWithPath: path))
        let store = FileCredentialStore(path: path)

        let foreign = try b.secondClient(transport: b.provider, store: store)
        #expect(try await foreign.resumeLastUser() == nil)
        #expect(try await store.load().version == 1, "nothing claimed, nothing written")

        let own = try a.secondClient(transport: a.provider, store: store)
        let resumed = try #require(try await own.resumeLastUser())
        #expect(resumed.subject == "alice")
        #expect(await resumed.tokens == tokens)
        let migrated = try await store.load()
        #expect(migrated.version == 2)
        #expect(migrated.credentials.map(\.grant) == [own.grant])
        #expect(migrated.credentials.first?.email == "alice@example.com")
        #expect(try await resumed.send(TransportRequest(method: .get, url: a.provider.url(of: .userinfo))).status == 200)
        #expect(try await foreign.resumeLastUser() == nil)
    }

    @Test("a version-1 record without an ID token is not claimed by a library client: no issuer can be proven")
    func versionOneWithoutIDToken() async throws {
        let fixture = try Fixture()
        var tokens = try #require(await fixture.login().tokens)
        tokens.idToken = nil
        let store = InMemoryCredentialStore(try JSONDecoder().decode(CredentialStoreDocument.self, from: Self.versionOne(tokens)))
        let client = try fixture.secondClient(transport: fixture.provider, store: store)
        #expect(try await client.resumeLastUser() == nil)
        #expect(await store.document.credentials.first?.grant == nil)
    }
}

/// The provider, with every token endpoint request taking 20 ms: long enough for two refreshes to overlap.
struct SlowTokenEndpoint: HTTPTransport {
    let provider: FakeOpenIDProvider
    init(_ provider: FakeOpenIDProvider) { self.provider = provider }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        if request.url == provider.url(of: .token) { try? await Task.sleep(for: .milliseconds(20)) }
        return try await provider.send(request)
    }
}
