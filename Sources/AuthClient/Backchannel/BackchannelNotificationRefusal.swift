// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Why a request to the client notification endpoint was refused (OpenID CIBA Core 1.0 §10.2, §10.3), and the
/// HTTP status to answer it with: carried by `AuthClientError.backchannelNotificationRefused(_:)` (10508).
///
/// ```swift
/// let reply = inbox.receive(authorization: request.header("Authorization"), body: request.body)
/// if case .wrongBearerToken = reply.refusal { log("a notification with another bearer token") }
/// return HTTPResponse(status: reply.status)   // 204, 400 or 401
/// ```
///
/// A refusal names the rule, never the token or the `auth_req_id` it concerns.
public enum BackchannelNotificationRefusal: Error, Hashable, Sendable {
    /// No `Authorization: Bearer …` header (§10.2: the provider MUST send the client notification token). 401.
    case missingBearerToken
    /// The bearer token is no pending request's `client_notification_token` (compared in constant time). 401.
    case wrongBearerToken
    /// The body is not a JSON object with a non-empty string `auth_req_id`; the reason says which. 400.
    case invalidBody(String)
    /// The body's `auth_req_id` is not the pending request the bearer token belongs to (a ping or push for an
    /// unknown, finished or other request). 400.
    case unknownRequest
    /// The body is not what the request's mode delivers: tokens or an error sent to a `ping` request, or a bare
    /// `auth_req_id` to a `push` request (§10.2, §10.3, §12). 400.
    case unexpectedContent(mode: BackchannelTokenDeliveryMode)

    /// The HTTP status the notification endpoint answers with: 401 for the bearer token (RFC 6750 §3.1), 400
    /// for the body.
    public var status: Int {
        switch self {
        case .missingBearerToken, .wrongBearerToken: 401
        case .invalidBody, .unknownRequest, .unexpectedContent: 400
        }
    }
}

extension BackchannelNotificationRefusal: CustomStringConvertible {
    public var description: String {
        switch self {
        case .missingBearerToken: "no bearer token (the client_notification_token, CIBA §10.2)"
        case .wrongBearerToken: "the bearer token is no pending request's client_notification_token (CIBA §10.2)"
        case .invalidBody(let reason): "the body is not a notification (CIBA §10.2, §10.3): \(reason)"
        case .unknownRequest: "the auth_req_id is not the pending request the bearer token belongs to"
        case .unexpectedContent(let mode): "the body is not what a \(mode)-mode request receives (CIBA §10.2, §10.3, §12)"
        }
    }
}
