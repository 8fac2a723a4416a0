// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0
import AuthFlowMCP
import AuthResourceServer
import Foundation
import MCP
import Testing

@Suite("MCP Swift SDK: MCPResourceGuard before the Streamable HTTP transport")
struct MCPResourceGuardTests {
    static let headers = [
        "Accept": "application/json, text/event-stream", "Content-Type": "application/json", "MCP-Protocol-Version": "2025-06-18",
    ]
    static let initialize = Data(
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
            .utf8)
    static let call = Data(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"whoami","arguments":{}}}"#.utf8)

    func request(_ body: Data, token: String?, extra: [String: String] = [:]) -> MCP.HTTPRequest {
        var headers = Self.headers.merging(extra) { _, new in new }
        if let token { headers["Authorization"] = "Bearer " + token }
        return MCP.HTTPRequest(method: "POST", headers: headers, body: body, path: "/mcp")
    }

    @Test("no token: 401 with the challenge in the SDK's response, and the transport never sees the request")
    func refusesWithoutToken() async throws {
        let mcpGuard = MCPResourceGuard(try Fixture.server(), origin: Fixture.origin, requiring: ["user"])
        let response = await mcpGuard.handle(request(Self.initialize, token: nil)) { _ in
            Issue.record("the transport was reached")
            return .accepted()
        }
        #expect(response.statusCode == 401)
        let challenge = response.headers["WWW-Authenticate"] ?? ""
        #expect(Fixture.parameter("resource_metadata", in: challenge) == Fixture.origin + Fixture.metadataPath)
    }

    @Test("a token without the scope: 403 insufficient_scope, as the SDK's BearerTokenValidator would answer")
    func refusesMissingScope() async throws {
        let mcpGuard = MCPResourceGuard(try Fixture.server(), origin: Fixture.origin, requiring: ["user"])
        let response = await mcpGuard.handle(request(Self.initialize, token: Fixture.token(scope: "other"))) { _ in .accepted() }
        #expect(response.statusCode == 403)
        #expect(Fixture.parameter("error", in: response.headers["WWW-Authenticate"] ?? "") == "insufficient_scope")
    }

    @Test("a valid token reaches the SDK's server, and its tool handler reads the principal")
    func toolReadsPrincipal() async throws {
        let mcp = Server(name: "test", version: "1", capabilities: .init(tools: .init()))
        await mcp.withMethodHandler(CallTool.self) { _ in
            let subject = await MCPResourceGuard.currentPrincipal?.subject ?? "nobody"
            return .init(content: [.text(text: subject, annotations: nil, _meta: nil)])
        }
        let transport = StatelessHTTPServerTransport()
        try await mcp.start(transport: transport)
        let mcpGuard = MCPResourceGuard(try Fixture.server(), origin: Fixture.origin, requiring: ["user"])
        let token = Fixture.token()
        let initialized = await mcpGuard.handle(request(Self.initialize, token: token)) { await transport.handleRequest($0) }
        #expect(initialized.statusCode == 200)
        let called = await mcpGuard.handle(request(Self.call, token: token)) { await transport.handleRequest($0) }
        #expect(called.statusCode == 200)
        let text = String(decoding: called.bodyData ?? Data(), as: UTF8.self)
        #expect(text.contains("alice"))
        #expect(await MCPResourceGuard.currentPrincipal == nil)
        await mcp.stop()
    }

    @Test("a client cannot name another request's principal: the reference field it sends is replaced")
    func stripsSpoofedReference() async throws {
        let mcpGuard = MCPResourceGuard(try Fixture.server(), origin: Fixture.origin, requiring: ["user"])
        let spoofed = "0.0"
        let response = await mcpGuard.handle(
            request(Self.initialize, token: Fixture.token(), extra: ["authflow-principal-reference": spoofed])
        ) { forwarded in
            let references = forwarded.headers.filter { $0.key.lowercased() == "authflow-principal-reference" }
            #expect(references.count == 1)
            #expect(references.first?.value != spoofed)
            return .accepted()
        }
        #expect(response.statusCode == 202)
    }
}
