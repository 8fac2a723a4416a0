// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthTesting
import Testing

@Suite("User: bearer requests, refresh once on 401, single-flight refresh, logout")
struct UserTests {
    static func apiRequest(_ fixture: Fixture) -> TransportRequest {
        TransportRequest(method: .get, url: fixture.provider.url(of: .userinfo))
    }

    @Test("sends the access token as a bearer token (RFC 6750 §2.1) and reads the profile")
    func bearer() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let profile = try await user.fetchProfile()
        #expect(profile.subject == "alice")
        #expect(try profile.claims.email == "alice@example.com")
        #expect(profile.claims["name"]?.stringValue == "Alice Example")
        #expect(await user.refreshCount == 0)
    }

    @Test("a 401 refreshes once and retries once; the rotated refresh token is saved")
    func refreshOn401() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let before = try #require(await user.tokens)
        fixture.provider.expireAccessTokens()
        let response = try await user.send(Self.apiRequest(fixture))
        #expect(response.status == 200)
        #expect(await user.refreshCount == 1)
        let after = try #require(await user.tokens)
        #expect(after.accessToken != before.accessToken)
        #expect(after.refreshToken != before.refreshToken)
        #expect(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens == after)
        #expect(fixture.provider.requestCount(.userinfo) == 2)
    }

    @Test("a second 401 after the refresh is returned to the caller, not retried again")
    func secondUnauthorized() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let script: ScriptedTransport = .scripted([TransportResponse(status: 401), TransportResponse(status: 401)])
        let request = TransportRequest(method: .get, url: "https://api.example.com/orders")
        // The API answers through the script; the refresh goes to the provider.
        let router = Router(api: script, provider: fixture.provider)
        let client = try AuthClient(
            configuration: fixture.client.configuration, metadata: fixture.provider.metadata, transport: router,
            store: fixture.store, clock: .manual(fixture.time))
        let resumed = try #require(try await client.resumeLastUser())
        _ = user
        let response = try await resumed.send(request)
        #expect(response.status == 401)
        #expect(script.requests.count == 2)
        #expect(await resumed.refreshCount == 1)
        #expect(script.requests.allSatisfy { $0.header("authorization")?.hasPrefix("Bearer ") == true })
        #expect(script.requests[0].header("Authorization") != script.requests[1].header("Authorization"))
    }

    @Test("100 concurrent requests that get 401 cause exactly one refresh, saved before any of them continues")
    func singleFlight() async throws {
        let fixture = try Fixture()
        let slowStore = SlowStore(fixture.store)
        let client = try AuthClient(
            configuration: fixture.client.configuration, metadata: fixture.provider.metadata, transport: fixture.provider,
            store: slowStore, clock: .manual(fixture.time))
        var generator = SeededRandomNumberGenerator(seed: 5)
        let user = try await client.login(with: fixture.provider.browser(), using: &generator)
        let tokenRequestsBefore = fixture.provider.requestCount(.token)
        fixture.provider.expireAccessTokens()
        let results = await withTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<100 {
                group.addTask {
                    // Staggered over the refresh and its 20 ms save, so some callers arrive while it is being saved.
                    try? await Task.sleep(for: .milliseconds(index % 30))
                    let status = (try? await user.send(Self.apiRequest(fixture)))?.status ?? -1
                    // What the store holds at the moment this caller continues.
                    let saved = try? await slowStore.credential(for: "alice", grant: fixture.client.grant)?.tokens?.refreshToken
                    return (status, saved ?? nil)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let final = try #require(await user.tokens)
        #expect(results.count == 100)
        #expect(results.allSatisfy { $0.0 == 200 })
        #expect(fixture.provider.requestCount(.token) - tokenRequestsBefore == 1)
        #expect(await user.refreshCount == 1)
        #expect(results.allSatisfy { $0.1 == final.refreshToken })
    }

    @Test("refreshes before sending when the access token expires within the window")
    func proactive() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        fixture.time.advance(by: 3600 - 120)
        _ = try await user.send(Self.apiRequest(fixture))
        #expect(await user.refreshCount == 0)
        fixture.time.advance(by: 90)  // 30 s left, inside the 60 s window
        _ = try await user.send(Self.apiRequest(fixture))
        #expect(await user.refreshCount == 1)
        #expect(fixture.provider.requestCount(.userinfo) == 2)
    }

    @Test("a refused refresh logs the user out: store cleared, event sent, later requests refused")
    func refusedRefreshLogsOut() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let events = fixture.client.logoutEvents()
        fixture.provider.expireAccessTokens()
        fixture.provider.revokeRefreshTokens()
        await #expect { try await user.fetchProfile() } throws: { ($0 as? AuthClientError)?.code == 10014 }
        #expect(await user.isLoggedIn == false)
        #expect(await fixture.store.lastCredential(for: fixture.client.grant) == nil)
        var iterator = events.makeAsyncIterator()
        let event = try #require(await iterator.next())
        #expect(event.subject == "alice")
        guard case .refreshFailed(let reason) = event.reason else {
            Issue.record("\(event)")
            return
        }
        #expect(reason.oauthError == .invalidGrant)
        await #expect { try await user.fetchProfile() } throws: { ($0 as? AuthClientError)?.code == 10013 }
    }

    @Test("a refresh that fails with a 5xx or no response keeps the user signed in")
    func transientRefreshFailure() async throws {
        let fixture = try Fixture(client: { $0.retryPolicy = .none })
        let user = try await fixture.login()
        fixture.provider.expireAccessTokens()
        fixture.provider.fail(.token, with: .status(503))
        await #expect { try await user.fetchProfile() } throws: { ($0 as? AuthClientError)?.code == 10006 }
        fixture.provider.fail(.token, with: .noResponse)
        await #expect { try await user.fetchProfile() } throws: { ($0 as? AuthClientError)?.code == 10005 }
        #expect(await user.isLoggedIn)
        #expect(try await user.fetchProfile().subject == "alice")
    }

    @Test("a slow refresh on an injected clock is still single-flight")
    func slowRefresh() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        fixture.provider.expireAccessTokens()
        fixture.provider.fail(.token, with: .delay(.milliseconds(50)))
        async let first = user.fetchProfile()
        async let second = user.fetchProfile()
        _ = try await (first, second)
        #expect(await user.refreshCount == 1)
    }

    @Test("logout revokes the refresh token, forgets the user, tells listeners and returns the end-session URL")
    func logout() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let tokens = try #require(await user.tokens)
        let events = fixture.client.logoutEvents()
        let result = try await user.logout()
        #expect(result.didRevoke)
        let endSession = try #require(result.endSessionURL)
        #expect(endSession.text.hasPrefix(fixture.provider.url(of: .endSession) + "?client_id=demo-app&id_token_hint="))
        #expect(fixture.provider.requestCount(.revocation) == 1)
        #expect(await fixture.store.lastCredential(for: fixture.client.grant) == nil)
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == LogoutEvent(subject: "alice", reason: .requested))
        await #expect { try await user.send(Self.apiRequest(fixture)) } throws: { ($0 as? AuthClientError)?.code == 10013 }
        // The revoked refresh token no longer works at the provider.
        await #expect { try await fixture.client.refreshTokens(tokens) } throws: { ($0 as? AuthClientError)?.oauthError == .invalidGrant }
    }

    @Test("logout's end-session URL carries post_logout_redirect_uri and state when given (RP-Initiated Logout 1.0 §2)")
    func logoutEndSessionParameters() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let idToken = try #require(await user.tokens?.idToken)
        let result = try await user.logout(postLogoutRedirectURI: "com.example.app:/logged out?x=1", state: "af0ifjsldkj")
        let url = try #require(result.endSessionURL)
        #expect(url.text.hasPrefix(fixture.provider.url(of: .endSession) + "?"))
        let parameters = try url.queryParameters().map { [$0.name, $0.value] }
        #expect(
            parameters == [
                ["client_id", "demo-app"], ["id_token_hint", idToken], ["post_logout_redirect_uri", "com.example.app:/logged out?x=1"],
                ["state", "af0ifjsldkj"],
            ])
        // The redirect URI's space, '?' and '=' are percent-encoded, so it stays one parameter.
        #expect(!url.text.contains(" ") && !url.text.contains("?x=1"))

        let plain = try await fixture.login(seed: 2).logout()
        #expect(try #require(plain.endSessionURL).queryParameters().map(\.name) == ["client_id", "id_token_hint"])
    }

    @Test("never sends the bearer token over plain http (RFC 6750 §5.3), nor to a URL that does not parse")
    func insecureRequest() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let requestsBefore = fixture.provider.requestCount(.userinfo)
        for url in ["http://api.example.com/orders", "ftp://api.example.com/x", "not a url", "http://localhost.example.com/x"] {
            await #expect { try await user.send(TransportRequest(method: .get, url: url)) } throws: {
                ($0 as? AuthClientError)?.code == 10002
            }
        }
        #expect(fixture.provider.requestCount(.userinfo) == requestsBefore)
    }

    @Test("a userinfo response for another sub is refused (OpenID Connect Core §5.3.2)")
    func userinfoSubject() async throws {
        let fixture = try Fixture()
        _ = try await fixture.login()
        let api: ScriptedTransport = .immediate(TransportResponse(status: 200, body: Array(#"{"sub":"mallory"}"#.utf8)))
        let client = try AuthClient(
            configuration: fixture.client.configuration, metadata: fixture.provider.metadata, transport: api, store: fixture.store,
            clock: .manual(fixture.time))
        let user = try #require(try await client.resumeLastUser())
        await #expect { try await user.fetchProfile() } throws: { ($0 as? AuthClientError)?.code == 10604 }
    }
}

/// Sends provider URLs to the provider and everything else to `api`.
struct Router: HTTPTransport {
    let api: ScriptedTransport
    let provider: FakeOpenIDProvider

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        request.url.hasPrefix(provider.configuration.issuer) ? try await provider.send(request) : try await api.send(request)
    }
}

/// A store whose writes take a while, so that a caller continuing before the write would be seen.
actor SlowStore: CredentialStore {
    let base: InMemoryCredentialStore
    init(_ base: InMemoryCredentialStore) { self.base = base }

    func credential(for user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? {
        await base.credential(for: user, grant: grant)
    }
    func lastCredential(for grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? {
        await base.lastCredential(for: grant)
    }
    func save(_ credential: StoredCredential) async throws(AuthCredentialsError) -> StoredCredential {
        try? await Task.sleep(for: .milliseconds(20))
        return await base.save(credential)
    }
    func remove(user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) { await base.remove(user: user, grant: grant) }
}
