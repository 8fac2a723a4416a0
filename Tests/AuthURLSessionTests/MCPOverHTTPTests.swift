// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthTesting
import AuthURLSession
import Foundation
import Testing

@Suite("The MCP profile over real HTTP: a fake protected resource and its provider served on 127.0.0.1")
struct MCPOverHTTPTests {
    @Test("a 401 with resource_metadata, RFC 9728 and RFC 8414 metadata, registration, login with resource, and a 200")
    func endToEnd() async throws {
        let server = try FakeProviderServer()
        defer { server.stop() }
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.issuer = server.baseURL
        configuration.signingKey = .es256
        let provider = FakeOpenIDProvider(configuration)
        let resource = FakeProtectedResource(.init(resource: server.baseURL + "/mcp"), provider: provider)
        server.start(serving: resource)
        let transport = URLSessionTransport(timeout: 60)

        let options = MCPAuthorization.Options(
            redirectURI: "http://127.0.0.1:53682/callback", clientName: "AuthFlow over HTTP", allowsInsecureLoopback: true)
        let store = InMemoryCredentialStore()
        let mcp = try await MCPAuthorization.discover(
            serverURL: server.baseURL + "/mcp", options: options, transport: transport, store: store)
        #expect(mcp.challenge?.resourceMetadata == server.baseURL + "/.well-known/oauth-protected-resource/mcp")
        #expect(mcp.resource == server.baseURL + "/mcp")
        #expect(mcp.registeredNow)
        #expect(provider.requestCount(.registration) == 1)

        var generator = SeededRandomNumberGenerator(seed: 5)
        let user = try await mcp.login(with: provider.browser(), using: &generator)
        let answer = try await user.send(TransportRequest(method: .post, url: mcp.resource))
        #expect(answer.status == 200)

        // Without the token, the server challenges again, over HTTP.
        var unauthenticated = TransportRequest(method: .post, url: mcp.resource)
        unauthenticated.setHeader("Accept", "application/json")
        let refused = try await transport.send(unauthenticated)
        #expect(refused.status == 401)
        #expect(refused.header("WWW-Authenticate")?.contains("resource_metadata=") == true)
    }
}
