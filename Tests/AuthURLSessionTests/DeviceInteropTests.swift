// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthSession
import AuthURLSession
import Foundation
import Testing

/// django-oauth-toolkit's issuer, from the environment; nil skips the suite.
let deviceInteropIssuer = ProcessInfo.processInfo.environment["AUTHFLOW_DEVICE_INTEROP_ISSUER"]

/// The device authorization grant (RFC 8628) against a provider nobody here wrote: django-oauth-toolkit
/// (PyPI, on oauthlib), which `.ci/interop-device` installs in a venv and serves on 127.0.0.1 from the
/// Django project in `.ci/device-provider/`, then runs this suite with these variables set:
///
/// - `AUTHFLOW_DEVICE_INTEROP_ISSUER` — `http://127.0.0.1:PORT` (OIDC on, RS256, a 1-second `interval`);
/// - `AUTHFLOW_DEVICE_INTEROP_CLIENT_ID` — a public client allowed the device grant;
/// - `AUTHFLOW_DEVICE_INTEROP_USERNAME`, `…_PASSWORD` — the test user, who approves or denies on DOT's pages.
///
/// Without the issuer variable the suite is skipped (plain `swift test` is offline). What DOT does
/// differently (found by this suite, see Docs/Interop.md): its discovery documents do not advertise the
/// device authorization endpoint, its device grant answers with no `id_token` (only its refresh does),
/// it never answers `slow_down`, it tells the status of a device code to a poll without `client_id`, it
/// answers an unknown device code with 404 `device_not_found`, and it accepts a device code again after
/// it was exchanged.
@Suite("Device grant interop with django-oauth-toolkit", .enabled(if: deviceInteropIssuer != nil), .serialized)
struct DeviceInteropTests {
    static let environment = ProcessInfo.processInfo.environment
    static let issuer = deviceInteropIssuer ?? ""

    static func setting(_ name: String) throws -> String {
        try #require(environment["AUTHFLOW_DEVICE_INTEROP_" + name], "AUTHFLOW_DEVICE_INTEROP_\(name) is not set")
    }

    static func configuration() throws -> ClientConfiguration {
        try ClientConfiguration(
            issuer: issuer, clientID: try setting("CLIENT_ID"), redirectURI: "com.example.authflow:/callback",
            scopes: [.openID, .email, .profile], allowsInsecureLoopbackIssuer: true)
    }

    /// Discovery, then the device authorization endpoint that DOT serves but does not advertise.
    static func client(_ transport: some HTTPTransport = URLSessionTransport(timeout: 10)) async throws -> AuthClient {
        let discovered = try await AuthClient.discover(try configuration(), transport: transport)
        var metadata = discovered.metadata
        metadata.deviceAuthorizationEndpoint = issuer + "/device-authorization/"
        return try AuthClient(configuration: try configuration(), metadata: metadata, transport: transport)
    }

    static func browser() throws -> DjangoBrowser {
        DjangoBrowser(issuer: issuer, username: try setting("USERNAME"), password: try setting("PASSWORD"))
    }

    /// Polls in a task, and once the provider has answered `authorization_pending` `pendings` times, lets
    /// the test user sign in to Django and `accept` or `deny` the user code on DOT's pages.
    static func poll(
        _ client: AuthClient, _ authorization: DeviceAuthorization, decision: String, after pendings: Int = 1,
        polls: Locked<[DevicePoll]> = Locked([])
    ) async throws -> Result<User, any Error> {
        let (pending, signal) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            try await client.pollDeviceAuthorization(authorization) { poll in
                polls.withLock { $0.append(poll) }
                if case .pending = poll { signal.yield() }
            }
        }
        var answers = pending.makeAsyncIterator()
        for _ in 0..<pendings { _ = await answers.next() }
        var browser = try browser()
        do {
            try await browser.signIn()
            try await browser.decide(userCode: authorization.userCode, entering: authorization, action: decision)
        } catch {
            task.cancel()
            throw error
        }
        return await task.result
    }

    @Test("device authorization: user code, verification URIs, the configured 1 s interval and DOT's 1800 s lifetime")
    func deviceAuthorization() async throws {
        let transport = URLSessionTransport(timeout: 10)
        // DOT's discovery documents (OIDC and RFC 8414) omit device_authorization_endpoint (RFC 8628 §4),
        // so a client that relies on discovery alone cannot start a device login.
        let discovered = try await AuthClient.discover(try Self.configuration(), transport: transport)
        #expect(discovered.metadata.deviceAuthorizationEndpoint == nil)
        await #expect { try await discovered.requestDeviceAuthorization() } throws: {
            guard case .endpointNotAvailable("device_authorization")? = $0 as? AuthClientError else { return false }
            return true
        }
        let oauthMetadata = try await transport.send(
            TransportRequest(method: .get, url: Self.issuer + "/.well-known/oauth-authorization-server"))
        let document = try #require(try JSONValue(parsing: oauthMetadata.body).objectValue)
        #expect(document["device_authorization_endpoint"] == nil)
        #expect(
            document["grant_types_supported"]?.arrayValue?.contains { $0.stringValue == "urn:ietf:params:oauth:grant-type:device_code" }
                == true)

        let client = try await Self.client(transport)
        let before = client.clock.now()
        let authorization = try await client.requestDeviceAuthorization()
        let after = client.clock.now()
        // DOT's user codes: 8 characters of RFC 4648 base32hex (0-9, A-V), 40 bits.
        #expect(authorization.userCode.utf8.count == 8)
        #expect(authorization.userCode.allSatisfy { "0123456789ABCDEFGHIJKLMNOPQRSTUV".contains($0) })
        #expect(authorization.verificationURI == Self.issuer + "/device/")
        #expect(authorization.verificationURIComplete == authorization.verificationURI + "?user_code=" + authorization.userCode)
        #expect(authorization.interval == 1)  // DEVICE_FLOW_INTERVAL in .ci/device-provider
        #expect(authorization.expiresIn == 1800)  // oauthlib's default; DOT has no setting for it
        #expect(authorization.expiresAt.secondsSince1970 >= before.secondsSince1970 + 1800)
        #expect(authorization.expiresAt.secondsSince1970 <= after.secondsSince1970 + 1800)
        #expect(!authorization.description.contains(authorization.deviceCode))
    }

    @Test(
        "approval on DOT's pages while the client polls: DOT sends no id_token, so the user is userinfo's sub; the refresh brings an RS256 ID token for the same sub"
    )
    func approval() async throws {
        let recorder = ExchangeRecorder(base: URLSessionTransport(timeout: 10))
        let client = try await Self.client(recorder)
        let authorization = try await client.requestDeviceAuthorization()
        let result = try await Self.poll(client, authorization, decision: "accept")
        let user = try result.get()

        // What DOT 3.4.1 answers once the user approved: 200 with access and refresh tokens and the granted
        // scope — no id_token, although openid was requested and granted (RFC 8628 defines none). The client
        // then takes the user from the userinfo endpoint, with the access token just received.
        let exchange = try #require(recorder.exchanges.last { $0.request.url == client.metadata.tokenEndpoint })
        #expect(exchange.response.status == 200)
        let tokens = try TokenResponse(json: exchange.response.body)
        #expect(tokens.idToken == nil)
        #expect(tokens.tokenType == "Bearer" && !tokens.accessToken.isEmpty && tokens.refreshToken != nil)
        #expect(Set(tokens.scope?.split(separator: " ") ?? []) == ["openid", "email", "profile"])
        #expect(recorder.exchanges.contains { $0.request.url == client.metadata.userinfoEndpoint })
        #expect(try await client.store.lastCredential(for: client.grant)?.user == user.subject)
        #expect(try await user.fetchProfile().subject == user.subject)

        // DOT does not invalidate the device code once it was exchanged: polling again gets new tokens.
        let replay = try await URLSessionTransport(timeout: 10).send(exchange.request)
        #expect(replay.status == 200)
        #expect(try TokenResponse(json: replay.body).accessToken != tokens.accessToken)

        // The refresh grant (OIDC on) does return an ID token: RS256, aud = client, at_hash of the new access
        // token, and the same sub as userinfo gave — the user's refresh validates it (Core §12.2).
        let refreshed = try await user.refreshTokens()
        let idToken = try await client.validateIDToken(try #require(refreshed.idToken), nonce: nil, accessToken: refreshed.accessToken)
        #expect(idToken.jwt.header.algorithm == .rs256)
        #expect(idToken.audience == [try Self.setting("CLIENT_ID")])
        #expect(try idToken.claims.accessTokenHash != nil)
        #expect(idToken.claims["auth_time"] != nil)
        #expect(idToken.subject == user.subject)
    }

    @Test("a denial on DOT's page ends the poll with deviceAuthorizationDenied (RFC 8628 §3.5 access_denied)")
    func denial() async throws {
        let client = try await Self.client()
        let authorization = try await client.requestDeviceAuthorization()
        let result = try await Self.poll(client, authorization, decision: "deny")
        guard case .failure(let error) = result, case .deviceAuthorizationDenied? = error as? AuthClientError else {
            Issue.record("expected deviceAuthorizationDenied, got \(result)")
            return
        }
        #expect((error as? AuthClientError)?.code == 10020)
        #expect(try await client.store.lastCredential(for: client.grant) == nil)
    }

    @Test(
        "a too-early poll gets authorization_pending (DOT never sends slow_down); the client waits the interval before every poll (RFC 8628 §3.5)"
    )
    func pollingPace() async throws {
        let recorder = ExchangeRecorder(base: URLSessionTransport(timeout: 10))
        let client = try await Self.client(recorder)
        let authorization = try await client.requestDeviceAuthorization()
        let issued = try #require(recorder.exchanges.last).sent

        // Polls back to back, well inside the 1 s interval: RFC 8628 §3.5 lets the server answer
        // slow_down; DOT answers authorization_pending both times (its code has "TODO: slow_down").
        var early = TransportRequest(method: .post, url: client.metadata.tokenEndpoint)
        early.setHeader("Content-Type", "application/x-www-form-urlencoded")
        early.body = Array(
            FormParameter.encode([
                FormParameter(name: "grant_type", value: "urn:ietf:params:oauth:grant-type:device_code"),
                FormParameter(name: "device_code", value: authorization.deviceCode),
                FormParameter(name: "client_id", value: try Self.setting("CLIENT_ID")),
            ]).utf8)
        // The third without client_id, which RFC 8628 §3.4 requires of a client that does not authenticate:
        // DOT reads the grant's status before it identifies the client, and answers the same.
        var anonymous = early
        anonymous.body = Array(
            FormParameter.encode([
                FormParameter(name: "grant_type", value: "urn:ietf:params:oauth:grant-type:device_code"),
                FormParameter(name: "device_code", value: authorization.deviceCode),
            ]).utf8)
        for request in [early, early, anonymous] {
            let answer = try await URLSessionTransport(timeout: 10).send(request)
            #expect(answer.status == 400)
            #expect(try JSONValue(parsing: answer.body).objectValue?["error"]?.stringValue == "authorization_pending")
        }

        // The client's own pace: at least `interval` after the authorization, and between polls.
        let polls = Locked<[DevicePoll]>([])
        let result = try await Self.poll(client, authorization, decision: "deny", after: 2, polls: polls)
        guard case .failure(let error) = result, case .deviceAuthorizationDenied? = error as? AuthClientError else {
            Issue.record("expected deviceAuthorizationDenied, got \(result)")
            return
        }
        let sent = recorder.exchanges.filter { $0.request.url == client.metadata.tokenEndpoint }.map(\.sent)
        #expect(sent.count >= 3)  // two pending, then access_denied
        let interval = Duration.seconds(authorization.interval)
        #expect(sent.first.map { issued.duration(to: $0) >= interval } == true)
        for (earlier, later) in zip(sent, sent.dropFirst()) {
            #expect(earlier.duration(to: later) >= interval)
        }
        #expect(polls.withLock { $0 }.allSatisfy { if case .pending = $0 { true } else { false } })
    }

    @Test("an unknown device code: DOT answers 404 device_not_found, not 400 invalid_grant (RFC 6749 §5.2); the client stops at once")
    func unknownDeviceCode() async throws {
        let recorder = ExchangeRecorder(base: URLSessionTransport(timeout: 10))
        let client = try await Self.client(recorder)
        let forged = DeviceAuthorization(
            deviceCode: "no-such-device-code", userCode: "ABCD1234", verificationURI: Self.issuer + "/device/", expiresIn: 60,
            interval: 1, receivedAt: client.clock.now())
        await #expect { try await client.pollDeviceAuthorization(forged) } throws: { error in
            guard case .unexpectedResponse(endpoint: "token", status: 404, _)? = error as? AuthClientError else { return false }
            return true
        }
        let polls = recorder.exchanges.filter { $0.request.url == client.metadata.tokenEndpoint }
        #expect(polls.count == 1)
        #expect(try JSONValue(parsing: try #require(polls.first).response.body).objectValue?["error"]?.stringValue == "device_not_found")
    }
}
