// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthJSON
import AuthTesting
import Testing

@testable import AuthFlowCLI

/// `authflow provider`'s options for the multi-process check (issue 27): refresh-token reuse detection,
/// and the test-only `/.authflow/stats` endpoint a script reads the provider's counters from.
@Suite("authflow provider: reuse detection and its counters")
struct ProviderCommandTests {
    static let issuer = "http://127.0.0.1:9"

    static func options(_ arguments: String...) throws -> ParsedArguments {
        guard case .run(_, let parsed) = try CommandLineParser.parse(["provider"] + arguments, commands: CLI.commands) else {
            throw CommandLineError(path: [], message: "not a run")
        }
        return parsed
    }

    static func get(_ endpoint: StatisticsEndpoint, _ path: String, method: TransportRequest.Method = .get) async throws
        -> TransportResponse
    {
        try await endpoint.send(TransportRequest(method: method, url: issuer + path))
    }

    static func refresh(_ endpoint: StatisticsEndpoint, _ token: String) async throws -> Int {
        var request = TransportRequest(
            method: .post, url: issuer + "/token",
            body: Array("grant_type=refresh_token&refresh_token=\(token)&client_id=\(LocalProvider.publicClientID)".utf8))
        request.setHeader("Content-Type", "application/x-www-form-urlencoded")
        return try await endpoint.send(request).status
    }

    @Test("--refresh-token-reuse-detection is a flag, off unless given")
    func flag() throws {
        #expect(try Self.options("--refresh-token-reuse-detection").isSet(ProviderCommand.refreshTokenReuseDetection))
        #expect(try !Self.options("--access-token-lifetime", "1").isSet(ProviderCommand.refreshTokenReuseDetection))
        var options = ProviderOptions()
        #expect(try !LocalProvider.provider(options, issuer: Self.issuer).configuration.detectsRefreshTokenReuse)
        options.detectsRefreshTokenReuse = true
        let provider = try LocalProvider.provider(options, issuer: Self.issuer)
        #expect(provider.configuration.detectsRefreshTokenReuse && provider.configuration.rotatesRefreshTokens)
    }

    @Test("GET /.authflow/stats counts refresh grants, reuses and revoked families; everything else reaches the provider")
    func statistics() async throws {
        var options = ProviderOptions()
        options.detectsRefreshTokenReuse = true
        let provider = try LocalProvider.provider(options, issuer: Self.issuer)
        let endpoint = StatisticsEndpoint(provider: provider)
        let empty = try await Self.get(endpoint, "/.authflow/stats")
        #expect(empty.status == 200)
        #expect(
            try JSONValue(parsing: empty.body) == ["refresh_grants": 0, "refresh_token_reuses": 0, "families_revoked": 0])

        let configuration = try ClientConfiguration(
            issuer: Self.issuer, clientID: LocalProvider.publicClientID, redirectURI: "http://127.0.0.1:49152/callback", scopes: [.openID],
            allowsInsecureLoopbackIssuer: true)
        let client = try await AuthClient.discover(configuration, transport: endpoint)
        let user = try await client.login(with: provider.browser(.approve(subject: "alice")))
        let spent = try #require(await user.tokens?.refreshToken)
        #expect(try await Self.refresh(endpoint, spent) == 200)
        #expect(try await Self.refresh(endpoint, spent) == 400)  // a reuse: the family is revoked
        let counted = try await Self.get(endpoint, "/.authflow/stats")
        #expect(
            try JSONValue(parsing: counted.body) == ["refresh_grants": 1, "refresh_token_reuses": 1, "families_revoked": 1])
        #expect(!String(decoding: counted.body, as: UTF8.self).contains(spent))

        #expect(try await Self.get(endpoint, "/.authflow/stats", method: .post).status == 405)
        #expect(try await Self.get(endpoint, "/.well-known/openid-configuration").status == 200)
        #expect(try await Self.get(endpoint, "/.authflow/other").status == 404)
    }
}
