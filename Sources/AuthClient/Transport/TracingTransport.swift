// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An `HTTPTransport` that logs every exchange it passes on — method, URL, status, header fields and
/// bodies — with every secret redacted, as one ``AuthLogRecord`` of event ``AuthLogRecord/Event/http`` at
/// `.debug`: the trace to read when a login fails against a real provider.
///
/// ```swift
/// let logger = AuthLogger(minimumLevel: .debug) { record in print(record) }
/// let transport = TracingTransport(URLSessionTransport(), logger: logger)
/// let client = try await AuthClient.discover(configuration, transport: transport, logger: logger)
/// ```
///
/// The record's metadata: `method`, `url`, `status` (absent when no response arrived; `error` then says
/// why), `request_headers` and `response_headers` (one `Name: value` per line) and `request_body` and
/// `response_body`. What is redacted, in URLs, form bodies and JSON bodies alike, is decided in one place:
/// tokens (access, refresh, ID, logout, subject and actor tokens, `id_token_hint`, `token`), authorization
/// codes, code verifiers, device codes, client secrets and assertions, passwords, PAR `request_uri`s,
/// `state` and `nonce`, a JWK's private members, the `Authorization`, `Proxy-Authorization`, `Cookie`,
/// `Set-Cookie` and `DPoP` header fields, any other JWT-like value, and a URL's fragment. A body that is
/// neither JSON nor a form is shown by its size and type only (an HTML page may echo the request).
///
/// What it does not protect against: a secret the provider sends under a name of its own (say
/// `session_handle`) that does not look like a JWT is shown. Keep traces out of shared logs all the same.
/// When the logger is not enabled at `.debug`, requests pass through untouched and nothing is built.
public struct TracingTransport: HTTPTransport {
    /// The transport that sends the requests.
    public let base: any HTTPTransport
    /// Where the exchanges are logged, at `.debug`.
    public let logger: AuthLogger

    public init(_ base: any HTTPTransport, logger: AuthLogger) {
        self.base = base
        self.logger = logger
    }

    public func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        guard logger.isEnabled(.debug) else { return try await base.send(request) }
        var metadata: [String: AuthLogValue] = [
            "method": .text(request.method.rawValue),
            "url": .text(Redaction.url(request.url)),
            "request_headers": .text(Self.lines(request.headerFields)),
            "request_body": .text(Redaction.body(request.body, contentType: request.header("Content-Type"))),
        ]
        let response: TransportResponse
        do {
            response = try await base.send(request)
        } catch {
            metadata["error"] = .text(error.description)
            logger.log(.debug, .http, "no response", metadata)
            throw error
        }
        metadata["status"] = .number(Int64(response.status))
        metadata["response_headers"] = .text(Self.lines(response.headerFields))
        metadata["response_body"] = .text(Redaction.body(response.body, contentType: response.header("Content-Type")))
        logger.log(.debug, .http, "exchange", metadata)
        return response
    }

    private static func lines(_ fields: [HeaderField]) -> String {
        fields.map { "\($0.name): \(Redaction.header($0))" }.joined(separator: "\n")
    }
}
