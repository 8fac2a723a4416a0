// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthResourceServer
import Foundation
public import MCP

extension MCPResourceGuard {
    /// The header field that names a forwarded request's entry in the registry of principals; removed from
    /// every incoming request, so a client cannot name another request's entry.
    static let principalField = "AuthFlow-Principal-Reference"

    /// The principal of the request whose MCP handler is running (the SDK's
    /// `Server.currentHandlerContext`), when the request came through `handle(_:forwardingTo:)` or
    /// `forward(_:as:to:)`; `nil` elsewhere.
    ///
    /// ```swift
    /// await server.withMethodHandler(CallTool.self) { _ in
    ///     let subject = await MCPResourceGuard.currentPrincipal?.subject ?? "nobody"
    ///     return .init(content: [.text(subject)])
    /// }
    /// ```
    public static var currentPrincipal: AccessPrincipal? {
        get async {
            guard let reference = Server.currentHandlerContext?.httpContext?.header(principalField) else { return nil }
            return await PrincipalRegistry.shared.principal(for: reference)
        }
    }

    /// Forwards `request`, already authenticated as `principal` (say by `AuthFlowHummingbird`'s
    /// middleware), to `respond`, with the principal visible to handlers through `currentPrincipal` until
    /// the response — a streamed one included — is complete.
    public static func forward(
        _ request: HTTPRequest, as principal: AccessPrincipal, to respond: @Sendable (HTTPRequest) async -> HTTPResponse
    ) async -> HTTPResponse {
        let registry = PrincipalRegistry.shared
        let reference = await registry.register(principal)
        var headers = request.headers.filter { $0.key.lowercased() != principalField.lowercased() }
        headers[principalField] = reference
        let response = await respond(HTTPRequest(method: request.method, headers: headers, body: request.body, path: request.path))
        guard case .stream(let stream, let streamHeaders) = response else {
            await registry.remove(reference)
            return response
        }
        let relayed = AsyncThrowingStream<Data, any Error> { continuation in
            let relay = Task {
                do {
                    for try await chunk in stream { continuation.yield(chunk) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
                await registry.remove(reference)
            }
            continuation.onTermination = { _ in relay.cancel() }
        }
        return .stream(relayed, headers: streamHeaders)
    }
}
