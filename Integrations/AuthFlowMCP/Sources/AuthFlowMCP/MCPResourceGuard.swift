// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthHTTP
public import AuthResourceServer
public import MCP

/// AuthFlow's resource server in front of the MCP Swift SDK's Streamable HTTP server transports
/// (`StatelessHTTPServerTransport`, `StatefulHTTPServerTransport`): every MCP request must carry an access
/// token `server` accepts — RFC 9068 JWT or RFC 7662 introspection, audience = this MCP server's resource
/// (RFC 8707), the scopes asked for, and with `Authorization: DPoP` a valid proof bound to the token (RFC
/// 9449) — before the transport sees it; tool handlers read the principal with `currentPrincipal`.
///
/// ```swift
/// let mcpGuard = MCPResourceGuard(server, origin: "https://mcp.example.com", requiring: ["mcp:tools"])
/// // in your HTTP framework's handler for POST/GET/DELETE /mcp:
/// let response = await mcpGuard.handle(mcpRequest) { await transport.handleRequest($0) }
/// // in a tool handler:
/// let principal = await MCPResourceGuard.currentPrincipal
/// ```
///
/// Why not the SDK's `BearerTokenValidator`: at 0.12.1 its `TokenValidator` closure is synchronous
/// (`(String, HTTPRequest, HTTPValidationContext) -> BearerTokenValidationResult`), while validating a
/// token needs awaiting (a JWK Set fetched and cached, an introspection call, the DPoP replay cache); and it
/// answers 400 to any scheme but `Bearer`, so a DPoP-bound token never reaches the closure. The SDK leaves
/// to that closure the signature, issuer, audience and scope checks, and checks only `exp` and `aud` of
/// the info it returns. This guard is the asynchronous step before `handleRequest` instead, and answers a
/// refusal as `BearerTokenValidator` would (401 / 403 / 400, a JSON-RPC error body), with AuthFlow's
/// challenge: `WWW-Authenticate` with `resource_metadata` (RFC 9728 §5.1), `insufficient_scope` with
/// the scopes (RFC 6750 §3.1), a DPoP challenge and `DPoP-Nonce` when they apply.
///
/// Not checked here: the SDK's `HTTPRequest` holds its headers in a dictionary, so a request with a
/// header field twice arrives with one of them; put `AuthFlowHummingbird`'s or `AuthFlowVapor`'s
/// middleware in front (they see every field) and forward with `forward(_:as:to:)` when you can.
public struct MCPResourceGuard: Sendable {
    /// The resource server that authenticates each request.
    public let server: ResourceServer
    /// The scheme and authority clients use (`"https://mcp.example.com"`): with the request's path, the
    /// URL a DPoP proof's `htu` must name. From configuration, never from the request's `Host`.
    public let origin: String
    /// The scopes every request must have been granted.
    public let requiredScopes: [String]

    /// A guard that lets through the requests `server` authenticates with `requiredScopes`.
    public init(_ server: ResourceServer, origin: String, requiring requiredScopes: [String] = []) {
        self.server = server
        self.origin = origin.hasSuffix("/") ? String(origin.dropLast()) : origin
        self.requiredScopes = requiredScopes
    }

    /// Authenticates `request`; forwards it to `respond` (the transport's `handleRequest`) with its
    /// principal visible to handlers, or answers the refusal itself.
    public func handle(
        _ request: HTTPRequest, forwardingTo respond: @Sendable (HTTPRequest) async -> HTTPResponse
    ) async -> HTTPResponse {
        let principal: AccessPrincipal
        do {
            principal = try await authenticate(request)
        } catch {
            return response(for: error)
        }
        return await Self.forward(request, as: principal, to: respond)
    }

    /// The principal of `request`'s access token, or the reason it is refused.
    public func authenticate(_ request: HTTPRequest) async throws(ResourceServerError) -> AccessPrincipal {
        let path = request.path ?? "/"
        let protected = ProtectedRequest(
            method: request.method,
            url: origin + (path.hasPrefix("/") ? path : "/" + path),
            headerFields: request.headers.map { HeaderField(name: $0.key, value: $0.value) }
        )
        return try await server.authenticate(protected, requiring: requiredScopes)
    }

    /// A refusal in the SDK's terms: `server.challenge(for:)`'s status and header fields (repeated fields
    /// joined with ", ", as RFC 9110 §5.3 allows for `WWW-Authenticate`) on a JSON-RPC error.
    public func response(for error: ResourceServerError) -> HTTPResponse {
        let challenge = server.challenge(for: error)
        var headers: [String: String] = [:]
        for field in challenge.headerFields {
            let existing = headers.first { $0.key.lowercased() == field.name.lowercased() }
            if let existing {
                headers[existing.key] = existing.value + ", " + field.value
            } else {
                headers[field.name] = field.value
            }
        }
        let message =
            switch challenge.status {
            case 401: "Unauthorized"
            case 403: "Forbidden: insufficient scope"
            default: "Bad Request: malformed authorization"
            }
        return .error(statusCode: challenge.status, .invalidRequest(message), extraHeaders: headers)
    }
}
