// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthHTTP
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import Testing

/// The fake provider's logout tokens (the RP certification's `rp-backchannel-rpinitlogout` shape), each rule of
/// OpenID Connect Back-Channel Logout 1.0 §2.6 broken once, then the sessions a valid token ends.
@Suite("Back-channel logout: logout tokens checked by §2.6, and only the named session of this issuer and client ended")
struct BackChannelLogoutTests {
    static func fixture(signingKey: TestSigningKey = .hs256(secret: Fixture.secret)) throws -> Fixture {
        try Fixture(
            signingKey: signingKey,
            configure: {
                $0.issuesSessionIDs = true
                $0.users["bob"] = FakeOpenIDProvider.claims(email: "bob@example.com", name: "Bob Example")
            })
    }

    /// Expects `defect` to be refused for `refusal`, and alice to stay signed in and stored.
    static func expectRefused(_ defect: FakeOpenIDProvider.LogoutTokenDefect, as matches: (LogoutTokenRefusal) -> Bool) async throws {
        let fixture = try fixture()
        let user = try await fixture.login()
        let token = fixture.provider.logoutToken(subject: "alice", sessionID: fixture.provider.sessionID(of: "alice"), defect: defect)
        do {
            try await fixture.client.handleBackChannelLogout(token)
            Issue.record("accepted a token with \(defect)")
        } catch .invalidLogoutToken(let refusal) {
            #expect(matches(refusal), "\(refusal)")
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(await user.isLoggedIn)
        #expect(await fixture.store.credential(for: "alice", grant: user.grant) != nil)
    }

    @Test("§2.6 step 2: a logout token whose signature does not verify is refused")
    func signature() async throws {
        try await Self.expectRefused(.badSignature) { if case .jwt(.invalidSignature) = $0 { true } else { false } }
    }

    @Test("§2.6 step 3: a logout token with alg none is refused")
    func unsigned() async throws {
        try await Self.expectRefused(.unsigned) { $0 == .unsigned }
    }

    @Test("§2.6 step 4: a logout token from another issuer is refused")
    func issuer() async throws {
        try await Self.expectRefused(.wrongIssuer) { if case .jwt(.issuerMismatch) = $0 { true } else { false } }
    }

    @Test("§2.6 step 4: a logout token for another client (aud) is refused")
    func audience() async throws {
        try await Self.expectRefused(.wrongAudience) { if case .jwt(.audienceMismatch) = $0 { true } else { false } }
    }

    @Test("§2.6 step 4: an expired logout token is refused")
    func expired() async throws {
        try await Self.expectRefused(.expired) { if case .jwt(.expired) = $0 { true } else { false } }
    }

    @Test("§2.6 step 5: a logout token with neither sub nor sid is refused")
    func subjectOrSession() async throws {
        try await Self.expectRefused(.missingSubjectAndSession) { $0 == .missingSubjectAndSession }
    }

    @Test("§2.6 step 6: a logout token without the back-channel logout event is refused")
    func events() async throws {
        try await Self.expectRefused(.missingEvents) { $0 == .missingEvent }
    }

    @Test("§2.4: a logout token whose event value is not a JSON object is refused")
    func eventObject() async throws {
        try await Self.expectRefused(.eventNotObject) { $0 == .eventNotObject }
    }

    @Test("§2.6 step 7: a logout token with a nonce is refused")
    func nonce() async throws {
        try await Self.expectRefused(.nonce) { $0 == .nonce }
    }

    @Test("§2.4: a logout token without jti is refused")
    func jwtID() async throws {
        try await Self.expectRefused(.missingJWTID) { $0 == .missingJWTID }
    }

    @Test("§2.4: a JWT typed as another kind of token (at+jwt) is refused")
    func type() async throws {
        try await Self.expectRefused(.wrongType) { $0 == .type("at+jwt") }
    }

    @Test("§2.6 step 8: the same logout token delivered twice ends the session once and is then refused as a replay")
    func replay() async throws {
        let fixture = try Self.fixture()
        _ = try await fixture.login()
        let token = fixture.provider.logoutToken(subject: "alice", sessionID: nil)
        #expect(try await fixture.client.handleBackChannelLogout(token).count == 1)
        await #expect(throws: AuthClientError.invalidLogoutToken(.replayed)) { try await fixture.client.handleBackChannelLogout(token) }
    }

    @Test("the provider's sid is recorded at login: the stored ID token carries it")
    func sessionRecorded() async throws {
        let fixture = try Self.fixture()
        let user = try await fixture.login()
        let sid = try #require(fixture.provider.sessionID(of: "alice"))
        #expect(try await user.idTokenClaims?.sessionID == sid)
        let stored = try #require(await fixture.store.credential(for: "alice", grant: user.grant)?.tokens?.idToken)
        #expect(try JWT(compact: stored).claims.string("sid") == sid)
    }

    @Test("a valid token naming sub and sid ends that session locally: no revocation, tokens removed, providerLoggedOut sent")
    func endsSession() async throws {
        let fixture = try Self.fixture()
        let user = try await fixture.login()
        let events = fixture.client.logoutEvents()
        let sid = try #require(fixture.provider.sessionID(of: "alice"))
        let ended = try await fixture.client.handleBackChannelLogout(fixture.provider.logoutToken(subject: "alice", sessionID: sid))
        #expect(ended == [LoggedOutSession(grant: user.grant, subject: "alice", sessionID: sid)])
        #expect(await !user.isLoggedIn)
        #expect(await fixture.store.credential(for: "alice", grant: user.grant) == nil)
        #expect(fixture.provider.requestCount(.revocation) == 0)
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == LogoutEvent(subject: "alice", reason: .providerLoggedOut(sessionID: sid)))
    }

    @Test("a token naming another sid ends nothing, and a token with sid only ends the session with that sid")
    func sessionMatching() async throws {
        let fixture = try Self.fixture()
        let alice = try await fixture.login()
        let bob = try await fixture.login(.approve(subject: "bob"), seed: 2)
        #expect(
            try await fixture.client.handleBackChannelLogout(fixture.provider.logoutToken(subject: "alice", sessionID: "sid-other")).isEmpty
        )
        #expect(await alice.isLoggedIn)
        let bobSession = try #require(fixture.provider.sessionID(of: "bob"))
        let ended = try await fixture.client.handleBackChannelLogout(fixture.provider.logoutToken(subject: nil, sessionID: bobSession))
        #expect(ended.map(\.subject) == ["bob"])
        #expect(await alice.isLoggedIn)
        #expect(await !bob.isLoggedIn)
    }

    @Test("another client's session with the same sub at the same provider, in the same store, is not ended")
    func otherClient() async throws {
        let fixture = try Fixture(configure: {
            $0.issuesSessionIDs = true
            $0.additionalClients = ["other-app": .clientSecretBasic(Fixture.secret)]
        })
        let alice = try await fixture.login()
        var otherConfiguration = fixture.client.configuration
        otherConfiguration = try ClientConfiguration(
            issuer: otherConfiguration.issuer, clientID: "other-app", clientAuthentication: .clientSecretBasic(Fixture.secret),
            redirectURI: otherConfiguration.redirectURI.description, scopes: otherConfiguration.scopes)
        otherConfiguration.allowedAlgorithms = fixture.client.configuration.allowedAlgorithms
        let other = try AuthClient(
            configuration: otherConfiguration, metadata: fixture.provider.metadata, transport: fixture.provider, store: fixture.store,
            clock: .manual(fixture.time))
        var generator = SeededRandomNumberGenerator(seed: 9)
        let otherAlice = try await other.login(with: fixture.provider.browser(), using: &generator)
        let ended = try await fixture.client.handleBackChannelLogout(fixture.provider.logoutToken(subject: "alice", sessionID: nil))
        #expect(ended.count == 1)
        #expect(await !alice.isLoggedIn)
        #expect(await otherAlice.isLoggedIn)
        #expect(await fixture.store.credential(for: "alice", grant: otherAlice.grant) != nil)
        // And the other client refuses a token addressed to the first.
        await #expect(throws: AuthClientError.self) {
            try await other.handleBackChannelLogout(fixture.provider.logoutToken(subject: "alice", sessionID: nil))
        }
        #expect(await otherAlice.isLoggedIn)
    }

    @Test("another issuer's session with the same sub, in the same store, is not ended")
    func otherIssuer() async throws {
        let fixture = try Self.fixture()
        let alice = try await fixture.login()
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.issuer = "https://second-provider.authflow.test"
        configuration.signingKey = .hs256(secret: Fixture.secret)
        configuration.clientAuthentication = .clientSecretBasic(Fixture.secret)
        configuration.issuesSessionIDs = true
        let second = FakeOpenIDProvider(configuration, clock: .manual(fixture.time))
        var secondConfiguration = try second.clientConfiguration
        secondConfiguration.allowedAlgorithms = [.hs256]
        let secondClient = try AuthClient(
            configuration: secondConfiguration, metadata: second.metadata, transport: second, store: fixture.store,
            clock: .manual(fixture.time))
        var generator = SeededRandomNumberGenerator(seed: 3)
        let secondAlice = try await secondClient.login(with: second.browser(), using: &generator)
        try await fixture.client.handleBackChannelLogout(fixture.provider.logoutToken(subject: "alice", sessionID: nil))
        #expect(await !alice.isLoggedIn)
        #expect(await secondAlice.isLoggedIn)
        #expect(await fixture.store.credential(for: "alice", grant: secondAlice.grant) != nil)
    }

    @Test("a stored session with no live user is removed from the store and reported")
    func storedOnly() async throws {
        let fixture = try Self.fixture()
        let user = try await fixture.login()
        let fresh = try fixture.secondClient()
        let ended = try await fresh.handleBackChannelLogout(fixture.provider.logoutToken(subject: "alice", sessionID: nil))
        #expect(ended.map(\.subject) == ["alice"])
        #expect(await fixture.store.credential(for: "alice", grant: user.grant) == nil)
    }

    @Test("ES256 logout tokens are verified with the provider's JWK Set, refetched once after a key rotation")
    func providerKeys() async throws {
        let fixture = try Self.fixture(signingKey: .es256)
        let user = try await fixture.login()
        fixture.provider.rotateSigningKey(to: TestSigningKey.es256.withKeyID("rotated"))
        try await fixture.client.handleBackChannelLogout(fixture.provider.logoutToken(subject: "alice", sessionID: nil))
        #expect(await !user.isLoggedIn)
    }

    @Test("a store that cannot list its records fails the logout with the store's error, ending nothing")
    func unlistableStore() async throws {
        let fixture = try Self.fixture()
        let client = try fixture.secondClient(transport: fixture.provider, store: UnlistableStore(base: fixture.store))
        await #expect(throws: AuthClientError.store(.credentialListingNotSupported)) {
            try await client.handleBackChannelLogout(fixture.provider.logoutToken(subject: "alice", sessionID: nil))
        }
    }

    /// A logout token of the fixture's provider for the fixture's client, HS256 with the client secret, with
    /// the claims a test chooses: `iat` now unless given, `exp` two minutes later unless given.
    static func logoutToken(
        _ fixture: Fixture, subject: String?, sessionID: String? = nil, jti: String, issuedAt: Int64? = nil, expiresAt: Int64? = nil
    ) -> String {
        let now = fixture.time.now.secondsSince1970
        var claims = JSONObject()
        try? claims.append("iss", .string(fixture.client.configuration.issuer))
        try? claims.append("aud", .string(fixture.client.configuration.clientID))
        try? claims.append("iat", .number(JSONNumber(issuedAt ?? now)))
        try? claims.append("exp", .number(JSONNumber(expiresAt ?? (issuedAt ?? now) + 120)))
        try? claims.append("jti", .string(jti))
        if let subject { try? claims.append("sub", .string(subject)) }
        if let sessionID { try? claims.append("sid", .string(sessionID)) }
        var events = JSONObject()
        try? events.append(LogoutToken.backChannelLogoutEvent, .object(JSONObject()))
        try? claims.append("events", .object(events))
        var header = JSONObject()
        try? header.append("typ", "logout+jwt")
        var generator = SeededRandomNumberGenerator(seed: 7)
        return TestSigningKey.hs256(secret: Fixture.secret).sign(claims: claims, extraHeader: header, using: &generator)
    }

    @Test("a store that cannot list its records still logs out the live user, and the provider's retry is not a replay")
    func unlistableStoreEndsLiveUsers() async throws {
        let fixture = try Self.fixture()
        let client = try fixture.secondClient(transport: fixture.provider, store: UnlistableStore(base: fixture.store))
        var generator = SeededRandomNumberGenerator(seed: 4)
        let alice = try await client.login(with: fixture.provider.browser(), using: &generator)
        let token = fixture.provider.logoutToken(subject: "alice", sessionID: nil)
        await #expect(throws: AuthClientError.store(.credentialListingNotSupported)) { try await client.handleBackChannelLogout(token) }
        #expect(await !alice.isLoggedIn)
        await #expect(throws: AuthClientError.store(.credentialListingNotSupported)) { try await client.handleBackChannelLogout(token) }
    }

    @Test("when the app's endSessions fails (501) the jti is not used up: the provider's retry of the same token gets 200")
    func serverRetryAfterFailure() async throws {
        let fixture = try Self.fixture()
        let body = Array(
            FormParameter.encode([.init(name: "logout_token", value: fixture.provider.logoutToken(subject: "web-user", sessionID: "s1"))])
                .utf8)
        struct Failure: Error {}
        let failed = await fixture.client.backChannelLogoutResponse(formBody: body) { _ in throw Failure() }
        #expect(failed.status == 501)
        let retried = await fixture.client.backChannelLogoutResponse(formBody: body) { _ in }
        #expect(retried.status == 200)
        let replayed = await fixture.client.backChannelLogoutResponse(formBody: body) { _ in }
        #expect(replayed.status == 400)
    }

    @Test("a full replay cache refuses a new token as replayCacheFull, not as a replay")
    func fullReplayCache() async throws {
        let fixture = try Self.fixture()
        let time = fixture.time
        let cache = InMemoryLogoutTokenReplayCache(capacity: 1, now: { time.now.secondsSince1970 })
        try await fixture.client.handleBackChannelLogout(Self.logoutToken(fixture, subject: "alice", jti: "j1"), replayCache: cache)
        await #expect(throws: AuthClientError.invalidLogoutToken(.replayCacheFull)) {
            try await fixture.client.handleBackChannelLogout(Self.logoutToken(fixture, subject: "alice", jti: "j2"), replayCache: cache)
        }
        await #expect(throws: AuthClientError.invalidLogoutToken(.replayed)) {
            try await fixture.client.handleBackChannelLogout(Self.logoutToken(fixture, subject: "alice", jti: "j1"), replayCache: cache)
        }
    }

    @Test("a jti is remembered until iat + maximum age + leeway, not until a far exp the provider chose")
    func replayRetention() async throws {
        let fixture = try Self.fixture()
        let time = fixture.time
        let cache = InMemoryLogoutTokenReplayCache(capacity: 1, now: { time.now.secondsSince1970 })
        let farExpiry = time.now.secondsSince1970 + 30 * 86_400
        try await fixture.client.handleBackChannelLogout(
            Self.logoutToken(fixture, subject: "alice", jti: "j1", expiresAt: farExpiry), replayCache: cache)
        time.advance(by: LogoutToken.defaultMaximumAgeSeconds + fixture.client.configuration.leewaySeconds + 1)
        #expect(
            try await fixture.client.handleBackChannelLogout(Self.logoutToken(fixture, subject: "alice", jti: "j2"), replayCache: cache)
                .isEmpty)
    }

    @Test("exp 9223372036854775807 (Int64.max) does not trap: the token is accepted and ends the session")
    func maximalExpiry() async throws {
        let fixture = try Self.fixture()
        let alice = try await fixture.login()
        let token = Self.logoutToken(fixture, subject: "alice", jti: "j-max", expiresAt: .max)
        #expect(try await fixture.client.handleBackChannelLogout(token).map(\.subject) == ["alice"])
        #expect(await !alice.isLoggedIn)
        await #expect(throws: AuthClientError.invalidLogoutToken(.replayed)) { try await fixture.client.handleBackChannelLogout(token) }
    }

    @Test("an empty sub (or sid) is absent: such a token is refused for naming no session, and no session ends")
    func emptySubject() async throws {
        let fixture = try Self.fixture()
        let alice = try await fixture.login()
        for (subject, sessionID) in [("", nil), ("", ""), (nil, "")] as [(String?, String?)] {
            await #expect(throws: AuthClientError.invalidLogoutToken(.missingSubjectAndSession)) {
                try await fixture.client.handleBackChannelLogout(fixture.provider.logoutToken(subject: subject, sessionID: sessionID))
            }
        }
        #expect(await alice.isLoggedIn)
    }

    @Test("the server helper answers 200 no-store to a valid POST, 400 invalid_request JSON to a bad token or body")
    func serverResponse() async throws {
        let fixture = try Self.fixture()
        _ = try await fixture.login()
        let endpoint = BackChannelEndpoint(client: fixture.client)
        let bad = try await fixture.provider.sendBackChannelLogout(
            fixture.provider.logoutToken(subject: "alice", sessionID: nil, defect: .nonce), to: "https://app.example/bcl", through: endpoint
        )
        #expect(bad.status == 400)
        #expect(bad.header("Cache-Control") == "no-store")
        let json = try JSONValue(parsing: bad.body)
        #expect(json["error"]?.stringValue == "invalid_request")
        #expect(json["error_description"]?.stringValue?.contains("nonce") == true)
        let good = try await fixture.provider.sendBackChannelLogout(
            fixture.provider.logoutToken(subject: "alice", sessionID: nil), to: "https://app.example/bcl", through: endpoint)
        #expect(good.status == 200)
        #expect(good.header("Cache-Control") == "no-store")
        #expect(await fixture.store.lastCredential(for: fixture.client.grant) == nil)
        let empty = await fixture.client.backChannelLogoutResponse(formBody: Array("other=1".utf8))
        #expect(empty.status == 400)
    }

    @Test("the server helper hands a valid token to the app's own session store, and answers 501 when it fails")
    func serverSessions() async throws {
        let fixture = try Self.fixture()
        let seen = Locked<[String]>([])
        let body = Array(
            FormParameter.encode([.init(name: "logout_token", value: fixture.provider.logoutToken(subject: "web-user", sessionID: "s1"))])
                .utf8)
        let answer = await fixture.client.backChannelLogoutResponse(formBody: body) { token in
            seen.withLock { $0.append(token.sessionID ?? "") }
        }
        #expect(answer.status == 200)
        #expect(seen.withLock { $0 } == ["s1"])
        struct Failure: Error {}
        let again = Array(
            FormParameter.encode([.init(name: "logout_token", value: fixture.provider.logoutToken(subject: "web-user", sessionID: "s2"))])
                .utf8)
        let failed = await fixture.client.backChannelLogoutResponse(formBody: again) { _ in throw Failure() }
        #expect(failed.status == 501)
    }
}

/// The RP's back-channel logout endpoint as a transport: what a Hummingbird or Vapor route would do.
struct BackChannelEndpoint: HTTPTransport {
    let client: AuthClient
    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        await client.backChannelLogoutResponse(formBody: request.body)
    }
}

/// A store that keeps records but cannot list them (the protocol's default).
struct UnlistableStore: CredentialStore {
    let base: InMemoryCredentialStore
    func credential(for user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? {
        await base.credential(for: user, grant: grant)
    }
    func lastCredential(for grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? {
        await base.lastCredential(for: grant)
    }
    func save(_ credential: StoredCredential) async throws(AuthCredentialsError) -> StoredCredential { await base.save(credential) }
    func remove(user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) { await base.remove(user: user, grant: grant) }
}
