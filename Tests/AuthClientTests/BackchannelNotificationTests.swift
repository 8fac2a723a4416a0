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

/// The client's notification endpoint as the fake provider reaches it: every request handed to the inbox.
struct NotificationEndpoint: HTTPTransport {
    let inbox: BackchannelNotificationInbox
    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse { inbox.response(to: request) }
}

@Suite("CIBA ping and push modes (OpenID CIBA Core 1.0 §10.2, §10.3): the notification token, the inbox, the pushed ID token")
struct BackchannelNotificationTests {
    static func value(_ name: String, in form: [FormParameter]) -> String? { form.first { $0.name == name }?.value }

    static func fixture(
        _ mode: BackchannelTokenDeliveryMode, _ change: @escaping (inout FakeOpenIDProvider.Configuration) -> Void = { _ in }
    )
        throws -> Fixture
    {
        try Fixture {
            $0.backchannelTokenDeliveryMode = mode
            change(&$0)
        }
    }

    static func request(_ mode: BackchannelTokenDeliveryMode) -> BackchannelAuthenticationRequest {
        var request = BackchannelAuthenticationRequest(hint: .loginHint("alice"))
        request.deliveryMode = mode
        return request
    }

    @Test("a ping request sends a fresh 256-bit client_notification_token from the injected randomness, never described")
    func notificationToken() async throws {
        let fixture = try Self.fixture(.ping)
        var generator = SeededRandomNumberGenerator(seed: 31)
        let authentication = try await fixture.client.requestBackchannelAuthentication(Self.request(.ping), using: &generator)
        let sent = try #require(Self.value("client_notification_token", in: fixture.provider.lastBackchannelAuthenticationParameters))
        #expect(sent == authentication.clientNotificationToken)
        #expect(sent.utf8.count == 43 && sent.utf8.allSatisfy { $0 != UInt8(ascii: "=") })
        #expect(authentication.deliveryMode == .ping)
        var again = SeededRandomNumberGenerator(seed: 31)
        let second = try await fixture.client.requestBackchannelAuthentication(Self.request(.ping), using: &again)
        #expect(second.clientNotificationToken == sent, "the token comes from the injected generator")
        let third = try await fixture.client.requestBackchannelAuthentication(Self.request(.ping))
        #expect(third.clientNotificationToken != sent)
        var dumped = ""
        dump(authentication, to: &dumped)
        for text in [authentication.description, dumped, "\(authentication)"] {
            #expect(!text.contains(sent) && !text.contains(authentication.authRequestID), "\(text)")
        }
        let poll = try await Fixture().client.requestBackchannelAuthentication(.init(hint: .loginHint("alice")))
        #expect(poll.clientNotificationToken == nil)
    }

    @Test("a mode the provider does not list is refused before anything is sent (10507)")
    func unlistedMode() async throws {
        let fixture = try Self.fixture(.ping) { $0.backchannelTokenDeliveryModesSupported = [.poll] }
        for mode in [BackchannelTokenDeliveryMode.ping, .push] {
            await #expect(throws: AuthClientError.backchannelDeliveryModeUnsupported(mode: mode.rawValue, supported: ["poll"])) {
                try await fixture.client.requestBackchannelAuthentication(Self.request(mode))
            }
        }
        #expect(fixture.provider.requestCount(.backchannelAuthentication) == 0)
        #expect(AuthClientError.backchannelDeliveryModeUnsupported(mode: "ping", supported: ["poll"]).code == 10507)
    }

    @Test("ping: the provider's ping is answered 204, and one token request signs the user in without polling")
    func ping() async throws {
        let fixture = try Self.fixture(.ping)
        let client = try fixture.clientOnRealClock()
        let inbox = BackchannelNotificationInbox()
        let authentication = try await client.requestBackchannelAuthentication(Self.request(.ping))
        inbox.expect(authentication)
        let waiting = Task { try await client.awaitBackchannelAuthentication(authentication, inbox: inbox, pollsWhileWaiting: false) }
        try await Task.sleep(for: .milliseconds(50))
        #expect(fixture.provider.requestCount(.token) == 0, "nothing is sent before the ping")
        fixture.provider.approveBackchannelAuthentication(authentication.authRequestID)
        let reply = try await fixture.provider.notifyBackchannelClient(
            authentication.authRequestID, through: NotificationEndpoint(inbox: inbox))
        #expect(reply?.status == 204)
        let user = try await waiting.value
        #expect(user.subject == "alice")
        #expect(fixture.provider.requestCount(.token) == 1)
        #expect(inbox.pendingCount == 0, "the request is forgotten once it ends")
    }

    @Test("ping: without a ping the client polls at the interval (§7.3), or with pollsWhileWaiting false waits until expiry")
    func pingFallback() async throws {
        let fixture = try Self.fixture(.ping)
        let inbox = BackchannelNotificationInbox()
        fixture.provider.scriptBackchannelUser(pendingPolls: 1, then: .approve)
        let authentication = try await fixture.client.requestBackchannelAuthentication(Self.request(.ping))
        let user = try await fixture.client.awaitBackchannelAuthentication(authentication, inbox: inbox)
        #expect(user.subject == "alice")
        #expect(fixture.sleeper.sleeps == [.seconds(5), .seconds(5)])
        #expect(fixture.provider.requestCount(.token) == 2)

        let silent = try Self.fixture(.ping)
        let second = try await silent.client.requestBackchannelAuthentication(Self.request(.ping))
        await #expect(throws: AuthClientError.backchannelAuthenticationExpired) {
            try await silent.client.awaitBackchannelAuthentication(second, inbox: inbox, pollsWhileWaiting: false)
        }
        #expect(silent.provider.requestCount(.token) == 0)
        #expect(silent.sleeper.sleeps == [.seconds(120)])
    }

    @Test("ping after a denial: the token request gets access_denied (10505)")
    func pingDenied() async throws {
        let fixture = try Self.fixture(.ping)
        let client = try fixture.clientOnRealClock()
        let inbox = BackchannelNotificationInbox()
        let authentication = try await client.requestBackchannelAuthentication(Self.request(.ping))
        inbox.expect(authentication)
        fixture.provider.denyBackchannelAuthentication(authentication.authRequestID)
        let reply = try await fixture.provider.notifyBackchannelClient(
            authentication.authRequestID, through: NotificationEndpoint(inbox: inbox))
        #expect(reply?.status == 204)
        await #expect(throws: AuthClientError.backchannelAuthenticationDenied) {
            try await client.awaitBackchannelAuthentication(authentication, inbox: inbox, pollsWhileWaiting: false)
        }
    }

    @Test("push: the pushed tokens pass §10.3.1 (at_hash, auth_req_id, rt_hash) and sign the user in without a token request")
    func push() async throws {
        let fixture = try Self.fixture(.push)
        let client = try fixture.clientOnRealClock()
        let inbox = BackchannelNotificationInbox()
        let authentication = try await client.requestBackchannelAuthentication(Self.request(.push))
        #expect(authentication.dpopKey == nil)
        inbox.expect(authentication)
        let waiting = Task { try await client.awaitBackchannelAuthentication(authentication, inbox: inbox) }
        try await Task.sleep(for: .milliseconds(50))
        fixture.provider.approveBackchannelAuthentication(authentication.authRequestID)
        let reply = try await fixture.provider.notifyBackchannelClient(
            authentication.authRequestID, through: NotificationEndpoint(inbox: inbox))
        #expect(reply?.status == 204)
        let user = try await waiting.value
        #expect(user.subject == "alice")
        #expect(fixture.provider.requestCount(.token) == 0)
        let tokens = try #require(await user.tokens)
        #expect(tokens.refreshToken != nil)
        #expect(await fixture.store.credential(for: "alice", grant: client.grant)?.tokens == tokens)
        await #expect(
            throws: AuthClientError.invalidBackchannelAuthenticationRequest(
                "a push-mode request is not polled (CIBA §10.3): wait with awaitBackchannelAuthentication(_:inbox:)")
        ) { try await client.pollBackchannelAuthentication(authentication) }
        #expect(fixture.provider.requestCount(.token) == 0)
    }

    @Test("push: a wrong at_hash, no rt_hash or another request's auth_req_id claim is refused and nothing is stored")
    func pushRefused() async throws {
        let cases: [(FakeOpenIDProvider.BackchannelMisbehaviour, AuthClientError)] = [
            (.pushesWrongAccessTokenHash, .idToken(.accessTokenHashMismatch)),
            (.pushesWithoutRefreshTokenHash, .invalidBackchannelPush(.missingRefreshTokenHash)),
            (.pushesAnotherRequestIDClaim, .invalidBackchannelPush(.authRequestIDClaimMismatch)),
        ]
        for (misbehaviour, expected) in cases {
            let fixture = try Self.fixture(.push) { $0.backchannelMisbehaviour = misbehaviour }
            let client = try fixture.clientOnRealClock()
            let inbox = BackchannelNotificationInbox()
            let authentication = try await client.requestBackchannelAuthentication(Self.request(.push))
            inbox.expect(authentication)
            fixture.provider.approveBackchannelAuthentication(authentication.authRequestID)
            let reply = try await fixture.provider.notifyBackchannelClient(
                authentication.authRequestID, through: NotificationEndpoint(inbox: inbox))
            #expect(reply?.status == 204, "\(misbehaviour): the ID token is checked after the answer")
            await #expect(throws: expected, "\(misbehaviour)") {
                try await client.awaitBackchannelAuthentication(authentication, inbox: inbox)
            }
            #expect(await fixture.store.credential(for: "alice", grant: client.grant) == nil, "\(misbehaviour)")
        }
    }

    @Test("push of an error (§12): access_denied and expired_token end the wait with 10505 and 10506")
    func pushedErrors() async throws {
        for (outcome, expected) in [
            (FakeOpenIDProvider.BackchannelOutcome.deny, AuthClientError.backchannelAuthenticationDenied),
            (.expire, .backchannelAuthenticationExpired),
        ] {
            let fixture = try Self.fixture(.push)
            let client = try fixture.clientOnRealClock()
            let inbox = BackchannelNotificationInbox()
            let authentication = try await client.requestBackchannelAuthentication(Self.request(.push))
            inbox.expect(authentication)
            fixture.provider.scriptBackchannelUser(pendingPolls: 0, then: outcome)
            let reply = try await fixture.provider.notifyBackchannelClient(
                authentication.authRequestID, through: NotificationEndpoint(inbox: inbox))
            #expect(reply?.status == 204)
            await #expect(throws: expected) { try await client.awaitBackchannelAuthentication(authentication, inbox: inbox) }
        }
        let inbox = BackchannelNotificationInbox()
        var authentication = BackchannelAuthentication(authRequestID: "r-1", expiresIn: 60, receivedAt: Fixture.start)
        authentication.deliveryMode = .push
        authentication.clientNotificationToken = "n-1"
        inbox.expect(authentication)
        let reply = inbox.receive(authorization: "Bearer n-1", body: Array(#"{"error":"transaction_failed","auth_req_id":"r-1"}"#.utf8))
        #expect(reply.status == 204)
        let fixture = try Self.fixture(.push)
        let client = try fixture.clientOnRealClock()
        await #expect(
            throws: AuthClientError.backchannelAuthenticationFailed(
                OAuthErrorResponse(error: OAuthErrorCode(rawValue: "transaction_failed")))
        ) {
            try await client.awaitBackchannelAuthentication(authentication, inbox: inbox)
        }
    }

    @Test("a notification with a wrong bearer token is 401, one for an unknown auth_req_id 400; the request stays pending")
    func misbehavingNotifications() async throws {
        for (misbehaviour, status) in [
            (FakeOpenIDProvider.BackchannelMisbehaviour.notifiesWithWrongBearerToken, 401), (.notifiesUnknownRequest, 400),
        ] {
            for mode in [BackchannelTokenDeliveryMode.ping, .push] {
                let fixture = try Self.fixture(mode) { $0.backchannelMisbehaviour = misbehaviour }
                let inbox = BackchannelNotificationInbox()
                let authentication = try await fixture.client.requestBackchannelAuthentication(Self.request(mode))
                inbox.expect(authentication)
                fixture.provider.approveBackchannelAuthentication(authentication.authRequestID)
                let reply = try await fixture.provider.notifyBackchannelClient(
                    authentication.authRequestID, through: NotificationEndpoint(inbox: inbox))
                #expect(reply?.status == status, "\(misbehaviour) \(mode)")
                #expect(inbox.pendingCount == 1)
            }
        }
    }

    /// An inbox expecting one ping-mode and one push-mode request.
    static func inbox() -> (BackchannelNotificationInbox, ping: BackchannelAuthentication, push: BackchannelAuthentication) {
        var ping = BackchannelAuthentication(authRequestID: "ping-request", expiresIn: 60, receivedAt: Fixture.start)
        ping.deliveryMode = .ping
        ping.clientNotificationToken = "ping-token"
        var push = BackchannelAuthentication(authRequestID: "push-request", expiresIn: 60, receivedAt: Fixture.start)
        push.deliveryMode = .push
        push.clientNotificationToken = "push-token"
        let inbox = BackchannelNotificationInbox()
        inbox.expect(ping)
        inbox.expect(push)
        var poll = BackchannelAuthentication(authRequestID: "poll-request", expiresIn: 60, receivedAt: Fixture.start)
        poll.clientNotificationToken = "poll-token"
        inbox.expect(poll)
        return (inbox, ping, push)
    }

    @Test("the inbox answers 401 for a missing or wrong bearer token, with the Bearer challenge (RFC 6750 §3.1)")
    func inboxBearer() {
        let (inbox, _, _) = Self.inbox()
        let body = Array(#"{"auth_req_id":"ping-request"}"#.utf8)
        let cases: [(String?, BackchannelNotificationRefusal)] = [
            (nil, .missingBearerToken), ("Basic cGluZy10b2tlbg==", .missingBearerToken), ("Bearer", .missingBearerToken),
            ("Bearer ping-tokeN", .wrongBearerToken), ("Bearer ping-token-", .wrongBearerToken), ("Bearer poll-token", .wrongBearerToken),
        ]
        for (authorization, refusal) in cases {
            let reply = inbox.receive(authorization: authorization, body: body)
            #expect(reply.status == 401 && reply.refusal == refusal, "\(authorization ?? "none")")
            #expect(reply.headerFields.first { $0.name == "WWW-Authenticate" }?.value.hasPrefix("Bearer") == true)
            #expect(reply.error?.code == 10508)
        }
        #expect(inbox.pendingCount == 2, "a poll-mode request is not expected")
        #expect(inbox.receive(authorization: "bearer  ping-token", body: body).status == 204, "the scheme is case-insensitive")
    }

    @Test("the inbox answers 400 for a body that is not the request's notification, and 204 once")
    func inboxBody() {
        let (inbox, _, _) = Self.inbox()
        let cases: [(String, String, BackchannelNotificationRefusal)] = [
            ("ping-token", "not json", .invalidBody("not JSON")), ("ping-token", "[]", .invalidBody("not a JSON object")),
            ("ping-token", #"{"auth_req_id":7}"#, .invalidBody("no string auth_req_id")),
            ("ping-token", #"{"auth_req_id":""}"#, .invalidBody("no string auth_req_id")),
            ("ping-token", #"{"auth_req_id":"push-request"}"#, .unknownRequest),
            ("ping-token", #"{"auth_req_id":"ping-request","access_token":"a","token_type":"Bearer"}"#, .unexpectedContent(mode: .ping)),
            ("ping-token", #"{"auth_req_id":"ping-request","error":"access_denied"}"#, .unexpectedContent(mode: .ping)),
            ("push-token", #"{"auth_req_id":"push-request"}"#, .unexpectedContent(mode: .push)),
        ]
        for (token, body, refusal) in cases {
            let reply = inbox.receive(authorization: "Bearer \(token)", body: Array(body.utf8))
            #expect(reply.status == 400 && reply.refusal == refusal && reply.headerFields.isEmpty, "\(body)")
        }
        #expect(inbox.receive(authorization: "Bearer nobody", body: Array("not json".utf8)).status == 401, "the token is checked first")
        let ping = Array(#"{"auth_req_id":"ping-request"}"#.utf8)
        #expect(inbox.receive(authorization: "Bearer ping-token", body: ping) == .accepted)
        #expect(inbox.receive(authorization: "Bearer ping-token", body: ping).refusal == .unknownRequest, "a request is notified once")
        let reply = inbox.response(
            to: TransportRequest(
                method: .post, url: "https://client.example.com/n",
                headerFields: [HeaderField(name: "Authorization", value: "Bearer push-token")],
                body: Array(#"{"auth_req_id":"push-request","access_token":"a","token_type":"Bearer","id_token":"x.y.z"}"#.utf8)))
        #expect(reply.status == 204)
    }

    @Test("a forgotten request's notification is 401, and a cancelled wait ends promptly")
    func forgetAndCancel() async throws {
        let (inbox, ping, push) = Self.inbox()
        inbox.forget(ping)
        #expect(inbox.receive(authorization: "Bearer ping-token", body: Array(#"{"auth_req_id":"ping-request"}"#.utf8)).status == 401)
        let fixture = try Self.fixture(.push)
        let client = try fixture.clientOnRealClock()
        var long = BackchannelAuthentication(authRequestID: push.authRequestID, expiresIn: 3600, receivedAt: Fixture.start)
        long.deliveryMode = .push
        long.clientNotificationToken = "push-token"
        let waited = long
        try await Fixture.expectCancelledPromptly { try await client.awaitBackchannelAuthentication(waited, inbox: inbox) }
    }

    @Test("a registration for ping or push names the mode and an https notification endpoint (CIBA §4)")
    func registration() throws {
        let registration = try ClientRegistration(
            clientName: "Till 4", redirectURIs: ["https://till.example.com/cb"], tokenEndpointAuthMethod: "client_secret_basic")
        let ping = try registration.backchannelNotificationMode(.ping, notificationEndpoint: "https://till.example.com/ciba")
        #expect(ping.grantTypes.contains(AuthClient.backchannelAuthenticationGrantType))
        #expect(ping.additionalMetadata["backchannel_token_delivery_mode"]?.stringValue == "ping")
        #expect(ping.additionalMetadata["backchannel_client_notification_endpoint"]?.stringValue == "https://till.example.com/ciba")
        let push = try registration.backchannelNotificationMode(
            .push, notificationEndpoint: "http://127.0.0.1:8080/n", allowsInsecureLoopback: true)
        #expect(push.additionalMetadata["backchannel_token_delivery_mode"]?.stringValue == "push")
        #expect(throws: AuthClientError.insecureURL(name: "backchannel_client_notification_endpoint", url: "http://till.example.com/ciba"))
        {
            try registration.backchannelNotificationMode(.ping, notificationEndpoint: "http://till.example.com/ciba")
        }
        #expect(throws: AuthClientError.self) {
            try registration.backchannelNotificationMode(.poll, notificationEndpoint: "https://till.example.com/n")
        }
    }

    @Test("two requests with the same auth_req_id (two providers, one inbox) stay apart: each token completes only its own")
    func sameRequestIDs() async throws {
        var first = BackchannelAuthentication(authRequestID: "same-id", expiresIn: 60, receivedAt: Fixture.start)
        first.deliveryMode = .ping
        first.clientNotificationToken = "first-token"
        var second = first
        second.clientNotificationToken = "second-token"
        let inbox = BackchannelNotificationInbox()
        inbox.expect(first)
        inbox.expect(second)
        #expect(inbox.pendingCount == 2, "the second request is not dropped as a duplicate of the first")
        let body = Array(#"{"auth_req_id":"same-id"}"#.utf8)
        #expect(inbox.receive(authorization: "Bearer second-token", body: body) == .accepted)
        #expect(inbox.receive(authorization: "Bearer first-token", body: body) == .accepted, "the first is still pending")
        inbox.forget(first)
        #expect(inbox.pendingCount == 1, "forgetting one request leaves the other")
        #expect(inbox.receive(authorization: "Bearer first-token", body: body).status == 401)
        #expect(inbox.receive(authorization: "Bearer second-token", body: body).refusal == .unknownRequest, "notified once")
    }

    @Test("push on a client that requires DPoP-bound tokens is refused before anything is sent: pushed tokens are Bearer")
    func pushWithRequiredDPoP() async throws {
        let fixture = try Fixture(
            configure: { $0.backchannelTokenDeliveryMode = .push },
            client: {
                $0.usesDPoP = true
                $0.requiresDPoPBoundTokens = true
            })
        do throws(AuthClientError) {
            _ = try await fixture.client.requestBackchannelAuthentication(Self.request(.push))
            Issue.record("a push request was sent for a client that requires DPoP-bound tokens")
        } catch {
            guard case .invalidBackchannelAuthenticationRequest(let reason) = error else {
                Issue.record("expected invalidBackchannelAuthenticationRequest, got \(error)")
                return
            }
            #expect(reason.contains("DPoP"))
        }
        #expect(fixture.provider.requestCount(.backchannelAuthentication) == 0)
    }

    @Test("a push awaited by a plain OAuth 2.0 client is refused: its pushed tokens would pass no ID token rule")
    func pushOnPlainOAuthClient() async throws {
        let (_, client) = try AuthorizationRequestTests.plainOAuthClient(scopes: [Scope(rawValue: "mcp:tools")])
        var rebuilt = BackchannelAuthentication(authRequestID: "rebuilt", expiresIn: 60, receivedAt: Fixture.start)
        rebuilt.deliveryMode = .push
        rebuilt.clientNotificationToken = "a-token"
        do throws(AuthClientError) {
            _ = try await client.awaitBackchannelAuthentication(rebuilt, inbox: BackchannelNotificationInbox())
            Issue.record("a plain OAuth 2.0 client awaited a push")
        } catch {
            guard case .invalidBackchannelAuthenticationRequest = error else {
                Issue.record("expected invalidBackchannelAuthenticationRequest, got \(error)")
                return
            }
        }
    }
}
