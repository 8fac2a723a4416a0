// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJWT
import AuthTesting
import Testing

/// Answers every request with one fixed response.
private struct FixedResponse: HTTPTransport {
    let response: TransportResponse
    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse { response }
}

@Suite("TracingTransport: every HTTP exchange traced, every secret redacted")
struct TracingTransportTests {
    static let secret = "a-client-secret-only-the-tracing-test-knows"

    @Test("a login, a refresh and a logout traced end to end show methods, paths, statuses and headers, and no secret of the run")
    func fullFlow() async throws {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.clientAuthentication = .clientSecretBasic(Self.secret)
        let time = ManualWallClock(NumericDate(secondsSince1970: 1_800_000_000))
        let provider = FakeOpenIDProvider(configuration, clock: .manual(time))
        let wire = SecretRecorder(provider)
        let trace = LogRecorder()
        let transport = TracingTransport(wire, logger: trace.logger())
        let client = try await AuthClient.discover(
            try provider.clientConfiguration, transport: transport, clock: .manual(time), sleeper: ImmediateClock.immediate)

        // The authorization request itself, sent as `authflow login` checks it before opening a browser.
        var generator = SeededRandomNumberGenerator(seed: 29)
        let request = try client.authorizationRequest(using: &generator)
        let query = try request.url.queryParameters()
        let bindings = query.filter { ["state", "nonce"].contains($0.name) }.map(\.value)
        #expect(bindings.count == 2)
        _ = try await transport.send(TransportRequest(method: .get, url: request.url.text))

        let user = try await client.login(with: provider.browser(), using: &generator)
        provider.expireAccessTokens()
        try await user.refreshTokens()
        _ = try await user.logout()

        let secrets = wire.all.union(bindings).union([Self.secret])
        #expect(secrets.count >= 10, "codes, verifiers, tokens of two token responses, Basic credentials, state, nonce")
        let records = trace.records
        #expect(records.allSatisfy { $0.event == .http && $0.level == .debug })
        let text = records.map(\.description).joined(separator: "\n")
        for secret in secrets {
            #expect(!text.contains(secret), "a secret reached the trace")
        }
        for part in secrets.filter({ $0.hasPrefix("Basic ") }) {
            #expect(!text.contains(String(part.dropFirst(6))), "the Basic credentials reached the trace")
        }
        let methods = records.compactMap { $0.metadata["method"]?.publicValue }
        #expect(methods.contains("GET") && methods.contains("POST"))
        let urls = records.compactMap { $0.metadata["url"]?.publicValue }
        for endpoint in [FakeOpenIDProvider.Endpoint.discovery, .token, .jwks, .revocation] {
            #expect(urls.contains { $0.hasPrefix(provider.url(of: endpoint)) }, "\(endpoint)")
        }
        #expect(urls.contains { $0.contains("client_id=") && $0.contains("code_challenge=") && $0.contains("state=<redacted>") })
        #expect(records.contains { $0.metadata["status"] == .number(200) })
        #expect(text.contains("Authorization: Basic <redacted>"))
        #expect(text.contains("Content-Type: application/x-www-form-urlencoded"))
        #expect(text.contains("grant_type=authorization_code") && text.contains("grant_type=refresh_token"))
        #expect(text.contains("code=<redacted>") && text.contains("code_verifier=<redacted>"))
        #expect(text.contains(#""access_token":"<redacted>""#) && text.contains(#""token_type":"Bearer""#))
    }

    @Test("secrets are redacted by name in query strings, form bodies, JSON bodies and headers, and JWT-like values anywhere")
    func rules() async throws {
        let jwt = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl"
        let responseBody =
            #"{"device_code":"dc-123","user_code":"WDJB-MJHT","keys":[{"kty":"EC","x":"pub-x","d":"priv-d"}],"#
            + #""client_secret":"cs-123","note":"\#(jwt)","expires_in":600}"#
        let response = TransportResponse(
            status: 200,
            headerFields: [
                HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "Set-Cookie", value: "sid=cookie-123"),
                HeaderField(name: "Location", value: "http://127.0.0.1:5000/cb?code=code-123&iss=https%3A%2F%2Fid#frag-123"),
                HeaderField(name: "DPoP-Nonce", value: "server-nonce"),
            ],
            body: Array(responseBody.utf8))
        let trace = LogRecorder()
        let transport = TracingTransport(FixedResponse(response: response), logger: trace.logger())
        let form =
            "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&client_assertion=assert-123&assertion=grant-123"
            + "&request_uri=urn%3Apar-123&refresh_token=rt-123&scope=openid&resource=https%3A%2F%2Fapi"
            + "&refresh%5Ftoken=encoded-name-123&client+secret=not-a-name-we-know&client%5fsecret=cs-encoded-123"
        var request = TransportRequest(
            method: .post, url: "https://id.example/token?access_token=at-123&nonce=nonce-123&prompt=login#fragment-123",
            body: Array(form.utf8))
        request.setHeader("Content-Type", "application/x-www-form-urlencoded")
        request.setHeader("Authorization", "DPoP at-456")
        request.setHeader("DPoP", jwt)
        request.setHeader("Cookie", "sid=cookie-456")
        _ = try await transport.send(request)

        let record = try #require(trace.records.first)
        let text = record.description
        for secret in [
            "dc-123", "priv-d", "cs-123", jwt, "cookie-123", "code-123", "frag-123", "assert-123", "grant-123", "par-123", "rt-123",
            "at-123", "nonce-123", "fragment-123", "at-456", "cookie-456", "encoded-name-123", "cs-encoded-123",
        ] {
            #expect(!text.contains(secret), "\(secret)")
        }
        #expect(
            record.metadata["url"] == .text("https://id.example/token?access_token=<redacted>&nonce=<redacted>&prompt=login#<redacted>"))
        for shown in [
            "WDJB-MJHT", "pub-x", "expires_in", "server-nonce", "scope=openid", "resource=https%3A%2F%2Fapi",
            "Authorization: DPoP <redacted>",
        ] {
            #expect(text.contains(shown), "\(shown)")
        }
        #expect(text.contains("iss=https%3A%2F%2Fid"))
    }

    @Test("an HTML body is shown by its size only, a failed request is logged with its error, and a disabled logger traces nothing")
    func otherBodies() async throws {
        let page = TransportResponse(
            status: 400, headerFields: [HeaderField(name: "Content-Type", value: "text/html")], body: Array("<p>state=s-123</p>".utf8))
        let trace = LogRecorder()
        _ = try await TracingTransport(FixedResponse(response: page), logger: trace.logger()).send(
            TransportRequest(method: .get, url: "https://id.example/authorize"))
        #expect(trace.records.first?.metadata["response_body"] == .text("(18 bytes of text/html, not shown)"))

        let quiet = LogRecorder()
        _ = try await TracingTransport(FixedResponse(response: page), logger: quiet.logger(minimumLevel: .info)).send(
            TransportRequest(method: .get, url: "https://id.example/authorize"))
        #expect(quiet.records.isEmpty)

        let failing = TracingTransport(UnimplementedTransport(), logger: trace.logger())
        await #expect(throws: AuthHTTPError.self) { try await failing.send(TransportRequest(method: .get, url: "https://id.example/x")) }
        #expect(trace.records.last?.metadata["error"] != nil && trace.records.last?.metadata["status"] == nil)
    }
}

extension TracingTransportTests {
    @Test("a CIBA login traced: auth_req_id and the user's user_code never reach the trace")
    func backchannelSecrets() async throws {
        let fixture = try Fixture(configure: { $0.backchannelUserCodes = ["alice": "user-code-4711-only-the-test-knows"] })
        let trace = LogRecorder()
        let transport = TracingTransport(fixture.provider, logger: trace.logger())
        let client = try fixture.secondClient(transport: transport, store: fixture.store)
        fixture.provider.scriptBackchannelUser(pendingPolls: 1, then: .approve)
        var request = BackchannelAuthenticationRequest(hint: .loginHint("alice"))
        request.userCode = "user-code-4711-only-the-test-knows"
        let authentication = try await client.requestBackchannelAuthentication(request)
        _ = try await client.pollBackchannelAuthentication(authentication)
        let text = trace.records.map(\.description).joined(separator: "\n")
        #expect(text.contains("grant_type=urn%3Aopenid%3Aparams%3Agrant-type%3Aciba") || text.contains("grant_type=urn:openid"))
        for secret in [authentication.authRequestID, "user-code-4711-only-the-test-knows"] {
            #expect(!text.contains(secret), "a CIBA secret reached the trace")
        }
        #expect(text.contains("auth_req_id=<redacted>") && text.contains(#""auth_req_id":"<redacted>""#))
    }

    @Test("a CIBA ping request traced: the client_notification_token never reaches the trace")
    func notificationToken() async throws {
        let fixture = try Fixture(configure: { $0.backchannelTokenDeliveryMode = .ping })
        let trace = LogRecorder()
        let client = try fixture.secondClient(transport: TracingTransport(fixture.provider, logger: trace.logger()), store: fixture.store)
        var request = BackchannelAuthenticationRequest(hint: .loginHint("alice"))
        request.deliveryMode = .ping
        let authentication = try await client.requestBackchannelAuthentication(request)
        let token = try #require(authentication.clientNotificationToken)
        let text = trace.records.map(\.description).joined(separator: "\n")
        #expect(!text.contains(token), "the notification token reached the trace")
        #expect(text.contains("client_notification_token=<redacted>"))
    }
}
