// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthJWT
import AuthTesting
import Testing

@Suite("User.send reads WWW-Authenticate: invalid_token refreshes, RFC 9470 step-up and insufficient_scope throw")
struct UserChallengeTests {
    private func resource(_ fixture: Fixture) -> TransportRequest {
        TransportRequest(method: .get, url: fixture.provider.url(of: .resource))
    }

    @Test("a resource asking for a stronger acr throws stepUpRequired with it; logging in again with it passes")
    func stepUpAcr() async throws {
        let fixture = try Fixture()
        fixture.provider.protectResource(acrValues: ["urn:example:loa:2"])
        let user = try await fixture.login()
        await #expect(throws: AuthClientError.stepUpRequired(acrValues: ["urn:example:loa:2"], maxAge: nil)) {
            try await user.send(resource(fixture))
        }
        #expect(await user.refreshCount == 0)  // a refresh cannot raise the authentication level
        do {
            _ = try await user.send(resource(fixture))
        } catch {
            let options = try #require(LoginOptions(stepUp: error))
            fixture.provider.authenticateNextLogin(acr: "urn:example:loa:2", amr: ["pwd", "otp"])
            var generator = SeededRandomNumberGenerator(seed: 2)
            let stepped = try await fixture.client.login(with: fixture.provider.browser(), options: options, using: &generator)
            #expect(stepped === user)  // the same user object, with the stronger tokens
            let response = try await stepped.send(resource(fixture))
            #expect(response.status == 200)
            #expect(AuthClientError.stepUpRequired(acrValues: [], maxAge: nil).code == 10103)
        }
    }

    @Test("a resource asking for a more recent login throws stepUpRequired with max_age")
    func stepUpMaxAge() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        fixture.time.advance(by: 600)
        fixture.provider.protectResource(maxAge: 300)
        await #expect(throws: AuthClientError.stepUpRequired(acrValues: [], maxAge: 300)) { try await user.send(resource(fixture)) }
    }

    @Test("insufficient_scope (403) throws insufficientScope with the scope the resource named")
    func insufficientScope() async throws {
        let fixture = try Fixture()
        fixture.provider.protectResource(scope: ["orders:write"])
        let user = try await fixture.login()
        await #expect(throws: AuthClientError.insufficientScope(scope: ["orders:write"])) { try await user.send(resource(fixture)) }
        #expect(await user.refreshCount == 0)
    }

    @Test("invalid_token is refreshed once and retried once, as before")
    func invalidToken() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        fixture.provider.expireAccessTokens()
        let response = try await user.send(resource(fixture))
        #expect(response.status == 200)
        #expect(await user.refreshCount == 1)
    }

    @Test("the RFC 9470 §3 example challenges, as written in the RFC, are classified")
    func rfcExamples() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let tokens = try #require(await user.tokens)
        // RFC 9470 §3, Figures 2 and 3 (the header field values as printed there).
        let examples: [(String, AuthClientError)] = [
            (
                #"Bearer error="insufficient_user_authentication", error_description="A different authentication level is required", acr_values="myACR""#,
                .stepUpRequired(acrValues: ["myACR"], maxAge: nil)
            ),
            (
                #"Bearer error="insufficient_user_authentication", error_description="More recent authentication is required", max_age="5""#,
                .stepUpRequired(acrValues: [], maxAge: 5)
            ),
        ]
        for (challenge, expected) in examples {
            let transport = ScriptedTransport([
                TransportResponse(status: 401, headerFields: [HeaderField(name: "WWW-Authenticate", value: challenge)])
            ])
            let client = try fixture.secondClient(transport: transport, store: InMemoryCredentialStore())
            _ = try await client.store.save(StoredCredential(user: "alice", tokens: tokens))
            let resumed = try #require(try await client.resumeLastUser())
            await #expect(throws: expected) { try await resumed.send(TransportRequest(method: .get, url: "https://api.example.com/x")) }
            #expect(transport.requests.count == 1)  // no refresh, no retry
        }
    }
}
