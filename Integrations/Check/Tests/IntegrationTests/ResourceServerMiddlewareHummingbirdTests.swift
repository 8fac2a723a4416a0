// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0
import AuthFlowHummingbird
import AuthResourceServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Hummingbird: ResourceServerMiddleware and the RFC 9728 route")
struct ResourceServerMiddlewareHummingbirdTests {
    func application() throws -> some ApplicationProtocol {
        let server = try Fixture.server()
        let router = Router(context: BasicResourceServerRequestContext.self)
        router.addProtectedResourceMetadata(server)
        router.group("mcp")
            .add(middleware: ResourceServerMiddleware(server, origin: .fixed(Fixture.origin), requiring: ["user"]))
            .post { _, context in "hello \(context.accessPrincipal?.subject ?? "nobody")" }
        return Application(router: router)
    }

    @Test("a request without a token never reaches the route: 401 with a Bearer challenge naming the metadata")
    func refusesWithoutToken() async throws {
        try await application().test(.router) { client in
            try await client.execute(uri: "/mcp", method: .post) { response in
                #expect(response.status == .unauthorized)
                let challenge = response.headers[.wwwAuthenticate] ?? ""
                #expect(challenge.hasPrefix("Bearer"))
                #expect(Fixture.parameter("resource_metadata", in: challenge) == Fixture.origin + Fixture.metadataPath)
                #expect(!String(buffer: response.body).contains("hello"))
            }
        }
    }

    @Test("a valid token reaches the route with its principal in the context")
    func acceptsValidToken() async throws {
        try await application().test(.router) { client in
            try await client.execute(uri: "/mcp", method: .post, headers: [.authorization: "Bearer \(Fixture.token())"]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "hello alice")
            }
        }
    }

    @Test("a token without the required scope: 403 insufficient_scope naming the scope")
    func refusesMissingScope() async throws {
        try await application().test(.router) { client in
            try await client.execute(uri: "/mcp", method: .post, headers: [.authorization: "Bearer \(Fixture.token(scope: "other"))"]) {
                response in
                #expect(response.status == .forbidden)
                let challenge = response.headers[.wwwAuthenticate] ?? ""
                #expect(Fixture.parameter("error", in: challenge) == "insufficient_scope")
                #expect(Fixture.parameter("scope", in: challenge)?.split(separator: " ").contains("user") == true)
            }
        }
    }

    @Test("a token for another resource: 401 invalid_token")
    func refusesOtherAudience() async throws {
        try await application().test(.router) { client in
            let token = Fixture.token(audience: "https://other.example.com/api")
            try await client.execute(uri: "/mcp", method: .post, headers: [.authorization: "Bearer \(token)"]) { response in
                #expect(response.status == .unauthorized)
                #expect(Fixture.parameter("error", in: response.headers[.wwwAuthenticate] ?? "") == "invalid_token")
            }
        }
    }

    @Test("the RFC 9728 document is served at the path the challenge names, without a token")
    func servesMetadata() async throws {
        try await application().test(.router) { client in
            try await client.execute(uri: Fixture.metadataPath, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                let body = String(buffer: response.body)
                #expect(body.contains("\"resource\""))
                #expect(body.contains("mcp.example.com"))
            }
        }
    }

    @Test("a DPoP-bound token with a proof for the configured origin's URL is accepted (the server listens elsewhere)")
    func acceptsDPoPForConfiguredOrigin() async throws {
        let token = Fixture.token(jkt: Fixture.dpopKey.thumbprint)
        try await application().test(.router) { client in
            let headers: HTTPFields = [
                .authorization: "DPoP \(token)", HTTPField.Name("DPoP")!: Fixture.proof(token: token),
            ]
            try await client.execute(uri: "/mcp", method: .post, headers: headers) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "hello alice")
            }
        }
    }

    @Test("a DPoP proof for the URL the server's socket sees, not the one clients use, is refused (htu)")
    func refusesDPoPForOtherURL() async throws {
        let token = Fixture.token(jkt: Fixture.dpopKey.thumbprint)
        try await application().test(.router) { client in
            let proof = Fixture.proof(url: "http://127.0.0.1:8080/mcp", token: token)
            let headers: HTTPFields = [.authorization: "DPoP \(token)", HTTPField.Name("DPoP")!: proof]
            try await client.execute(uri: "/mcp", method: .post, headers: headers) { response in
                #expect(response.status == .unauthorized)
                #expect(!String(buffer: response.body).contains("hello"))
            }
        }
    }

    @Test("the URL comes from the configured origin, never from the Host the client chose")
    func fixedOriginIgnoresHost() {
        let request = Request(
            head: .init(method: .post, scheme: "http", authority: "attacker.example", path: "/mcp?x=1"),
            body: .init(buffer: ByteBuffer()))
        #expect(RequestOrigin.fixed("https://mcp.example.com/").url(for: request) == "https://mcp.example.com/mcp?x=1")
    }

    @Test("behind a trusted proxy, the last X-Forwarded-Proto and X-Forwarded-Host values make the URL")
    func forwardedOrigin() {
        var head = HTTPRequest(method: .get, scheme: "http", authority: "10.0.0.7:8080", path: "/mcp")
        head.headerFields[HTTPField.Name("X-Forwarded-Proto")!] = "http, https"
        head.headerFields[HTTPField.Name("X-Forwarded-Host")!] = "spoofed.example, mcp.example.com"
        let request = Request(head: head, body: .init(buffer: ByteBuffer()))
        #expect(RequestOrigin.trustingForwardedHeaders(fallback: "http://localhost").url(for: request) == "https://mcp.example.com/mcp")
        let bare = Request(head: .init(method: .get, scheme: nil, authority: nil, path: "/mcp"), body: .init(buffer: ByteBuffer()))
        #expect(RequestOrigin.trustingForwardedHeaders(fallback: "http://localhost:8080").url(for: bare) == "http://localhost:8080/mcp")
    }
}
