// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthTesting
import Testing

@Suite("Front-channel logout: iss and sid must name this issuer and a stored session before anything ends")
struct FrontChannelLogoutTests {
    static let frontChannelURI = "https://app.example.com/frontchannel-logout"

    static func fixture() throws -> Fixture {
        try BackChannelLogoutTests.fixture()
    }

    @Test("§3: the provider's iss and sid end the session that has that sid, and only it")
    func endsNamedSession() async throws {
        let fixture = try Self.fixture()
        let alice = try await fixture.login()
        let bob = try await fixture.login(.approve(subject: "bob"), seed: 2)
        let url = try URI(parsing: fixture.provider.frontChannelLogoutURL(Self.frontChannelURI, subject: "alice"))
        let ended = try await fixture.client.handleFrontChannelLogout(url)
        #expect(ended.map(\.subject) == ["alice"])
        #expect(await !alice.isLoggedIn)
        #expect(await bob.isLoggedIn)
        #expect(fixture.provider.requestCount(.revocation) == 0)
    }

    @Test("§3: another issuer's iss is refused and ends nothing")
    func wrongIssuer() async throws {
        let fixture = try Self.fixture()
        let alice = try await fixture.login()
        let sid = try #require(fixture.provider.sessionID(of: "alice"))
        let url = try URI(parsing: Self.frontChannelURI + "?iss=https%3A%2F%2Fattacker.example&sid=" + sid)
        await #expect(throws: AuthClientError.self) { try await fixture.client.handleFrontChannelLogout(url) }
        #expect(await alice.isLoggedIn)
    }

    @Test("§3 frontchannel_logout_session_required: a request without sid (or iss) is refused and ends nothing")
    func sessionRequired() async throws {
        let fixture = try Self.fixture()
        let alice = try await fixture.login()
        for query in ["", "?iss=https%3A%2F%2Ffake-provider.authflow.test", "?sid=" + (fixture.provider.sessionID(of: "alice") ?? "")] {
            await #expect(throws: AuthClientError.self) {
                try await fixture.client.handleFrontChannelLogout(try URI(parsing: Self.frontChannelURI + query))
            }
        }
        #expect(await alice.isLoggedIn)
    }

    @Test("a sid that names no session ends nothing and is not an error")
    func unknownSession() async throws {
        let fixture = try Self.fixture()
        let alice = try await fixture.login()
        let url = try URI(parsing: Self.frontChannelURI + "?iss=https%3A%2F%2Ffake-provider.authflow.test&sid=sid-gone")
        #expect(try await fixture.client.handleFrontChannelLogout(url).isEmpty)
        #expect(await alice.isLoggedIn)
    }

    @Test("without the session requirement, a bare request is refused and ends nothing (any page can send it)")
    func withoutSession() async throws {
        let fixture = try Self.fixture()
        let alice = try await fixture.login()
        let bob = try await fixture.login(.approve(subject: "bob"), seed: 2)
        for account in [nil, ""] as [String?] {
            await #expect(throws: AuthClientError.self) {
                try await fixture.client.handleFrontChannelLogout(
                    try URI(parsing: Self.frontChannelURI), sessionRequired: false, account: account)
            }
        }
        #expect(await alice.isLoggedIn)
        #expect(await bob.isLoggedIn)
    }

    @Test("without the session requirement, a bare request ends only the sessions of the browser's own account")
    func withoutSessionAccount() async throws {
        let fixture = try Self.fixture()
        let alice = try await fixture.login()
        let bob = try await fixture.login(.approve(subject: "bob"), seed: 2)
        let url = try URI(parsing: Self.frontChannelURI)
        let ended = try await fixture.client.handleFrontChannelLogout(url, sessionRequired: false, account: "alice")
        #expect(ended.map(\.subject) == ["alice"])
        #expect(await !alice.isLoggedIn)
        #expect(await bob.isLoggedIn)
    }
}
