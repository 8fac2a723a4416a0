// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthHTTP
public import AuthResourceServer
public import Vapor

/// Protects the routes behind it with an AuthFlow `ResourceServer`: every request must carry an access
/// token the server accepts (`Authorization: Bearer`, RFC 6750 §2.1, or `Authorization: DPoP` with its
/// `DPoP` proof, RFC 9449 §7.1) with the scopes asked for; the principal goes into
/// `request.accessPrincipal`.
///
/// ```swift
/// let server = ResourceServer(configuration: configuration, transport: transport)
/// app.protectedResourceMetadata(server)                   // RFC 9728, outside the middleware
/// let api = app.grouped(ResourceServerMiddleware(server, origin: .fixed("https://api.example.com"), requiring: ["orders:read"]))
/// api.get("orders") { request in "orders of \(request.accessPrincipal?.subject ?? "")" }
/// ```
///
/// A refusal never reaches the route: it is answered with `server.challenge(for:)` — 401 with
/// `WWW-Authenticate` (Bearer or DPoP, with `error`, `resource_metadata` of RFC 9728 §5.1, and
/// `DPoP-Nonce` when a nonce is demanded), 403 `insufficient_scope` naming the scopes (RFC 6750 §3.1),
/// or 400 for a malformed request.
///
/// Checked by the server, not here: the token (RFC 9068 or RFC 7662), its audience against the resource,
/// its scopes, the DPoP proof against this request's method and URL (`origin` tells how the URL is
/// rebuilt) and the token's `cnf.jkt`. The header fields are passed on as received, duplicates included,
/// so a request with two `Authorization` or two `DPoP` fields is refused. Not done: CORS preflight.
public struct ResourceServerMiddleware: AsyncMiddleware {
    /// The resource server that authenticates each request.
    public let server: ResourceServer
    /// How each request's absolute URL is rebuilt.
    public let origin: RequestOrigin
    /// The scopes every request must have been granted.
    public let requiredScopes: [String]

    /// A middleware that accepts requests `server` authenticates with `requiredScopes`.
    public init(_ server: ResourceServer, origin: RequestOrigin, requiring requiredScopes: [String] = []) {
        self.server = server
        self.origin = origin
        self.requiredScopes = requiredScopes
    }

    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let protected = ProtectedRequest(
            method: request.method.rawValue,
            url: origin.url(for: request),
            headerFields: request.headers.map { HeaderField(name: $0.name, value: $0.value) }
        )
        do {
            request.accessPrincipal = try await server.authenticate(protected, requiring: requiredScopes)
        } catch {
            return Response(server.challenge(for: error))
        }
        return try await next.respond(to: request)
    }
}

extension Response {
    /// The HTTP answer of a refusal: its status, `WWW-Authenticate` and `DPoP-Nonce` fields, and body.
    public convenience init(_ challenge: ResourceChallenge) {
        var headers = HTTPHeaders(challenge.headerFields.map { ($0.name, $0.value) })
        if !challenge.body.isEmpty, !headers.contains(name: .contentType) { headers.add(name: .contentType, value: "application/json") }
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        self.init(
            status: HTTPResponseStatus(statusCode: challenge.status),
            headers: headers,
            body: .init(buffer: ByteBuffer(bytes: challenge.body))
        )
    }
}
