// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession
import AuthTesting
import TestVectors
import Testing

/// Each test injects one ordinary fault at one moment of a signed-in session — through the fake provider,
/// a faulty store, a second client, the clock — and checks that the session survives where the provider
/// still accepts the tokens: no forced logout, no lost refresh token, the cause reported as a typed value.
@Suite("User under faults: no forced logout, no lost refresh token")
struct UserFaultTests {
    static func apiRequest(_ fixture: Fixture) -> TransportRequest {
        TransportRequest(method: .get, url: fixture.provider.url(of: .userinfo))
    }

    // MARK: A rotated refresh token is never lost

    @Test("a JWKS outage after a key rotation fails the refresh but keeps the rotated refresh token, so the next refresh works")
    func jwksOutageDuringRefresh() async throws {
        let fixture = try Fixture(signingKey: .es256)
        let user = try await fixture.login()
        fixture.time.advance(by: 120)  // past the JWKS refetch cooldown that the login's fetch started
        let rotated = try #require(TestSigningKey.es256(privateKey: Array(repeating: 0x42, count: 32), keyID: "rotated-p256"))
        fixture.provider.rotateSigningKey(to: rotated)
        fixture.provider.fail(.jwks, with: .status(503))
        fixture.provider.expireAccessTokens()
        let events = LogoutCounter(fixture.client)

        await #expect { try await user.send(Self.apiRequest(fixture)) } throws: { error in
            guard
                case .keySetRefetchFailed("rotated-p256", .unexpectedResponse(endpoint: "jwks_uri", status: 503, _))? = error
                    as? AuthClientError
            else { return false }
            return true
        }
        #expect(await user.isLoggedIn)
        // The provider rotates refresh tokens: only the newest one works now, and the store has it.
        let stored = try #require(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens)
        #expect(stored.refreshToken == (await user.tokens)?.refreshToken)

        fixture.time.advance(by: 120)  // past the cooldown the failed refetch started
        let response = try await user.send(Self.apiRequest(fixture))
        #expect(response.status == 200)
        #expect(await user.refreshCount == 2)
        #expect(events.count == 0)
    }

    @Test("a store write that fails after a rotation is a typed error; the token is kept in memory and saved on the next call")
    func storeWriteFailure() async throws {
        let fixture = try Fixture()
        let store = FaultyCredentialStore(fixture.store)
        let client = try fixture.secondClient(transport: fixture.provider, store: store)
        var generator = SeededRandomNumberGenerator(seed: 3)
        let user = try await client.login(with: fixture.provider.browser(), using: &generator)
        let before = try #require(await user.tokens)
        fixture.provider.expireAccessTokens()
        await store.failNextSaves()

        await #expect { try await user.send(Self.apiRequest(fixture)) } throws: { error in
            guard case .store(.storeFailure(_, _, 28))? = error as? AuthClientError else { return false }
            return true
        }
        #expect(await user.isLoggedIn)
        let held = try #require(await user.tokens)
        #expect(held.refreshToken != before.refreshToken)  // rotated, held in memory
        #expect(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens?.refreshToken == before.refreshToken)

        let response = try await user.send(Self.apiRequest(fixture))
        #expect(response.status == 200)
        let saved = try #require(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens)
        #expect(saved == (await user.tokens))
        #expect(saved.refreshToken != before.refreshToken)
    }

    @Test("while the store lacks the newest refresh token, every call saves again first and says why it cannot go on")
    func storeStaysBroken() async throws {
        let fixture = try Fixture()
        let store = FaultyCredentialStore(fixture.store)
        let client = try fixture.secondClient(transport: fixture.provider, store: store)
        var generator = SeededRandomNumberGenerator(seed: 4)
        let user = try await client.login(with: fixture.provider.browser(), using: &generator)
        fixture.provider.expireAccessTokens()
        await store.failNextSaves(3)
        for _ in 0..<3 {
            await #expect { try await user.send(Self.apiRequest(fixture)) } throws: { ($0 as? AuthClientError)?.code == 10015 }
        }
        #expect(fixture.provider.requestCount(.token) == 2)  // the login's exchange and one refresh; no refresh repeated
        #expect(try await user.send(Self.apiRequest(fixture)).status == 200)
        #expect(await user.refreshCount == 2)
    }

    @Test(
        "a process killed between the token response and the save: after a restart the user is signed in where the provider still accepts the token"
    )
    func killedMidSave() async throws {
        let fixture = try Fixture { $0.rotatesRefreshTokens = false }
        let store = FaultyCredentialStore(fixture.store)
        let client = try fixture.secondClient(transport: fixture.provider, store: store)
        var generator = SeededRandomNumberGenerator(seed: 6)
        let user = try await client.login(with: fixture.provider.browser(), using: &generator)
        fixture.provider.expireAccessTokens()
        await store.hangNextSave()
        let doomed = Task { try await user.send(Self.apiRequest(fixture)) }
        while await store.hungSaveCount == 0 { await Task.yield() }

        // "Restart": a new process, with a client on what the store holds on disk. The killed process's
        // refresh lock died with it (the kernel releases a flock), so the new process has its own store.
        let onDisk = InMemoryCredentialStore(await fixture.store.document)
        let restarted = try fixture.secondClient(transport: fixture.provider, store: onDisk)
        let resumed = try #require(try await restarted.resumeLastUser())
        #expect(try await resumed.send(Self.apiRequest(fixture)).status == 200)
        #expect(await resumed.isLoggedIn)

        await store.releaseHungSaves()
        _ = await doomed.result
    }

    @Test("a refreshed ID token for another user is refused with its own error (OpenID Connect Core §12.2); the user stays signed in")
    func refreshedIDTokenForAnotherUser() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let events = LogoutCounter(fixture.client)
        fixture.provider.issueNextIDToken(forSubject: "mallory")
        await #expect { try await user.refreshTokens() } throws: { error in
            guard case .refreshedIDTokenForAnotherUser? = error as? AuthClientError else { return false }
            return (error as? AuthClientError)?.code == 10019 && "\(error)".contains("§12.2")
        }
        #expect(await user.isLoggedIn)
        #expect(events.count == 0)
        // The access token that came with mallory's ID token was not taken.
        let afterRefusal = try #require(await user.tokens)
        #expect(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens == afterRefusal)
        #expect(try await user.refreshTokens().refreshToken != afterRefusal.refreshToken)
    }

    // MARK: One refresh per stored user

    @Test("login and resumeLastUser hand out one User per subject, so concurrent requests on both make one refresh")
    func oneUserPerSubject() async throws {
        let fixture = try Fixture()
        let first = try await fixture.login()
        let second = try #require(try await fixture.client.resumeLastUser())
        #expect(first === second)
        fixture.provider.expireAccessTokens()
        let before = fixture.provider.requestCount(.token)
        async let a = first.send(Self.apiRequest(fixture))
        async let b = second.send(Self.apiRequest(fixture))
        #expect(try await [a.status, b.status] == [200, 200])
        #expect(fixture.provider.requestCount(.token) - before == 1)
    }

    @Test("a second client on the same store uses the tokens the first saved instead of spending the refresh token again")
    func secondClientAdoptsStoredTokens() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let other = try #require(try await fixture.secondClient().resumeLastUser())
        #expect(user !== other)
        fixture.provider.expireAccessTokens()
        #expect(try await user.send(Self.apiRequest(fixture)).status == 200)
        let events = LogoutCounter(other.client)

        let before = fixture.provider.requestCount(.token)
        #expect(try await other.send(Self.apiRequest(fixture)).status == 200)
        #expect(fixture.provider.requestCount(.token) == before)  // no refresh: the saved tokens were used
        #expect(await other.tokens == (await user.tokens))
        #expect(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens == (await user.tokens))
        #expect(events.count == 0)
    }

    @Test("a refusal caused by another client's refresh in the meantime adopts that client's tokens instead of deleting them")
    func compareBeforeRemove() async throws {
        let fixture = try Fixture()
        let winner = try await fixture.login()
        // The loser's token request is held until the winner has refreshed, so the loser spends a refresh
        // token that has just been rotated away: the provider answers invalid_grant. Its store shares the
        // records but not the refresh lock (a conformance without one), which would otherwise keep the
        // winner waiting until the loser is done, and this race could not happen (see SharedStoreTests).
        let race = RacingTransport(provider: fixture.provider) { _ = try? await winner.refreshTokens() }
        let loserClient = try fixture.secondClient(transport: race, store: RacingStore(fixture.store) {})
        let loser = try #require(try await loserClient.resumeLastUser())
        let events = LogoutCounter(loserClient)
        fixture.provider.expireAccessTokens()

        #expect(try await loser.send(Self.apiRequest(fixture)).status == 200)
        #expect(race.refusedRefreshes == 1)
        #expect(await loser.isLoggedIn)
        let saved = try #require(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens)
        #expect(saved == (await winner.tokens))
        #expect(saved == (await loser.tokens))
        #expect(events.count == 0)
    }

    @Test("newer tokens saved between a refusal and the removal are used: the request succeeds, nothing is removed, no logout")
    func refusalRacedByRemoval() async throws {
        let fixture = try Fixture()
        let winner = try await fixture.login()
        let store = RacingStore(fixture.store) { _ = try? await winner.refreshTokens() }
        let loserClient = try fixture.secondClient(transport: fixture.provider, store: store)
        let loser = try #require(try await loserClient.resumeLastUser())
        let events = LogoutCounter(loserClient)
        fixture.provider.expireAccessTokens()
        fixture.provider.fail(.token, with: .oauthError(.invalidGrant))  // the loser's refresh is refused

        #expect(try await loser.send(Self.apiRequest(fixture)).status == 200)
        #expect(await store.raced)
        #expect(await loser.isLoggedIn)
        let saved = try #require(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens)
        #expect(saved == (await winner.tokens))
        #expect(saved == (await loser.tokens))
        #expect(events.count == 0)
    }

    @Test("a caller whose task is cancelled stops waiting for the shared refresh at once; the others get its result")
    func cancelledWaiter() async throws {
        let fixture = try Fixture()
        let gate = GatedTransport(provider: fixture.provider)
        let client = try fixture.secondClient(transport: gate, store: fixture.store)
        var generator = SeededRandomNumberGenerator(seed: 17)
        let user = try await client.login(with: fixture.provider.browser(), using: &generator)
        fixture.provider.expireAccessTokens()
        gate.hold(url: fixture.provider.url(of: .token), bodyContains: "grant_type=refresh_token")
        let patient = Task { try await user.send(Self.apiRequest(fixture)) }
        let impatient = Task { try await user.send(Self.apiRequest(fixture)) }
        while gate.heldCount == 0 { await Task.yield() }

        impatient.cancel()
        let outcome = await finishes(within: 30) { await impatient.result }  // the refresh is still held
        guard case .failure(let error)? = outcome, case .transportFailed(let failure)? = error as? AuthClientError else {
            Issue.record("the cancelled caller did not stop: \(String(describing: outcome))")
            gate.release()
            return
        }
        #expect(failure.kind == .cancelled)
        #expect(gate.heldCount == 1)

        gate.release()
        #expect(try await patient.value.status == 200)
        #expect(await user.refreshCount == 1)
    }

    // MARK: Transient failures are retried; causes are typed

    @Test("429 with Retry-After, then 503, are retried on the injected clock, honouring Retry-After, then succeed")
    func retriesWithBackoff() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        fixture.provider.expireAccessTokens()
        fixture.provider.fail(.token, with: .response(status: 429, headerFields: [HeaderField(name: "Retry-After", value: "7")]))
        fixture.provider.fail(.token, with: .status(503))
        let before = fixture.provider.requestCount(.token)
        #expect(try await user.send(Self.apiRequest(fixture)).status == 200)
        #expect(fixture.provider.requestCount(.token) - before == 3)
        #expect(fixture.sleeper.sleeps == [.seconds(7), .seconds(2)])
        #expect(await user.refreshCount == 1)
    }

    @Test("temporarily_unavailable and a lost connection are retried too")
    func retriesOAuthAndNetworkFailures() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        fixture.provider.expireAccessTokens()
        fixture.provider.fail(.token, with: .oauthError(.temporarilyUnavailable))
        fixture.provider.fail(.token, with: .noResponse)
        #expect(try await user.send(Self.apiRequest(fixture)).status == 200)
        #expect(fixture.sleeper.sleeps == [.seconds(1), .seconds(2)])
    }

    @Test("failures that outlast the retries are thrown with their status or transport cause, and the user stays signed in")
    func retriesExhausted() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        fixture.provider.expireAccessTokens()
        fixture.provider.fail(.token, with: .status(503), times: 3)
        await #expect { try await user.send(Self.apiRequest(fixture)) } throws: { error in
            guard case .unexpectedResponse("token", 503, _)? = error as? AuthClientError else { return false }
            return true
        }
        fixture.provider.fail(.token, with: .noResponse, times: 3)
        await #expect { try await user.send(Self.apiRequest(fixture)) } throws: { error in
            guard case .transportFailed(let failure)? = error as? AuthClientError else { return false }
            return failure.kind == .connectionLost && failure.isTransient
        }
        #expect(fixture.sleeper.sleeps == [.seconds(1), .seconds(2), .seconds(1), .seconds(2)])
        #expect(await user.isLoggedIn)
        #expect(try await user.send(Self.apiRequest(fixture)).status == 200)
    }

    @Test("with RetryPolicy.none a transient failure is thrown at once")
    func noRetries() async throws {
        let fixture = try Fixture(client: { $0.retryPolicy = .none })
        let user = try await fixture.login()
        fixture.provider.expireAccessTokens()
        fixture.provider.fail(.token, with: .status(500))
        await #expect { try await user.send(Self.apiRequest(fixture)) } throws: { ($0 as? AuthClientError)?.code == 10006 }
        #expect(fixture.sleeper.sleeps.isEmpty)
        #expect(await user.isLoggedIn)
    }

    @Test("invalid_client on refresh points at the client's configuration: thrown, not retried, the user stays signed in")
    func invalidClientKeepsUser() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        fixture.provider.expireAccessTokens()
        fixture.provider.fail(.token, with: .oauthError(.invalidClient))
        await #expect { try await user.send(Self.apiRequest(fixture)) } throws: { ($0 as? AuthClientError)?.oauthError == .invalidClient }
        #expect(await user.isLoggedIn)
        #expect(await fixture.store.lastCredential(for: fixture.client.grant) != nil)
        #expect(fixture.sleeper.sleeps.isEmpty)
    }

    @Test("invalid_grant ends the session with the OAuth error as a typed value, in the error and in the logout event")
    func invalidGrantIsTyped() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let events = fixture.client.logoutEvents()
        fixture.provider.revokeRefreshTokens()
        do {
            try await user.refreshTokens()
            Issue.record("the refresh was not refused")
        } catch .refreshFailed(.refused(let response)) {
            #expect(response.error == .invalidGrant)
        } catch {
            Issue.record("\(error)")
        }
        var iterator = events.makeAsyncIterator()
        #expect(
            await iterator.next()?.reason
                == .refreshFailed(.refused(OAuthErrorResponse(error: .invalidGrant, errorDescription: "unknown or revoked refresh token"))))
        #expect(await fixture.store.lastCredential(for: fixture.client.grant) == nil)
    }

    // MARK: Logout says what it did

    @Test("logout finds the revocation endpoint in the RFC 8414 metadata when discovery lacks it")
    func logoutUsesAuthorizationServerMetadata() async throws {
        let fixture = try Fixture { $0.listsRevocationEndpointInDiscovery = false }
        #expect(fixture.client.metadata.revocationEndpoint == nil)
        let user = try await fixture.login()
        let result = try await user.logout()
        guard case .revoked(tokenTypeHint: "refresh_token") = result.revocation else {
            Issue.record("\(result.revocation)")
            return
        }
        #expect(fixture.provider.requestCount(.authorizationServerMetadata) == 1)
        #expect(fixture.provider.requestCount(.revocation) == 1)
    }

    @Test("logout reports a provider without revocation, and a failed revocation, and logs out locally either way")
    func logoutReportsRevocation() async throws {
        let fixture = try Fixture { $0.listsRevocationEndpointInDiscovery = false }
        fixture.provider.fail(.authorizationServerMetadata, with: .status(404))
        let result = try await fixture.login().logout()
        guard case .notSupported = result.revocation else {
            Issue.record("\(result.revocation)")
            return
        }
        #expect(!result.didRevoke)
        #expect(await fixture.store.lastCredential(for: fixture.client.grant) == nil)

        let second = try Fixture()
        second.provider.fail(.revocation, with: .status(503))
        let user = try await second.login()
        let failed = try await user.logout()
        guard case .failed(.unexpectedResponse("revocation", 503, _)) = failed.revocation else {
            Issue.record("\(failed.revocation)")
            return
        }
        #expect(await !user.isLoggedIn)
        #expect(await second.store.lastCredential(for: second.client.grant) == nil)
    }

    @Test("the RFC 8414 metadata is looked up under the issuer's path (§3.1) and must name the same issuer (§3.3)")
    func authorizationServerMetadataLookup() async throws {
        let fixture = try Fixture()
        let issuer = "https://login.example.com/tenant-1"
        let configuration = try ClientConfiguration(issuer: issuer, clientID: "app", redirectURI: "com.example.app:/cb")
        let metadata = ProviderMetadata(
            issuer: issuer, authorizationEndpoint: issuer + "/authorize", tokenEndpoint: issuer + "/token", jwksURI: issuer + "/jwks")
        let good = #"{"issuer":"https://login.example.com/tenant-1","revocation_endpoint":"https://login.example.com/tenant-1/revoke"}"#
        let transport: ScriptedTransport = .scripted([
            TransportResponse(status: 200, body: Array(good.utf8)), TransportResponse(status: 200),
        ])
        let client = try AuthClient(configuration: configuration, metadata: metadata, transport: transport, clock: .manual(fixture.time))
        #expect(try await client.revoke("a-token", hint: "refresh_token"))
        #expect(
            transport.requests.map(\.url) == [
                "https://login.example.com/.well-known/oauth-authorization-server/tenant-1", "https://login.example.com/tenant-1/revoke",
            ])

        let impostor = #"{"issuer":"https://evil.example.com","revocation_endpoint":"https://evil.example.com/revoke"}"#
        let other = try AuthClient(
            configuration: configuration, metadata: metadata,
            transport: ScriptedTransport.immediate(TransportResponse(status: 200, body: Array(impostor.utf8))),
            clock: .manual(fixture.time))
        await #expect { try await other.revoke("a-token", hint: "refresh_token") } throws: { ($0 as? AuthClientError)?.code == 10004 }
    }

    /// A client for the issuer `https://login.example.com/o` whose discovery document lists no revocation endpoint.
    static func pathIssuerClient(_ fixture: Fixture, transport: ScriptedTransport) throws -> AuthClient {
        let issuer = "https://login.example.com/o"
        let configuration = try ClientConfiguration(issuer: issuer, clientID: "app", redirectURI: "com.example.app:/cb")
        let metadata = ProviderMetadata(
            issuer: issuer, authorizationEndpoint: issuer + "/authorize", tokenEndpoint: issuer + "/token", jwksURI: issuer + "/jwks")
        return try AuthClient(configuration: configuration, metadata: metadata, transport: transport, clock: .manual(fixture.time))
    }

    @Test(
        "without a document at the RFC 8414 §3.1 location, the revocation endpoint is read from the OpenID-style appended location (RFC 8414 §5)"
    )
    func revocationEndpointAtOpenIDLocation() async throws {
        let fixture = try Fixture()
        let document = #"{"issuer":"https://login.example.com/o","revocation_endpoint":"https://login.example.com/o/revoke"}"#
        let transport: ScriptedTransport = .scripted([
            TransportResponse(status: 404), TransportResponse(status: 200, body: Array(document.utf8)), TransportResponse(status: 200),
        ])
        let client = try Self.pathIssuerClient(fixture, transport: transport)
        #expect(try await client.revoke("a-token", hint: "refresh_token"))
        #expect(
            transport.requests.map(\.url) == [
                "https://login.example.com/.well-known/oauth-authorization-server/o",
                "https://login.example.com/o/.well-known/openid-configuration",
                "https://login.example.com/o/revoke",
            ])
    }

    @Test(
        "an OpenID document without revocation_endpoint moves on to the appended RFC 8414 path, where django-oauth-toolkit under a prefix serves it"
    )
    func revocationEndpointAtAppendedPath() async throws {
        let fixture = try Fixture()
        let openID = #"{"issuer":"https://login.example.com/o","token_endpoint":"https://login.example.com/o/token/"}"#
        let document = #"{"issuer":"https://login.example.com/o","revocation_endpoint":"https://login.example.com/o/revoke_token/"}"#
        let transport: ScriptedTransport = .scripted([
            TransportResponse(status: 404), TransportResponse(status: 200, body: Array(openID.utf8)),
            TransportResponse(status: 200, body: Array(document.utf8)), TransportResponse(status: 200), TransportResponse(status: 200),
        ])
        let client = try Self.pathIssuerClient(fixture, transport: transport)
        #expect(try await client.revoke("a-token", hint: "refresh_token"))
        #expect(try await client.revoke("another-token", hint: "refresh_token"))  // looked up once
        #expect(
            transport.requests.map(\.url) == [
                "https://login.example.com/.well-known/oauth-authorization-server/o",
                "https://login.example.com/o/.well-known/openid-configuration",
                "https://login.example.com/o/.well-known/oauth-authorization-server",
                "https://login.example.com/o/revoke_token/", "https://login.example.com/o/revoke_token/",
            ])
    }

    @Test("a document for another issuer at a fallback location is refused (RFC 8414 §3.3), and nothing is revoked")
    func revocationFallbackChecksIssuer() async throws {
        let fixture = try Fixture()
        let impostor = #"{"issuer":"https://evil.example.com","revocation_endpoint":"https://evil.example.com/revoke"}"#
        let transport: ScriptedTransport = .scripted([
            TransportResponse(status: 404), TransportResponse(status: 200, body: Array(impostor.utf8)),
        ])
        let client = try Self.pathIssuerClient(fixture, transport: transport)
        await #expect(throws: AuthClientError.issuerMismatch(expected: "https://login.example.com/o", actual: "https://evil.example.com")) {
            try await client.revoke("a-token", hint: "refresh_token")
        }
        #expect(transport.requests.count == 2)
    }

    @Test("when no location has a document (404 at each), the provider has no revocation endpoint, and that is remembered")
    func revocationFallbackNotFound() async throws {
        let fixture = try Fixture()
        let transport: ScriptedTransport = .scripted([
            TransportResponse(status: 404), TransportResponse(status: 404), TransportResponse(status: 404),
        ])
        let client = try Self.pathIssuerClient(fixture, transport: transport)
        #expect(try await client.revoke("a-token", hint: "refresh_token") == false)
        #expect(try await client.revoke("a-token", hint: "refresh_token") == false)
        #expect(transport.requests.count == 3)
    }
}

/// Counts the logout events a client sends from now on.
final class LogoutCounter: Sendable {
    private let seen = Locked(0)
    private let task: Task<Void, Never>

    init(_ client: AuthClient) {
        let stream = client.logoutEvents()
        let seen = seen
        task = Task { for await _ in stream { seen.withLock { $0 += 1 } } }
    }

    var count: Int { seen.withLock { $0 } }

    deinit { task.cancel() }
}

/// A store that runs `meanwhile` just before its first compare-before-remove: another client saving at the
/// worst moment.
actor RacingStore: CredentialStore {
    let base: InMemoryCredentialStore
    let meanwhile: @Sendable () async -> Void
    private(set) var raced = false

    init(_ base: InMemoryCredentialStore, meanwhile: @escaping @Sendable () async -> Void) {
        self.base = base
        self.meanwhile = meanwhile
    }

    func credential(for user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? {
        await base.credential(for: user, grant: grant)
    }
    func lastCredential(for grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? {
        await base.lastCredential(for: grant)
    }
    func save(_ credential: StoredCredential) async throws(AuthCredentialsError) -> StoredCredential { await base.save(credential) }
    func remove(user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) { await base.remove(user: user, grant: grant) }
    func remove(user: String, grant: GrantIdentity?, ifTokensAre expected: TokenSet) async throws(AuthCredentialsError) -> Bool {
        if !raced {
            raced = true
            await meanwhile()
        }
        return await base.remove(user: user, grant: grant, ifTokensAre: expected)  // the store's one-step method (it was the default)
    }
}

/// Forwards to the provider, but runs `meanwhile` before each refresh request it forwards, and counts the
/// refreshes the provider refused: a second client refreshing at the worst moment.
final class RacingTransport: HTTPTransport {
    let provider: FakeOpenIDProvider
    let meanwhile: @Sendable () async -> Void
    private let refused = Locked(0)

    init(provider: FakeOpenIDProvider, meanwhile: @escaping @Sendable () async -> Void) {
        self.provider = provider
        self.meanwhile = meanwhile
    }

    var refusedRefreshes: Int { refused.withLock { $0 } }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        let isRefresh =
            request.url == provider.url(of: .token) && String(decoding: request.body, as: UTF8.self).contains("grant_type=refresh_token")
        if isRefresh, refusedRefreshes == 0 { await meanwhile() }
        let response = try await provider.send(request)
        if isRefresh, response.status == 400 { refused.withLock { $0 += 1 } }
        return response
    }
}
