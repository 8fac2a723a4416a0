// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession
import AuthTesting
import Testing

/// Passes requests to the provider and keeps every secret that crossed the wire: tokens from token
/// responses, and codes, verifiers, refresh tokens and the client's Authorization header from requests.
final class SecretRecorder: HTTPTransport {
    let provider: FakeOpenIDProvider
    private let secrets = Locked<Set<String>>([])

    init(_ provider: FakeOpenIDProvider) { self.provider = provider }

    var all: Set<String> { secrets.withLock { $0 } }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        var found: [String] = []
        if let authorization = request.header("Authorization") { found.append(authorization) }
        if let form = try? FormParameter.parse(request.body) {
            found += form.filter { ["code", "code_verifier", "refresh_token", "client_secret", "token"].contains($0.name) }.map(\.value)
        }
        let response = try await provider.send(request)
        if request.url == provider.url(of: .token), let tokens = try? TokenResponse(json: response.body) {
            found += [tokens.accessToken] + [tokens.refreshToken, tokens.idToken].compactMap { $0 }
        }
        secrets.withLock { $0.formUnion(found) }
        return response
    }
}

@Suite("AuthLogger: the client's steps reach the logger, redacted by type, and no token, code or secret ever does")
struct AuthLoggerTests {
    static let secret = "a-client-secret-that-only-the-tests-know"

    @Test("a login, a 401, a transient retry, a cooldown, a refetch and a logout log their events in order and never a secret")
    func flowEvents() async throws {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.clientAuthentication = .clientSecretBasic(Self.secret)
        let time = ManualWallClock(NumericDate(secondsSince1970: 1_800_000_000))
        let provider = FakeOpenIDProvider(configuration, clock: .manual(time))
        let wire = SecretRecorder(provider)
        let log = LogRecorder()
        let client = try await AuthClient.discover(
            try provider.clientConfiguration, transport: wire, clock: .manual(time), sleeper: ImmediateClock.immediate,
            logger: log.logger())
        var generator = SeededRandomNumberGenerator(seed: 3)
        let user = try await client.login(with: provider.browser(), using: &generator)
        #expect(log.events == [.discovery, .discovery, .authorizationURL, .callback, .codeExchange, .codeExchange, .jwksFetch, .jwksFetch])
        let code = try #require(log.records.first { $0.event == .callback }?.metadata["code"])
        #expect(code == .redacted)
        #expect(code.publicValue == nil)

        log.removeAll()
        provider.expireAccessTokens()
        #expect(try await user.send(TransportRequest(method: .get, url: provider.url(of: .resource))).status == 200)
        provider.fail(.token, with: .status(503))
        try await user.refreshTokens()
        #expect(log.events == [.retry, .refresh, .refresh, .refresh, .retry, .refresh])
        #expect(log.records.map(\.level) == [.info, .info, .info, .info, .warning, .info])

        log.removeAll()
        provider.spoilNextIDToken(.unknownKey)  // an unknown kid: one refetch, which does not find it
        await #expect(throws: AuthClientError.self) { try await user.refreshTokens() }
        provider.spoilNextIDToken(.unknownKey)  // within the 60 s cooldown that refetch started
        await #expect(throws: AuthClientError.self) { try await user.refreshTokens() }
        #expect(log.events == [.refresh, .jwksFetch, .jwksFetch, .refresh, .refresh, .jwksCooldown, .refresh])
        #expect(log.records.filter { $0.level == .error }.map(\.event) == [.refresh, .refresh])

        _ = try await user.logout()
        #expect(log.events.last == .logout)

        let secrets = wire.all
        #expect(secrets.count >= 12)  // 4 token responses (3 tokens each), a code, a verifier, refresh tokens, Basic
        #expect(secrets.contains { $0.hasPrefix("Basic ") })
        let text = log.text
        for secret in secrets + [Self.secret] {
            #expect(secret.count >= 16)
            #expect(!text.contains(secret), "a secret was logged")
        }
        #expect(!text.contains("?"), "a URL with its query was logged")
    }

    @Test("a refused refresh token is a warning that the user was logged out")
    func refusedRefresh() async throws {
        let provider = FakeOpenIDProvider(clock: .fixed(NumericDate(secondsSince1970: 1_800_000_000)))
        let log = LogRecorder()
        let client = try AuthClient(
            configuration: try provider.clientConfiguration, metadata: provider.metadata, transport: provider,
            clock: .fixed(NumericDate(secondsSince1970: 1_800_000_000)), logger: log.logger(minimumLevel: .warning))
        let user = try await client.login(with: provider.browser())
        #expect(log.records.isEmpty)  // every step of a good login is below .warning
        provider.revokeRefreshTokens()
        await #expect(throws: AuthClientError.self) { try await user.refreshTokens() }
        #expect(log.records.map(\.event) == [.logout, .refresh])
        #expect(log.records.map(\.level) == [.warning, .error])
        #expect(log.records.first?.metadata["user"] == .text("alice"))
    }

    @Test("values are redacted by type: a URL loses its query and fragment, a secret is only <redacted>")
    func values() {
        #expect(
            AuthLogValue.url("https://login.example.com/authorize?code=abc&state=xyz").description == "https://login.example.com/authorize")
        #expect(AuthLogValue.url("com.example.app:/cb#access_token=abc").description == "com.example.app:/cb")
        #expect(AuthLogValue.url("https://login.example.com/token").description == "https://login.example.com/token")
        #expect(AuthLogValue.redacted.description == "<redacted>")
        #expect(AuthLogValue.number(-42).description == "-42")
        #expect(AuthLogValue.flag(true).publicValue == "true")
        let record = AuthLogRecord(
            level: .warning, event: .retry, message: "trying again", metadata: ["b": .number(2), "a": .text("one"), "c": .redacted])
        #expect(record.description == "warning retry: trying again [a: one, b: 2, c: <redacted>]")
    }

    @Test("records below the minimum level are never built, and the disabled logger calls nothing")
    func levels() {
        let log = LogRecorder()
        let logger = log.logger(minimumLevel: .warning)
        let built = Locked(0)
        func metadata() -> [String: AuthLogValue] {
            built.withLock { $0 += 1 }
            return [:]
        }
        logger.log(.info, .refresh, "below the minimum", metadata())
        logger.log(.error, .refresh, "at or above", metadata())
        #expect(log.records.map(\.message) == ["at or above"])
        #expect(built.withLock { $0 } == 1)
        #expect(!AuthLogger.disabled.isEnabled(.error))
        #expect(logger.isEnabled(.warning) && !logger.isEnabled(.debug))
        #expect(AuthLogger.Level.allCases.sorted() == [.debug, .info, .warning, .error])
    }
}
