// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import Testing

@Suite("CIBA, poll mode (OpenID CIBA Core 1.0): the request, auth_req_id, polling, the ID token checks")
struct BackchannelAuthenticationTests {
    static func value(_ name: String, in form: [FormParameter]) -> String? { form.first { $0.name == name }?.value }

    @Test("a CIBA login sends one hint and the request's parameters, polls with auth_req_id until approval, and signs in")
    func approved() async throws {
        let fixture = try Fixture()
        var request = BackchannelAuthenticationRequest(hint: .loginHint("alice@example.com"))
        request.bindingMessage = "W4SCT"
        request.requestedExpiry = 90
        request.acrValues = ["urn:example:mfa", "urn:example:pwd"]
        let authentication = try await fixture.client.requestBackchannelAuthentication(request)
        let sent = fixture.provider.lastBackchannelAuthenticationParameters
        #expect(Self.value("scope", in: sent) == "openid email profile")
        #expect(Self.value("login_hint", in: sent) == "alice@example.com")
        #expect(Self.value("binding_message", in: sent) == "W4SCT")
        #expect(Self.value("requested_expiry", in: sent) == "90")
        #expect(Self.value("acr_values", in: sent) == "urn:example:mfa urn:example:pwd")
        #expect(Self.value("id_token_hint", in: sent) == nil && Self.value("user_code", in: sent) == nil)
        #expect(authentication.expiresIn == 90 && authentication.interval == 5)
        #expect(authentication.expiresAt == Fixture.start.adding(seconds: 90))

        fixture.provider.scriptBackchannelUser(pendingPolls: 2, then: .approve)
        let pending = Locked(0)
        let user = try await fixture.client.pollBackchannelAuthentication(authentication) { poll in
            if case .pending = poll { pending.withLock { $0 += 1 } }
        }
        #expect(user.subject == "alice")
        #expect(pending.withLock { $0 } == 2)
        #expect(fixture.sleeper.sleeps == [.seconds(5), .seconds(5), .seconds(5)])
        #expect(fixture.provider.requestCount(.token) == 3)
        #expect(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens == (await user.tokens))
        #expect(try await user.fetchProfile().subject == "alice")
    }

    @Test("every client authentication method but none reaches the backchannel endpoint and the token endpoint")
    func clientAuthentication() async throws {
        var generator = SeededRandomNumberGenerator(seed: 7)
        let key = P256PrivateKey.generate(keyID: "client-key", using: &generator)
        let methods: [ClientAuthentication] = [
            .clientSecretBasic(Fixture.secret), .clientSecretPost(Fixture.secret), .clientSecretJWT(Fixture.secret),
            .privateKeyJWT(ClientAssertionKey(key)),
        ]
        for method in methods {
            let fixture = try Fixture(signingKey: .es256, authentication: method)
            fixture.provider.scriptBackchannelUser(pendingPolls: 0, then: .approve)
            let authentication = try await fixture.client.requestBackchannelAuthentication(.init(hint: .loginHint("alice")))
            let user = try await fixture.client.pollBackchannelAuthentication(authentication)
            #expect(user.subject == "alice", "\(method)")
        }
        let publicClient = try Fixture(authentication: .none)
        await #expect(
            throws: AuthClientError.invalidBackchannelAuthenticationRequest(
                "a public client cannot authenticate, and CIBA §7.1 requires it")
        ) {
            try await publicClient.client.requestBackchannelAuthentication(.init(hint: .loginHint("alice")))
        }
        #expect(publicClient.provider.requestCount(.backchannelAuthentication) == 0)
    }

    @Test("slow_down adds 5 seconds to the interval for every later poll (CIBA §11)")
    func slowDown() async throws {
        let fixture = try Fixture()
        let authentication = try await fixture.client.requestBackchannelAuthentication(.init(hint: .loginHint("alice")))
        fixture.provider.fail(.token, with: .oauthError(.slowDown), times: 2)
        fixture.provider.scriptBackchannelUser(pendingPolls: 1, then: .approve)
        let intervals = Locked<[Int64]>([])
        _ = try await fixture.client.pollBackchannelAuthentication(authentication) { poll in
            if case .slowDown(let interval) = poll { intervals.withLock { $0.append(interval) } }
        }
        #expect(intervals.withLock { $0 } == [10, 15])
        #expect(fixture.sleeper.sleeps == [.seconds(5), .seconds(10), .seconds(15), .seconds(15)])
    }

    @Test("access_denied, expired_token and the local deadline end the poll as denied (10505) and expired (10506)")
    func deniedAndExpired() async throws {
        let fixture = try Fixture { $0.backchannelRequestLifetime = 12 }
        fixture.provider.scriptBackchannelUser(pendingPolls: 1, then: .deny)
        let denied = try await fixture.client.requestBackchannelAuthentication(.init(hint: .loginHint("alice")))
        await #expect(throws: AuthClientError.backchannelAuthenticationDenied) {
            try await fixture.client.pollBackchannelAuthentication(denied)
        }
        fixture.provider.scriptBackchannelUser(pendingPolls: 1, then: .expire)
        let expired = try await fixture.client.requestBackchannelAuthentication(.init(hint: .loginHint("alice")))
        await #expect(throws: AuthClientError.backchannelAuthenticationExpired) {
            try await fixture.client.pollBackchannelAuthentication(expired)
        }
        // Never decided: the client stops at its own deadline, 12 s after the request, without a third poll.
        fixture.provider.scriptBackchannelUser(pendingPolls: 1_000, then: .approve)
        let before = fixture.provider.requestCount(.token)
        let sleepsBefore = fixture.sleeper.sleeps.count
        let abandoned = try await fixture.client.requestBackchannelAuthentication(.init(hint: .loginHint("alice")))
        await #expect(throws: AuthClientError.backchannelAuthenticationExpired) {
            try await fixture.client.pollBackchannelAuthentication(abandoned)
        }
        #expect(fixture.provider.requestCount(.token) - before == 2)
        #expect(Array(fixture.sleeper.sleeps.dropFirst(sleepsBefore)) == [.seconds(5), .seconds(5), .seconds(2)])
        #expect(AuthClientError.backchannelAuthenticationDenied.code == 10505)
        #expect(AuthClientError.backchannelAuthenticationExpired.code == 10506)
        #expect(await fixture.store.lastCredential(for: fixture.client.grant) == nil)
    }

    @Test("cancelling the polling task ends it promptly as a cancelled login")
    func cancel() async throws {
        // The first wait is the request's whole lifetime, 120 s: only a cancellation ends it sooner.
        let client = try Fixture { $0.backchannelPollingInterval = 3_600 }.clientOnRealClock()
        let authentication = try await client.requestBackchannelAuthentication(.init(hint: .loginHint("alice")))
        try await Fixture.expectCancelledPromptly { try await client.pollBackchannelAuthentication(authentication) }
    }

    @Test("the endpoint's errors are typed, with the OAuth error and its text as the server sent them (CIBA §13)")
    func refusals() async throws {
        let fixture = try Fixture { $0.backchannelUserCodes = ["alice": "4711"] }
        func refusal(_ request: BackchannelAuthenticationRequest) async -> (Int, OAuthErrorResponse)? {
            do throws(AuthClientError) {
                _ = try await fixture.client.requestBackchannelAuthentication(request)
            } catch .backchannelAuthenticationRefused(let status, let response) {
                return (status, response)
            } catch {
                Issue.record("\(error)")
            }
            return nil
        }
        let unknown = await refusal(.init(hint: .loginHint("mallory"), userCode: "4711"))
        #expect(unknown?.0 == 400 && unknown?.1.error == .unknownUserID)
        #expect(unknown?.1.errorDescription == "no user has that login_hint")
        #expect(await refusal(.init(hint: .loginHint("alice")))?.1.error == .missingUserCode)
        #expect(await refusal(.init(hint: .loginHint("alice"), userCode: "1234"))?.1.error == .invalidUserCode)
        let long = String(repeating: "x", count: 41)
        #expect(await refusal(.init(hint: .loginHint("alice"), bindingMessage: long, userCode: "4711"))?.1.error == .invalidBindingMessage)
        var expired = JSONObject()
        try expired.append("sub", "alice")
        try expired.append("exp", .number(JSONNumber(Fixture.start.secondsSince1970 - 60)))
        let token = "eyJhbGciOiJub25lIn0." + Base64URL.encode(JSONValue.object(expired).serialized()) + "."
        let stale = await refusal(.init(hint: .loginHintToken(token), userCode: "4711"))
        #expect(stale?.1.error == .expiredLoginHintToken)
        let error = AuthClientError.backchannelAuthenticationRefused(status: 400, try #require(unknown).1)
        #expect(error.code == 10503 && error.oauthError == .unknownUserID)
        #expect("\(error)".contains("unknown_user_id") && "\(error)".contains("no user has that login_hint"))
        fixture.provider.fail(.backchannelAuthentication, with: .status(503))
        await #expect(
            throws: AuthClientError.unexpectedResponse(
                endpoint: "backchannel authentication", status: 503, reason: "expected 200, or an OAuth error (CIBA §13)")
        ) {
            try await fixture.client.requestBackchannelAuthentication(.init(hint: .loginHint("alice"), userCode: "4711"))
        }
    }

    @Test("a request that cannot be sent as asked is refused before any request (CIBA §7.1)")
    func refusedBeforeRequest() async throws {
        let fixture = try Fixture()
        let bad: [BackchannelAuthenticationRequest] = [
            .init(hint: .loginHint("alice"), scopes: [.email]),
            .init(hint: .loginHint("")),
            .init(hint: .idTokenHint("")),
            .init(hint: .loginHint("alice"), additionalParameters: [FormParameter(name: "id_token_hint", value: "eyJ")]),
            .init(hint: .loginHint("alice"), additionalParameters: [FormParameter(name: "client_id", value: "other")]),
            .init(hint: .loginHint("alice"), requestedExpiry: 0),
            .init(hint: .loginHint("alice"), bindingMessage: ""),
        ]
        for request in bad {
            await #expect("\(request)") {
                try await fixture.client.requestBackchannelAuthentication(request)
            } throws: {
                ($0 as? AuthClientError)?.code == 10502
            }
        }
        #expect(fixture.provider.requestCount(.backchannelAuthentication) == 0)
    }

    @Test("a provider without the endpoint or without user_code support is refused (10501), one without poll mode 10507")
    func unavailable() async throws {
        let fixture = try Fixture()
        func client(_ change: (inout ProviderMetadata) -> Void) throws -> AuthClient {
            var metadata = fixture.provider.metadata
            change(&metadata)
            return try AuthClient(
                configuration: fixture.client.configuration, metadata: metadata, transport: fixture.provider, clock: .manual(fixture.time),
                sleeper: fixture.sleeper)
        }
        let clients = [
            try client { $0.backchannelAuthenticationEndpoint = nil },
            try client { $0.backchannelTokenDeliveryModesSupported = ["ping", "push"] },
        ]
        await #expect { try await clients[0].requestBackchannelAuthentication(.init(hint: .loginHint("alice"))) } throws: {
            ($0 as? AuthClientError)?.code == 10501
        }
        await #expect(throws: AuthClientError.backchannelDeliveryModeUnsupported(mode: "poll", supported: ["ping", "push"])) {
            try await clients[1].requestBackchannelAuthentication(.init(hint: .loginHint("alice")))
        }
        let noUserCode = try client { $0.backchannelUserCodeParameterSupported = false }
        await #expect {
            try await noUserCode.requestBackchannelAuthentication(.init(hint: .loginHint("alice"), userCode: "4711"))
        } throws: {
            ($0 as? AuthClientError)?.code == 10501
        }
        #expect(fixture.provider.requestCount(.backchannelAuthentication) == 0)

        let pingOnly = try Fixture { $0.backchannelMisbehaviour = .offersPingOnly }
        let discovered = try await AuthClient.discover(
            try pingOnly.provider.clientConfiguration, transport: pingOnly.provider, clock: .manual(pingOnly.time))
        #expect(discovered.metadata.backchannelTokenDeliveryModesSupported == ["ping"])
        await #expect { try await discovered.requestBackchannelAuthentication(.init(hint: .loginHint("alice"))) } throws: {
            ($0 as? AuthClientError)?.code == 10507
        }
    }

    @Test("an acknowledgement without auth_req_id or expires_in is refused; interval defaults to 5 (CIBA §7.3)")
    func acknowledgement() async throws {
        for misbehaviour in [FakeOpenIDProvider.BackchannelMisbehaviour.omitsAuthRequestID, .omitsExpiresIn] {
            let fixture = try Fixture { $0.backchannelMisbehaviour = misbehaviour }
            await #expect("\(misbehaviour)") {
                try await fixture.client.requestBackchannelAuthentication(.init(hint: .loginHint("alice")))
            } throws: {
                ($0 as? AuthClientError)?.code == 10504
            }
        }
        let now = NumericDate(secondsSince1970: 1_800_000_000)
        let read = try BackchannelAuthentication(
            json: Array(#"{"auth_req_id":"1c266114-a1be-4252-8ad1-04986c5b9ac1","expires_in":"120"}"#.utf8), receivedAt: now)
        #expect(read.expiresIn == 120 && read.interval == 5 && read.expiresAt == now.adding(seconds: 120))
        for body in [
            #"{"auth_req_id":"","expires_in":120}"#, #"{"auth_req_id":"a","expires_in":0}"#, #"{"auth_req_id":7,"expires_in":1}"#, "[]",
        ] {
            #expect(throws: AuthClientError.self, "\(body)") { try BackchannelAuthentication(json: Array(body.utf8), receivedAt: now) }
        }
    }

    @Test("the ID token is validated without a nonce; one naming another auth_req_id, a bad one, or none is refused")
    func idToken() async throws {
        let another = try Fixture { $0.backchannelMisbehaviour = .namesAnotherRequestInIDToken }
        another.provider.scriptBackchannelUser(pendingPolls: 0, then: .approve)
        let first = try await another.client.requestBackchannelAuthentication(.init(hint: .loginHint("alice")))
        await #expect(
            throws: AuthClientError.idToken(
                .invalidClaim(AuthClient.authRequestIDClaimName, expected: "the auth_req_id this client polled with (CIBA §10.1.1)"))
        ) {
            try await another.client.pollBackchannelAuthentication(first)
        }
        let none = try Fixture { $0.backchannelMisbehaviour = .omitsIDToken }
        none.provider.scriptBackchannelUser(pendingPolls: 0, then: .approve)
        let second = try await none.client.requestBackchannelAuthentication(.init(hint: .loginHint("alice")))
        await #expect(throws: AuthClientError.missingIDToken) { try await none.client.pollBackchannelAuthentication(second) }

        let spoiled = try Fixture()
        spoiled.provider.scriptBackchannelUser(pendingPolls: 0, then: .approve)
        let third = try await spoiled.client.requestBackchannelAuthentication(.init(hint: .loginHint("alice")))
        spoiled.provider.spoilNextIDToken(.wrongAccessTokenHash)
        await #expect(throws: AuthClientError.idToken(.accessTokenHashMismatch)) {
            try await spoiled.client.pollBackchannelAuthentication(third)
        }
        for store in [another.store, none.store, spoiled.store] { #expect(await store.lastCredential(for: another.client.grant) == nil) }
    }

    @Test("an id_token_hint from an earlier login names the same user")
    func idTokenHint() async throws {
        let fixture = try Fixture(signingKey: .es256)
        let loggedIn = try await fixture.login()
        let idToken = try #require(await loggedIn.tokens?.idToken)
        fixture.provider.scriptBackchannelUser(pendingPolls: 0, then: .approve)
        let authentication = try await fixture.client.requestBackchannelAuthentication(.init(hint: .idTokenHint(idToken)))
        #expect(Self.value("id_token_hint", in: fixture.provider.lastBackchannelAuthenticationParameters) == idToken)
        #expect(try await fixture.client.pollBackchannelAuthentication(authentication).subject == "alice")
        var forged = idToken
        forged.removeLast()
        forged.append(idToken.hasSuffix("A") ? "Q" : "A")
        await #expect { try await fixture.client.requestBackchannelAuthentication(.init(hint: .idTokenHint(forged))) } throws: {
            ($0 as? AuthClientError)?.oauthError == .unknownUserID
        }
    }

    @Test("a signed request (CIBA §7.1.1) sends one request JWT with the parameters, signed with the private_key_jwt key")
    func signedRequest() async throws {
        var generator = SeededRandomNumberGenerator(seed: 9)
        let key = P256PrivateKey.generate(keyID: "client-key", using: &generator)
        let fixture = try Fixture(signingKey: .es256, authentication: .privateKeyJWT(ClientAssertionKey(key)))
        fixture.provider.scriptBackchannelUser(pendingPolls: 0, then: .approve)
        var request = BackchannelAuthenticationRequest(hint: .loginHint("alice"), bindingMessage: "W4SCT", requestedExpiry: 60)
        request.signed = true
        let authentication = try await fixture.client.requestBackchannelAuthentication(request)
        let sent = fixture.provider.lastBackchannelAuthenticationParameters
        #expect(Set(sent.map(\.name)) == ["client_id", "request", "client_assertion", "client_assertion_type"])
        let jwt = try JWT(compact: try #require(Self.value("request", in: sent)))
        #expect(jwt.header.algorithm == .es256 && jwt.header.keyID == "client-key")
        #expect(try jwt.claims.issuer == "demo-app" && jwt.claims.audience == [fixture.provider.configuration.issuer])
        #expect(try jwt.claims.string("login_hint") == "alice" && jwt.claims.string("binding_message") == "W4SCT")
        #expect(try jwt.claims.string("scope") == "openid email profile" && jwt.claims.string("requested_expiry") == "60")
        #expect(try jwt.claims.jwtID != nil && jwt.claims.expiration == Fixture.start.adding(seconds: 300))
        #expect(authentication.expiresIn == 60)
        #expect(try await fixture.client.pollBackchannelAuthentication(authentication).subject == "alice")

        var metadata = fixture.provider.metadata
        metadata.backchannelAuthenticationRequestSigningAlgorithmsSupported = nil
        let none = try AuthClient(
            configuration: fixture.client.configuration, metadata: metadata, transport: fixture.provider, clock: .manual(fixture.time))
        await #expect { try await none.requestBackchannelAuthentication(request) } throws: { ($0 as? AuthClientError)?.code == 10501 }
        metadata.backchannelAuthenticationRequestSigningAlgorithmsSupported = ["PS256"]
        let other = try AuthClient(
            configuration: fixture.client.configuration, metadata: metadata, transport: fixture.provider, clock: .manual(fixture.time))
        await #expect(throws: AuthClientError.requestObjectAlgorithmUnsupported(algorithm: "ES256", supported: ["PS256"])) {
            try await other.requestBackchannelAuthentication(request)
        }
        let secretOnly = try Fixture()
        await #expect { try await secretOnly.client.requestBackchannelAuthentication(request) } throws: {
            ($0 as? AuthClientError)?.code == 10455
        }
    }

    @Test("descriptions and dumps never show the auth_req_id, the user_code or a hint token")
    func redaction() {
        let authentication = BackchannelAuthentication(
            authRequestID: "the-secret-auth-req-id", expiresIn: 60, receivedAt: NumericDate(secondsSince1970: 0))
        var dumped = ""
        dump(authentication, to: &dumped)
        #expect(!"\(authentication)".contains("the-secret") && !dumped.contains("the-secret"))
        let request = BackchannelAuthenticationRequest(hint: .idTokenHint("eyJ.secret-hint.x"), bindingMessage: "W4SCT", userCode: "4711")
        var dumpedRequest = ""
        dump(request, to: &dumpedRequest)
        for text in ["\(request)", dumpedRequest] {
            #expect(!text.contains("4711") && !text.contains("secret-hint") && text.contains("W4SCT"))
        }
    }

    @Test("the discovery document's CIBA members are read (CIBA §4)")
    func metadata() throws {
        let start = #"""
            {"issuer":"https://server.example.com","authorization_endpoint":"https://server.example.com/authorize",
             "token_endpoint":"https://server.example.com/token","jwks_uri":"https://server.example.com/jwks.json",
             "response_types_supported":["code"],"subject_types_supported":["public"],"id_token_signing_alg_values_supported":["ES256"],
            """#
        let document =
            start + #"""
                "backchannel_authentication_endpoint":"https://server.example.com/bc-authorize",
                "backchannel_token_delivery_modes_supported":["poll","ping"],
                "backchannel_authentication_request_signing_alg_values_supported":["ES256","PS256"],
                "backchannel_user_code_parameter_supported":true}
                """#
        let metadata = try ProviderMetadata(json: Array(document.utf8), expectedIssuer: "https://server.example.com")
        #expect(metadata.backchannelAuthenticationEndpoint == "https://server.example.com/bc-authorize")
        #expect(metadata.backchannelTokenDeliveryModesSupported == ["poll", "ping"])
        #expect(metadata.backchannelAuthenticationRequestSigningAlgorithmsSupported == ["ES256", "PS256"])
        #expect(metadata.backchannelUserCodeParameterSupported)
        let bare = try ProviderMetadata(
            json: Array((start + #""backchannel_user_code_parameter_supported":"yes"}"#).utf8), expectedIssuer: "https://server.example.com"
        )
        #expect(bare.backchannelAuthenticationEndpoint == nil && bare.backchannelTokenDeliveryModesSupported == nil)
        #expect(!bare.backchannelUserCodeParameterSupported)
    }
}

@Suite("CIBA client metadata for dynamic registration (CIBA §4)")
struct BackchannelRegistrationTests {
    @Test("backchannelPollMode adds the CIBA grant type and the poll delivery mode, and the user code parameter when asked")
    func pollMode() throws {
        let registration = try ClientRegistration(
            clientName: "Till 4", redirectURIs: ["https://till.example.com/cb"], tokenEndpointAuthMethod: "client_secret_basic"
        )
        .backchannelPollMode(userCodeParameter: true)
        let json = registration.json.objectValue
        #expect(json?["grant_types"] == ["authorization_code", "refresh_token", "urn:openid:params:grant-type:ciba"])
        #expect(json?["backchannel_token_delivery_mode"] == "poll")
        #expect(json?["backchannel_user_code_parameter"] == true)
        let again = registration.backchannelPollMode()
        #expect(again.grantTypes.filter { $0 == "urn:openid:params:grant-type:ciba" }.count == 1)
        #expect(again.json.objectValue?["backchannel_user_code_parameter"] == nil)
    }
}
