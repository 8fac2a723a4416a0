// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthHTTP

/// What the client notification endpoint answers the provider (OpenID CIBA Core 1.0 §10.2, §10.3): the status,
/// the headers, and why a notification was refused. Transport-neutral: write it with your server's types.
///
/// ```swift
/// let reply = inbox.receive(authorization: request.header("Authorization"), body: request.body)
/// var response = HTTPResponse(status: .init(code: reply.status))
/// for field in reply.headerFields { response.headerFields.append(.init(name: field.name, value: field.value)) }
/// ```
///
/// 204 No Content for an accepted notification (§10.2: "SHOULD respond with an HTTP 204"), 401 with
/// `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750 §3.1) for a missing or wrong bearer token, 400
/// for a body that is not a notification of the pending request. Never a 3xx (§10.2).
public struct BackchannelNotificationReply: Hashable, Sendable {
    /// 204, 400 or 401.
    public let status: Int
    /// `WWW-Authenticate` on a 401; none otherwise.
    public let headerFields: [HeaderField]
    /// Why the notification was refused; nil when it was accepted (204).
    public let refusal: BackchannelNotificationRefusal?

    /// An accepted notification: 204.
    public static let accepted = BackchannelNotificationReply(status: 204, headerFields: [], refusal: nil)

    /// A refusal's reply: its status, and the bearer challenge on a 401.
    public init(refusing refusal: BackchannelNotificationRefusal) {
        self.init(
            status: refusal.status,
            headerFields: refusal.status == 401
                ? [
                    HeaderField(
                        name: "WWW-Authenticate", value: refusal == .missingBearerToken ? "Bearer" : "Bearer error=\"invalid_token\"")
                ]
                : [],
            refusal: refusal)
    }

    private init(status: Int, headerFields: [HeaderField], refusal: BackchannelNotificationRefusal?) {
        self.status = status
        self.headerFields = headerFields
        self.refusal = refusal
    }

    /// The reply as a `TransportResponse` (for a server or a test double built on AuthHTTP's types).
    public var response: TransportResponse { TransportResponse(status: status, headerFields: headerFields) }

    /// The refusal as the client's typed error (`backchannelNotificationRefused`, 10508), for logs; nil when accepted.
    public var error: AuthClientError? { refusal.map { .backchannelNotificationRefused($0) } }
}
