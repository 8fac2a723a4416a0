// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0
import AuthFlowVapor
import AuthResourceServer
import Testing
import Vapor
import VaporTesting

@Suite("Vapor: ResourceServerMiddleware and the RFC 9728 route")
struct ResourceServerMiddlewareVaporTests {
    func withApplication(_ body: (Application) async throws -> Void) async throws {
        let app = try await Application.make(.testing)
        do {
            let server = try Fixture.server()
            app.protectedResourceMetadata(server)
            app.grouped(ResourceServerMiddleware(server, origin: .fixed(Fixture.origin), requiring: ["user"]))
                .post("mcp") { request in "hello \(request.accessPrincipal?.subject ?? "nobody")" }
            try await body(app)
        } catch {
            try await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    @Test("a request without a token never reaches the route: 401 with a Bearer challenge naming the metadata")
    func refusesWithoutToken() async throws {
        try await withApplication { app in
            try await app.testing().test(.POST, "mcp") { response in
                #expect(response.status == .unauthorized)
                let challenge = response.headers.first(name: .wwwAuthenticate) ?? ""
                #expect(challenge.hasPrefix("Bearer"))
                #expect(Fixture.parameter("resource_metadata", in: challenge) == Fixture.origin + Fixture.metadataPath)
                #expect(!response.body.string.contains("hello"))
            }
        }
    }

    @Test("a valid token reaches the route with its principal in request.accessPrincipal")
    func acceptsValidToken() async throws {
        try await withApplication { app in
            try await app.testing().test(.POST, "mcp", headers: ["Authorization": "Bearer \(Fixture.token())"]) { response in
                #expect(response.status == .ok)
                #expect(response.body.string == "hello alice")
            }
        }
    }

    @Test("a token without the required scope: 403 insufficient_scope naming the scope")
    func refusesMissingScope() async throws {
        try await withApplication { app in
            try await app.testing().test(.POST, "mcp", headers: ["Authorization": "Bearer \(Fixture.token(scope: "other"))"]) { response in
                #expect(response.status == .forbidden)
                let challenge = response.headers.first(name: .wwwAuthenticate) ?? ""
                #expect(Fixture.parameter("error", in: challenge) == "insufficient_scope")
                #expect(Fixture.parameter("scope", in: challenge)?.split(separator: " ").contains("user") == true)
            }
        }
    }

    @Test("the RFC 9728 document is served at the path the challenge names, without a token")
    func servesMetadata() async throws {
        try await withApplication { app in
            try await app.testing().test(.GET, Fixture.metadataPath) { response in
                #expect(response.status == .ok)
                #expect(response.headers.contentType == .json)
                #expect(response.body.string.contains("mcp.example.com"))
            }
        }
    }

    @Test("a DPoP-bound token with a proof for the configured origin's URL is accepted (the server listens elsewhere)")
    func acceptsDPoPForConfiguredOrigin() async throws {
        let token = Fixture.token(jkt: Fixture.dpopKey.thumbprint)
        try await withApplication { app in
            let headers: HTTPHeaders = ["Authorization": "DPoP \(token)", "DPoP": Fixture.proof(token: token)]
            try await app.testing().test(.POST, "mcp", headers: headers) { response in
                #expect(response.status == .ok)
                #expect(response.body.string == "hello alice")
            }
        }
    }

    @Test("a DPoP proof for the URL the server's socket sees, not the one clients use, is refused (htu)")
    func refusesDPoPForOtherURL() async throws {
        let token = Fixture.token(jkt: Fixture.dpopKey.thumbprint)
        try await withApplication { app in
            let proof = Fixture.proof(url: "http://127.0.0.1:8080/mcp", token: token)
            try await app.testing().test(.POST, "mcp", headers: ["Authorization": "DPoP \(token)", "DPoP": proof]) { response in
                #expect(response.status == .unauthorized)
                // The Bearer challenge carries no error (this was no Bearer request); the DPoP one names it.
                let dpop = response.headers[.wwwAuthenticate].first { $0.hasPrefix("DPoP") } ?? ""
                #expect(Fixture.parameter("error", in: dpop) == "invalid_dpop_proof")
                #expect(!response.body.string.contains("hello"))
            }
        }
    }

    @Test("a DPoP-bound token sent as a Bearer token is refused: a stolen token alone is useless")
    func refusesBoundTokenAsBearer() async throws {
        let token = Fixture.token(jkt: Fixture.dpopKey.thumbprint)
        try await withApplication { app in
            try await app.testing().test(.POST, "mcp", headers: ["Authorization": "Bearer \(token)"]) { response in
                #expect(response.status == .unauthorized)
                #expect(Fixture.parameter("error", in: response.headers.first(name: .wwwAuthenticate) ?? "") == "invalid_token")
                #expect(!response.body.string.contains("hello"))
            }
        }
    }

    @Test("the URL comes from the configured origin, never from the Host the client chose")
    func fixedOriginIgnoresHost() async throws {
        let app = try await Application.make(.testing)
        let request = Request(
            application: app, method: .POST, url: URI(string: "/mcp?x=1"), headers: ["Host": "attacker.example"],
            on: app.eventLoopGroup.next())
        #expect(RequestOrigin.fixed("https://mcp.example.com/").url(for: request) == "https://mcp.example.com/mcp?x=1")
        request.headers.add(name: "X-Forwarded-Proto", value: "https")
        request.headers.add(name: "X-Forwarded-Host", value: "spoofed.example, mcp.example.com")
        #expect(RequestOrigin.trustingForwardedHeaders(fallback: "http://localhost").url(for: request) == "https://mcp.example.com/mcp?x=1")
        try await app.asyncShutdown()
    }
}
