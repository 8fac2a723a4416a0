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

/// `ClientCredentialsSession`: cached service tokens, refreshed a margin before expiry, single flight.
@Suite("ClientCredentialsSession: a service's cached token, asked for again before it expires, one request at a time")
struct ClientCredentialsSessionTests {
    /// The fake provider behind a transport that can hold token requests and add a refresh token to answers.
    final class Gate: HTTPTransport {
        let provider: FakeOpenIDProvider
        let held = Locked(false)
        let addsRefreshToken: Bool
        let dropsExpiry: Bool
        init(_ provider: FakeOpenIDProvider, addsRefreshToken: Bool = false, dropsExpiry: Bool = false) {
            self.provider = provider
            self.addsRefreshToken = addsRefreshToken
            self.dropsExpiry = dropsExpiry
        }
        func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
            while held.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(5)) }
            var response = try await provider.send(request)
            guard response.status == 200, var object = (try? JSONValue(parsing: response.body))?.objectValue else { return response }
            if addsRefreshToken { try? object.append("refresh_token", "a-refresh-token-the-server-should-not-send") }
            if dropsExpiry {
                var kept = JSONObject()
                for (name, value) in object.members where name != "expires_in" { try? kept.append(name, value) }
                object = kept
            }
            response.body = JSONValue.object(object).serialized()
            return response
        }
    }

    static let start = NumericDate(secondsSince1970: 1_900_000_000)

    static func session(
        _ configure: (inout FakeOpenIDProvider.Configuration) -> Void = { _ in }, dpop: Bool = false, margin: Int64 = 60,
        addsRefreshToken: Bool = false, dropsExpiry: Bool = false, secret: String = "s3cr3t"
    ) throws -> (ClientCredentialsSession, FakeOpenIDProvider, ManualWallClock, Gate) {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.clientAuthentication = .clientSecretBasic("s3cr3t")
        configure(&configuration)
        let clock = ManualWallClock(start)
        let provider = FakeOpenIDProvider(configuration, clock: .manual(clock))
        var client = try provider.clientConfiguration
        client.clientAuthentication = .clientSecretBasic(secret)
        client.usesDPoP = dpop
        client.retryPolicy = .none
        let gate = Gate(provider, addsRefreshToken: addsRefreshToken, dropsExpiry: dropsExpiry)
        let authClient = try AuthClient(configuration: client, metadata: provider.metadata, transport: gate, clock: .manual(clock))
        return (ClientCredentialsSession(client: authClient, refreshMarginSeconds: margin), provider, clock, gate)
    }

    @Test("the cached token is returned until the margin before expiry, then a new one is asked for")
    func caching() async throws {
        let (session, provider, clock, _) = try Self.session(margin: 120)  // the fake's tokens live 3600 s
        let first = try await session.tokens(scopes: [Scope(rawValue: "reports:read")])
        clock.advance(by: 3600 - 121)
        let cached = try await session.tokens(scopes: [Scope(rawValue: "reports:read")])
        #expect(cached.accessToken == first.accessToken)
        #expect(provider.clientCredentialsGrantCount == 1)
        clock.advance(by: 1)  // 120 s left: inside the margin
        let renewed = try await session.tokens(scopes: [Scope(rawValue: "reports:read")])
        #expect(renewed.accessToken != first.accessToken)
        #expect(provider.clientCredentialsGrantCount == 2)
    }

    @Test("a hundred concurrent callers make one token request and all get its token")
    func singleFlight() async throws {
        let (session, provider, _, gate) = try Self.session()
        gate.held.withLock { $0 = true }
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<100 { group.addTask { try await session.tokens(scopes: [Scope(rawValue: "reports:read")]).accessToken } }
            try await Task.sleep(for: .milliseconds(300))  // the callers queue on the held request
            gate.held.withLock { $0 = false }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(tokens.count == 1)
        #expect(provider.clientCredentialsGrantCount == 1)
        #expect(await session.tokenRequestCount == 1)
    }

    @Test("each request (scopes as a set, resources) has its own token; the order of scopes does not matter")
    func perRequest() async throws {
        let (session, provider, _, _) = try Self.session()
        let read = [Scope(rawValue: "a"), Scope(rawValue: "b")]
        let first = try await session.tokens(scopes: read)
        let reordered = try await session.tokens(scopes: read.reversed())
        let api = try await session.tokens(scopes: read, resources: ["https://api.authflow.test/"])
        #expect(first.accessToken == reordered.accessToken)
        #expect(api.accessToken != first.accessToken)
        #expect(provider.clientCredentialsGrantCount == 2)
        await session.invalidate(scopes: read)
        _ = try await session.tokens(scopes: read)
        #expect(provider.clientCredentialsGrantCount == 3)
    }

    @Test("a refresh token the server sends anyway is dropped (RFC 6749 §4.4.3), and the grant is made again instead")
    func noRefreshToken() async throws {
        let (session, provider, clock, _) = try Self.session(addsRefreshToken: true)
        let tokens = try await session.tokens()
        #expect(tokens.refreshToken == nil)
        clock.advance(by: 3600)
        _ = try await session.tokens()
        #expect(provider.clientCredentialsGrantCount == 2)
        #expect(provider.requestCount(.token) == 2)
    }

    @Test("a token sent without expires_in is used for unknownLifetimeSeconds (300), then asked for again")
    func unknownLifetime() async throws {
        let (session, provider, clock, _) = try Self.session(dropsExpiry: true)
        let first = try await session.tokens()
        #expect(first.expiresAt == nil)
        clock.advance(by: 299 - 60)  // the margin applies to the assumed lifetime too
        #expect(try await session.tokens().accessToken == first.accessToken)
        clock.advance(by: 2)
        #expect(try await session.tokens().accessToken != first.accessToken)
        #expect(provider.clientCredentialsGrantCount == 2)
    }

    @Test("invalid_scope, unsupported_grant_type and invalid_client are thrown with the server's error as sent, never the secret")
    func refusals() async throws {
        let (scoped, _, _, _) = try Self.session { $0.grantableScopes = ["reports:read"] }
        await Self.expectRefusal(.invalidScope) { _ = try await scoped.tokens(scopes: [Scope(rawValue: "admin")]) }
        let (unsupported, _, _, _) = try Self.session { $0.supportsClientCredentialsGrant = false }
        await Self.expectRefusal(.unsupportedGrantType) { _ = try await unsupported.tokens() }
        let (wrong, _, _, _) = try Self.session(secret: "wr0ng-s3cret")
        await Self.expectRefusal(.invalidClient, notContaining: "wr0ng-s3cret") { _ = try await wrong.tokens() }
        #expect(!"\(wrong)".contains("wr0ng-s3cret"))
    }

    static func expectRefusal(
        _ code: OAuthErrorCode, notContaining secret: String? = nil, _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            Issue.record("expected \(code.rawValue)")
        } catch let error as AuthClientError {
            guard case .tokenEndpoint(.tokenErrorResponse(let response)) = error else {
                Issue.record("expected \(code.rawValue), got \(error)")
                return
            }
            #expect(response.error == code)
            #expect(response.errorDescription?.isEmpty == false)
            if let secret { #expect(!"\(error)".contains(secret)) }
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("when the provider does not answer, an unexpired cached token is returned; once it expired, the failure is thrown")
    func unavailable() async throws {
        let (session, provider, clock, _) = try Self.session()
        let first = try await session.tokens()
        clock.advance(by: 3600 - 30)  // inside the 60 s margin, not yet expired
        provider.fail(.token, with: .status(503))
        let kept = try await session.tokens()
        #expect(kept.accessToken == first.accessToken)
        clock.advance(by: 31)  // expired
        provider.fail(.token, with: .noResponse)
        await #expect {
            _ = try await session.tokens()
        } throws: { error in
            guard case .transportFailed = error as? AuthClientError else { return false }
            return true
        }
        let renewed = try await session.tokens()
        #expect(renewed.accessToken != first.accessToken)
    }

    @Test("an OAuth refusal inside the margin is thrown and forgets the cached token")
    func refusalForgets() async throws {
        let (session, provider, clock, _) = try Self.session()
        _ = try await session.tokens()
        clock.advance(by: 3600 - 30)
        provider.fail(.token, with: .oauthError(.invalidClient))
        await #expect(throws: AuthClientError.self) { _ = try await session.tokens() }
        _ = try await session.tokens()
        #expect(provider.clientCredentialsGrantCount == 2)
    }

    @Test("with DPoP every token is bound to the one key the session proves, even when first requests start at once")
    func dpop() async throws {
        let (session, _, _, gate) = try Self.session(dpop: true)
        gate.held.withLock { $0 = true }
        async let first = session.tokens(scopes: [Scope(rawValue: "a")])
        async let second = session.tokens(scopes: [Scope(rawValue: "b")])
        try await Task.sleep(for: .milliseconds(100))
        gate.held.withLock { $0 = false }
        let (a, b) = try await (first, second)
        let key = try #require(a.dpopKey)
        #expect(a.isDPoPBound && b.isDPoPBound)
        #expect(b.dpopKey?.thumbprint == key.thumbprint)
    }
}
