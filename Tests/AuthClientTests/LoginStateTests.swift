// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthTesting
import TestVectors
import Testing

/// A seed-SDK style delegate: counts `userDidLogout()` and lets a test wait for it.
@MainActor
private final class LogoutSpy: UserDelegate {
    private(set) var logouts = 0
    private let stream: AsyncStream<Void>.Continuation
    let calls: AsyncStream<Void>

    init() {
        (calls, stream) = AsyncStream<Void>.makeStream()
    }

    func userDidLogout() {
        logouts += 1
        stream.yield()
    }
}

@Suite("LoginState: the client's state as an ordered AsyncSequence, and the UserDelegate adapter")
struct LoginStateTests {
    /// The first `count` states of `stream`, or what arrived within the time limit.
    private func first(_ count: Int, of stream: AsyncStream<LoginState>) async -> [LoginState] {
        await finishes(within: 30) {
            var states: [LoginState] = []
            for await state in stream {
                states.append(state)
                if states.count == count { break }
            }
            return states
        } ?? []
    }

    @Test("login, a failed login, logout: loggedOut → loggingIn → loggedIn → loggingIn → loggedIn → loggedOut")
    func sequence() async throws {
        let fixture = try Fixture()
        let early = fixture.client.loginStates()
        let user = try await fixture.login()
        let late = fixture.client.loginStates()
        await #expect(throws: AuthClientError.self) { try await fixture.login(.deny) }
        try await user.logout()
        let expected: [LoginState] = [.loggedOut, .loggingIn, .loggedIn(user), .loggingIn, .loggedIn(user), .loggedOut]
        #expect(await first(6, of: early) == expected)
        #expect(await first(4, of: late) == Array(expected.suffix(4)))
        #expect(fixture.client.loginState == .loggedOut)
    }

    @Test("resumeLastUser moves to loggedIn; a refused refresh moves to loggedOut")
    func resumeAndRefusal() async throws {
        let fixture = try Fixture()
        _ = try await fixture.login()
        let client = try fixture.secondClient()
        let states = client.loginStates()
        let user = try #require(try await client.resumeLastUser())
        fixture.provider.revokeRefreshTokens()
        await #expect(throws: AuthClientError.self) { try await user.refreshTokens() }
        #expect(await first(3, of: states) == [.loggedOut, .loggedIn(user), .loggedOut])
    }

    @Test("user.delegates: userDidLogout() once per logout, on the main actor; delegates are held weakly")
    @MainActor
    func delegates() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let spy = LogoutSpy()
        user.delegates.addDelegate(spy)
        user.delegates.addDelegate(spy)
        do {
            let transient = LogoutSpy()
            user.delegates.addDelegate(transient)
        }
        #expect(user.delegates.count == 1)
        try await user.logout()
        var calls = spy.calls.makeAsyncIterator()
        _ = await calls.next()
        #expect(spy.logouts == 1)
        user.delegates.removeDelegate(spy)
        #expect(user.delegates.count == 0)
    }
}
