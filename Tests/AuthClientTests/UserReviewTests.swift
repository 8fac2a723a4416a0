// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import Testing

/// Review of the session lifecycle: each test puts a second operation inside an `await` of the `User` actor
/// (a logout, a new login) or drives a poll to its deadline, and checks what the documentation promises.
@Suite("User review: state changed across an await, deadlines kept")
struct UserReviewTests {
    @Test("a logout while a refreshed ID token is being validated stays a logout: the refresh does not sign the user in again")
    func logoutDuringRefreshValidation() async throws {
        let fixture = try Fixture(signingKey: .es256)
        let gate = GatedTransport(provider: fixture.provider)
        let client = try fixture.secondClient(transport: gate, store: fixture.store)
        var generator = SeededRandomNumberGenerator(seed: 11)
        let user = try await client.login(with: fixture.provider.browser(), using: &generator)
        // A key rotation: validating the refreshed ID token needs a JWKS fetch, which the gate holds.
        fixture.time.advance(by: 120)
        let rotated = try #require(TestSigningKey.es256(privateKey: Array(repeating: 0x42, count: 32), keyID: "rotated-p256"))
        fixture.provider.rotateSigningKey(to: rotated)
        gate.hold(url: fixture.provider.url(of: .jwks))
        let refresh = Task { try await user.refreshTokens() }
        while gate.heldCount == 0 { await Task.yield() }

        // The logout may wait for the refresh, or go ahead: either way it must win.
        let logout = Task { try await user.logout() }
        for _ in 0..<1000 where await user.isLoggedIn { await Task.yield() }
        gate.release()
        _ = try await logout.value
        _ = await refresh.result
        #expect(await !user.isLoggedIn)
        #expect(await user.tokens == nil)
        #expect(await fixture.store.lastCredential(for: fixture.client.grant) == nil)
        #expect(try await client.resumeLastUser() == nil)
    }

    @Test("a new login while an older refresh is in flight: the refresh's caller gets the new session's tokens, not a session-ending error")
    func newLoginDuringRefresh() async throws {
        let fixture = try Fixture()
        let gate = GatedTransport(provider: fixture.provider)
        let client = try fixture.secondClient(transport: gate, store: fixture.store)
        var generator = SeededRandomNumberGenerator(seed: 12)
        let user = try await client.login(with: fixture.provider.browser(), using: &generator)
        gate.hold(url: fixture.provider.url(of: .token), bodyContains: "grant_type=refresh_token")
        let refresh = Task { try await user.refreshTokens() }
        while gate.heldCount == 0 { await Task.yield() }

        var second = SeededRandomNumberGenerator(seed: 13)
        let again = try await client.login(with: fixture.provider.browser(), using: &second)
        #expect(again === user)
        let fresh = try #require(await user.tokens)
        gate.release()

        switch await refresh.result {
        case .success(let tokens):
            #expect(tokens == (await user.tokens))
        case .failure(let error):
            Issue.record("the refresh that raced a new login threw \(error) while the user is signed in")
        }
        #expect(await user.isLoggedIn)
        #expect(await user.tokens == fresh)
        #expect(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens == fresh)
    }

    @Test("a logout during a refresh revokes the refresh token that is live afterwards, not the one the refresh just spent")
    func logoutDuringRefreshRevokesLiveToken() async throws {
        let fixture = try Fixture()
        let gate = GatedTransport(provider: fixture.provider)
        let client = try fixture.secondClient(transport: gate, store: fixture.store)
        var generator = SeededRandomNumberGenerator(seed: 16)
        let user = try await client.login(with: fixture.provider.browser(), using: &generator)
        // The provider has rotated the refresh token; its answer is held on the way back.
        gate.hold(url: fixture.provider.url(of: .token), bodyContains: "grant_type=refresh_token", afterResponse: true)
        let refresh = Task { try await user.refreshTokens() }
        while gate.heldCount == 0 { await Task.yield() }
        let rotated = try #require(gate.heldRefreshToken)

        let logout = Task { try await user.logout() }
        for _ in 0..<1000 where await user.isLoggedIn { await Task.yield() }
        gate.release()
        let result = try await logout.value
        _ = await refresh.result
        guard case .revoked = result.revocation else {
            Issue.record("\(result.revocation)")
            return
        }
        #expect(await !user.isLoggedIn)
        // Reported as revoked: then no refresh token of this session may still work at the provider.
        await #expect { try await fixture.client.refreshTokens(TokenSet(accessToken: "unused", refreshToken: rotated)) } throws: { error in
            (error as? AuthClientError)?.oauthError == .invalidGrant
        }
    }

    @Test("a new login while a refresh is saving its rotated refresh token: the new login's tokens stay, in memory and in the store")
    func newLoginDuringSlowRefreshSave() async throws {
        let fixture = try Fixture()
        let store = HeldSaveStore(fixture.store)
        let client = try fixture.secondClient(transport: fixture.provider, store: store)
        var generator = SeededRandomNumberGenerator(seed: 14)
        let user = try await client.login(with: fixture.provider.browser(), using: &generator)
        await store.holdNextSave()
        let refresh = Task { try await user.refreshTokens() }
        while await store.heldCount == 0 { await Task.yield() }

        var second = SeededRandomNumberGenerator(seed: 15)
        let again = try await client.login(with: fixture.provider.browser(), using: &second)
        #expect(again === user)
        let fresh = try #require(await user.tokens)
        await store.release()
        _ = await refresh.result

        #expect(await user.tokens == fresh)
        #expect(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens == fresh)
    }

    @Test(
        "a slow save of tokens a failed save left unsaved, finishing after a newer refresh was saved, does not put a spent refresh token back in the store"
    )
    func staleSaveAfterNewerRefresh() async throws {
        let fixture = try Fixture()
        let slow = HeldSaveStore(fixture.store)
        let store = FaultyCredentialStore(slow)
        let client = try fixture.secondClient(transport: fixture.provider, store: store)
        var generator = SeededRandomNumberGenerator(seed: 17)
        let user = try await client.login(with: fixture.provider.browser(), using: &generator)
        fixture.provider.expireAccessTokens()
        await store.failNextSaves()  // the save of the rotated refresh token
        await #expect { try await user.send(UserFaultTests.apiRequest(fixture)) } throws: { ($0 as? AuthClientError)?.code == 10015 }

        await slow.holdNextSave()
        let slowCall = Task { try await user.send(UserFaultTests.apiRequest(fixture)) }  // saves the unsaved tokens, slowly
        while await slow.heldCount == 0 { await Task.yield() }
        #expect(try await user.send(UserFaultTests.apiRequest(fixture)).status == 200)  // saves them again, at once
        fixture.provider.expireAccessTokens()
        #expect(try await user.send(UserFaultTests.apiRequest(fixture)).status == 200)  // a newer rotation, saved
        let newest = try #require(await user.tokens)
        #expect(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens == newest)

        await slow.release()
        _ = await slowCall.result
        #expect(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens == (await user.tokens))
        // A restart reads the store: its refresh token must be the live one.
        let restarted = try fixture.secondClient(transport: fixture.provider, store: fixture.store)
        let resumed = try #require(try await restarted.resumeLastUser())
        fixture.provider.expireAccessTokens()
        #expect(try await resumed.send(UserFaultTests.apiRequest(fixture)).status == 200)
        #expect(await resumed.isLoggedIn)
    }

    @Test("a logout while unsaved tokens are being saved slowly: the save that lands after the removal does not bring the user back")
    func logoutDuringSlowSave() async throws {
        let fixture = try Fixture()
        let slow = HeldSaveStore(fixture.store)
        let store = FaultyCredentialStore(slow)
        let client = try fixture.secondClient(transport: fixture.provider, store: store)
        var generator = SeededRandomNumberGenerator(seed: 18)
        let user = try await client.login(with: fixture.provider.browser(), using: &generator)
        fixture.provider.expireAccessTokens()
        await store.failNextSaves()
        await #expect { try await user.send(UserFaultTests.apiRequest(fixture)) } throws: { ($0 as? AuthClientError)?.code == 10015 }

        await slow.holdNextSave()
        let slowCall = Task { try await user.send(UserFaultTests.apiRequest(fixture)) }
        while await slow.heldCount == 0 { await Task.yield() }
        _ = try await user.logout()
        await slow.release()
        _ = await slowCall.result
        #expect(await !user.isLoggedIn)
        #expect(await fixture.store.lastCredential(for: fixture.client.grant) == nil)
        #expect(try await client.resumeLastUser() == nil)
    }

    @Test("a device poll backing off from 503s never sleeps past the device code's expiry (RFC 8628 §3.2 expires_in)")
    func devicePollKeepsDeadline() async throws {
        let fixture = try Fixture()
        let authorization = try await fixture.client.requestDeviceAuthorization()
        fixture.provider.fail(.token, with: .status(503), times: 1000)
        await #expect { try await fixture.client.pollDeviceAuthorization(authorization) } throws: { error in
            guard case .deviceCodeExpired? = error as? AuthClientError else { return false }
            return true
        }
        let slept = fixture.sleeper.sleeps.reduce(Duration.zero, +)
        #expect(slept <= .seconds(authorization.expiresIn))
        #expect(fixture.time.now <= authorization.expiresAt)
    }
}

/// Forwards to the provider, but holds the next requests to `url` (whose body contains `bodyContains`, if
/// given) until ``release()``: a slow JWKS or token endpoint at the worst moment.
final class GatedTransport: HTTPTransport {
    private struct State {
        var url: String?
        var bodyContains: String?
        var afterResponse = false
        var heldResponseBody: [UInt8]?
        var held: [CheckedContinuation<Void, Never>] = []
    }

    let provider: FakeOpenIDProvider
    private let state = Locked(State())

    init(provider: FakeOpenIDProvider) {
        self.provider = provider
    }

    /// Holds the next matching requests: before they reach the provider, or (`afterResponse`) with the
    /// provider's answer on the way back.
    func hold(url: String, bodyContains: String? = nil, afterResponse: Bool = false) {
        state.withLock {
            $0.url = url
            $0.bodyContains = bodyContains
            $0.afterResponse = afterResponse
        }
    }

    /// The `refresh_token` in the answer held last (when holding after the response).
    var heldRefreshToken: String? {
        state.withLock { $0.heldResponseBody }.flatMap { try? JSONValue(parsing: $0).objectValue?["refresh_token"]?.stringValue }
    }

    var heldCount: Int { state.withLock { $0.held.count } }

    /// Lets every held request through and holds no more.
    func release() {
        let held = state.withLock { state in
            state.url = nil
            defer { state.held.removeAll() }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        let body = String(decoding: request.body, as: UTF8.self)
        let (matches, afterResponse) = state.withLock { state in
            (state.url == request.url && (state.bodyContains.map { body.contains($0) } ?? true), state.afterResponse)
        }
        guard matches else { return try await provider.send(request) }
        if afterResponse {
            let response = try await provider.send(request)
            state.withLock { $0.heldResponseBody = response.body }
            await wait()
            return response
        }
        await wait()
        return try await provider.send(request)
    }

    private func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let passes = state.withLock { state -> Bool in
                guard state.url != nil else { return true }
                state.held.append(continuation)
                return false
            }
            if passes { continuation.resume() }
        }
    }
}

/// A store whose next save waits until ``release()`` and then really saves: a slow disk, a busy Keychain.
actor HeldSaveStore: CredentialStore {
    let base: any CredentialStore
    private var holdsNext = false
    private var held: [CheckedContinuation<Void, Never>] = []

    init(_ base: any CredentialStore) {
        self.base = base
    }

    var heldCount: Int { held.count }

    func holdNextSave() { holdsNext = true }

    func release() {
        for continuation in held { continuation.resume() }
        held.removeAll()
    }

    func credential(for user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? {
        try await base.credential(for: user, grant: grant)
    }
    func lastCredential(for grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? {
        try await base.lastCredential(for: grant)
    }

    @discardableResult
    func save(_ credential: StoredCredential) async throws(AuthCredentialsError) -> StoredCredential {
        if holdsNext {
            holdsNext = false
            await withCheckedContinuation { held.append($0) }
        }
        return try await base.save(credential)
    }

    func remove(user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) { try await base.remove(user: user, grant: grant) }

    func remove(user: String, grant: GrantIdentity?, ifTokensAre expected: TokenSet) async throws(AuthCredentialsError) -> Bool {
        try await base.remove(user: user, grant: grant, ifTokensAre: expected)
    }
}
