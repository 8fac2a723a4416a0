// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthSession
import AuthTesting
import TestVectors
import Testing

/// The fake MCP server, except that a request with a token to its resource gets 403 with `challenge`:
/// a server the step-up cannot satisfy.
final class ScopeDemandingServer: HTTPTransport, Sendable {
    let server: FakeProtectedResource
    let challenge: String

    init(_ server: FakeProtectedResource, challenge: String) {
        self.server = server
        self.challenge = challenge
    }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        guard request.url == server.configuration.resource, request.header("Authorization") != nil else {
            return try await server.send(request)
        }
        return TransportResponse(status: 403, headerFields: [HeaderField(name: "WWW-Authenticate", value: challenge)])
    }
}

@Suite("MCPAuthorization: scope step-up on 403 insufficient_scope (MCP 2025-11-25 \"Scope Challenge Handling\")")
struct MCPAuthorizationStepUpTests {
    func scope(of parameters: [FormParameter]) -> [String] {
        (parameters.first { $0.name == "scope" }?.value ?? "").split(separator: " ").map(String.init)
    }

    @Test("a 403 insufficient_scope with scope re-authorizes for the union of scopes and retries: one call")
    func stepUpWithScope() async throws {
        let fixture = MCPFixture(server: { $0.requiredScopes = ["mcp:tools", "mcp:write"] })
        let mcp = try await fixture.discover()
        var generator = SeededRandomNumberGenerator(seed: 3)
        let user = try await mcp.login(with: fixture.provider.browser(), using: &generator)
        let request = TransportRequest(method: .post, url: mcp.resource)
        await #expect(throws: AuthClientError.insufficientScope(scope: ["mcp:tools", "mcp:write"])) { try await user.send(request) }

        let answer = try await mcp.send(request, as: user, stepUpWith: fixture.provider.browser(), using: &generator)
        #expect(answer.status == 200)
        #expect(fixture.provider.requestCount(.authorization) == 2)
        #expect(scope(of: fixture.provider.lastAuthorizationParameters) == ["openid", "mcp:tools", "mcp:write"])
        #expect(fixture.provider.lastAuthorizationParameters.contains(FormParameter(name: "resource", value: mcp.resource)))
        // The same User now holds the new tokens.
        #expect(try await user.send(request).status == 200)
        #expect(try await user.validTokens().scopes == ["openid", "mcp:tools", "mcp:write"])
    }

    @Test("a 403 that names its scope only in error_description (as the MCP Python SDK's) steps up to the resource's scopes_supported")
    func stepUpFromScopesSupported() async throws {
        let fixture = MCPFixture(server: {
            $0.scopesSupported = ["mcp:tools", "mcp:write"]
            $0.requiredScopes = ["mcp:tools", "mcp:write"]
            $0.namesRequiredScopes = false
        })
        var options = fixture.options
        options.scopes = [Scope(rawValue: "mcp:tools")]
        let mcp = try await fixture.discover(options)
        var generator = SeededRandomNumberGenerator(seed: 4)
        let user = try await mcp.login(with: fixture.provider.browser(), using: &generator)
        let request = TransportRequest(method: .post, url: mcp.resource)
        await #expect(throws: AuthClientError.insufficientScope(scope: [])) { try await user.send(request) }
        #expect(try await mcp.send(request, as: user, stepUpWith: fixture.provider.browser(), using: &generator).status == 200)
        #expect(scope(of: fixture.provider.lastAuthorizationParameters) == ["openid", "mcp:tools", "mcp:write"])
    }

    @Test("a step-up that leaves the resource unsatisfied is not repeated for the same scopes: stepUpRefused after one")
    func loopGuard() async throws {
        let examples = try MCPAuthorizationExamples.load()
        let fixture = MCPFixture()
        let server = ScopeDemandingServer(fixture.server, challenge: examples.insufficient_scope_challenge)
        let mcp = try await MCPAuthorization.discover(
            serverURL: fixture.server.configuration.resource, options: fixture.options, transport: server, store: fixture.store,
            clock: .manual(fixture.time))
        var generator = SeededRandomNumberGenerator(seed: 5)
        let user = try await mcp.login(with: fixture.provider.browser(), using: &generator)
        await #expect(
            throws: AuthClientError.stepUpRefused(scope: ["openid", "mcp:tools", "files:read", "files:write", "user:profile"])
        ) {
            try await mcp.send(
                TransportRequest(method: .post, url: mcp.resource), as: user, stepUpWith: fixture.provider.browser(), using: &generator)
        }
        #expect(fixture.provider.requestCount(.authorization) == 2)  // the login and one step-up, no more
        #expect(AuthClientError.stepUpRefused(scope: []).code == 10263)
    }

    @Test("the MCP SDK's 403 with nothing new to ask for is refused at once, without a re-authorization")
    func nothingNew() async throws {
        let examples = try MCPAuthorizationExamples.load()
        let fixture = MCPFixture()
        let server = ScopeDemandingServer(fixture.server, challenge: examples.mcp_sdk_insufficient_scope_challenge)
        let mcp = try await MCPAuthorization.discover(
            serverURL: fixture.server.configuration.resource, options: fixture.options, transport: server, store: fixture.store,
            clock: .manual(fixture.time))
        let user = try await mcp.login(with: fixture.provider.browser())
        await #expect(throws: AuthClientError.stepUpRefused(scope: ["openid", "mcp:tools"])) {
            try await mcp.send(TransportRequest(method: .post, url: mcp.resource), as: user, stepUpWith: fixture.provider.browser())
        }
        #expect(fixture.provider.requestCount(.authorization) == 1)
    }

    @Test("any other answer or refusal passes through unchanged, without a step-up")
    func passThrough() async throws {
        let fixture = MCPFixture()
        let mcp = try await fixture.discover()
        let user = try await mcp.login(with: fixture.provider.browser())
        let answer = try await mcp.send(TransportRequest(method: .post, url: mcp.resource), as: user, stepUpWith: UnimplementedUserAgent())
        #expect(answer.status == 200)
        #expect(fixture.provider.requestCount(.authorization) == 1)
    }
}
