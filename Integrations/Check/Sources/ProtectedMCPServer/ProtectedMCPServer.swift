// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0
//
// An MCP server (Streamable HTTP, the MCP Swift SDK's stateless transport) with one tool, `whoami`, on
// Hummingbird 2, protected end to end by AuthResourceServer:
//
//   GET  /.well-known/oauth-protected-resource/mcp   the RFC 9728 document (AuthFlowHummingbird's route)
//   POST /mcp                                         behind ResourceServerMiddleware (scope `user`), then
//                                                     AuthFlowMCP forwards to the SDK's transport so that
//                                                     the tool reads the principal
//
// Configuration from the environment (.ci/interop-resource-server sets it):
//   PORT                      the port on 127.0.0.1 (the resource is http://127.0.0.1:PORT/mcp)
//   AUTHFLOW_ISSUER           the authorization server's issuer identifier, exactly as its metadata says it
//   AUTHFLOW_TOKENS           "jwt" (RFC 9068, keys from AUTHFLOW_JWKS_URL) or "introspection" (RFC 7662)
//   AUTHFLOW_JWKS_URL         the issuer's JWK Set, for "jwt"
//   AUTHFLOW_INTROSPECTION_URL, AUTHFLOW_INTROSPECTION_CLIENT, AUTHFLOW_INTROSPECTION_SECRET   for "introspection"
import AuthFlowHummingbird
import AuthFlowMCP
import AuthResourceServer
import AuthURLSession
import Foundation
import Hummingbird
import MCP

@main
enum ProtectedMCPServer {
    static func main() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let port = environment["PORT"].flatMap(Int.init), let issuer = environment["AUTHFLOW_ISSUER"] else {
            throw ExampleConfiguration.Missing(name: "PORT or AUTHFLOW_ISSUER")
        }
        let origin = "http://127.0.0.1:\(port)"
        let scope = "user"

        let server = ResourceServer(
            configuration: try ExampleConfiguration.resourceServer(
                resource: origin + "/mcp", issuer: issuer, scope: scope, environment: environment),
            transport: URLSessionTransport()
        )

        // The MCP server: one tool that answers with the subject of the token that called it.
        let mcp = Server(name: "AuthFlow protected MCP example", version: "1.0.0", capabilities: .init(tools: .init()))
        await mcp.withMethodHandler(ListTools.self) { _ in
            .init(tools: [
                Tool(
                    name: "whoami", description: "The subject of the access token that called this tool.",
                    inputSchema: .object(["type": "object"]))
            ])
        }
        await mcp.withMethodHandler(CallTool.self) { parameters in
            guard parameters.name == "whoami" else {
                return .init(content: [.text(text: "unknown tool \(parameters.name)", annotations: nil, _meta: nil)], isError: true)
            }
            let principal = await MCPResourceGuard.currentPrincipal
            return .init(content: [.text(text: principal?.subject ?? "nobody", annotations: nil, _meta: nil)], isError: principal == nil)
        }
        let transport = StatelessHTTPServerTransport()
        try await mcp.start(transport: transport)

        // Every method of /mcp goes through the middleware, then to the SDK's transport (which answers 405 to GET and
        // DELETE in stateless mode, as the Streamable HTTP specification lets it).
        let forwardToMCP: @Sendable (Request, BasicResourceServerRequestContext) async throws -> Response = { request, context in
            var request = request
            let body = try await request.collectBody(upTo: 4 << 20)
            var headers: [String: String] = [:]
            for field in request.headers {
                headers[field.name.canonicalName] = headers[field.name.canonicalName].map { $0 + ", " + field.value } ?? field.value
            }
            let forwarded = MCP.HTTPRequest(
                method: request.method.rawValue, headers: headers, body: Data(body.readableBytesView), path: request.uri.path)
            guard let principal = context.accessPrincipal else { return Response(status: .internalServerError) }
            let answer = await MCPResourceGuard.forward(forwarded, as: principal) { await transport.handleRequest($0) }
            return ExampleConfiguration.response(answer)
        }

        let router = Router(context: BasicResourceServerRequestContext.self)
        router.addProtectedResourceMetadata(server)
        router.group("mcp")
            .add(middleware: ResourceServerMiddleware(server, origin: .fixed(origin), requiring: [scope]))
            .post(use: forwardToMCP)
            .get(use: forwardToMCP)
            .delete(use: forwardToMCP)

        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
        print("protected MCP server on \(origin)/mcp, issuer \(issuer)")
        try await app.runService()
    }
}
