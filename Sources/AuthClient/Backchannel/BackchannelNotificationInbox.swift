// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials
import AuthDigest
public import AuthHTTP
import AuthJSON
import AuthSession

/// Where the client's notification endpoint hands what the provider POSTs to it in CIBA's ping and push modes
/// (OpenID CIBA Core 1.0 §10.2, §10.3, §12), and where
/// `AuthClient.awaitBackchannelAuthentication(_:inbox:pollsWhileWaiting:onPoll:)` waits for it. It holds the
/// pending requests' `client_notification_token`s and `auth_req_id`s, checks each notification, and tells
/// the endpoint what to answer.
///
/// ```swift
/// let inbox = BackchannelNotificationInbox()
/// // In your HTTP server, at the backchannel_client_notification_endpoint you registered:
/// //   let reply = inbox.receive(authorization: request.header("Authorization"), body: request.body)
/// //   respond(status: reply.status, headers: reply.headerFields)
/// var request = BackchannelAuthenticationRequest(hint: .loginHint("alice@example.com"))
/// request.deliveryMode = .ping
/// let authentication = try await client.requestBackchannelAuthentication(request)
/// inbox.expect(authentication)
/// let user = try await client.awaitBackchannelAuthentication(authentication, inbox: inbox)
/// ```
///
/// Checked, in this order (the first failure is the reply, see `BackchannelNotificationRefusal`):
/// 1. an `Authorization: Bearer` header (scheme case-insensitive) whose token is a pending request's
///    `client_notification_token`, compared in constant time with every pending token (no early exit) — else 401;
/// 2. the body is a JSON object with a non-empty string `auth_req_id`, equal (constant time) to the `auth_req_id`
///    of the request the token belongs to, which has not been notified yet — else 400 (an unknown, finished or
///    other request);
/// 3. the body is what the request's mode receives: only `auth_req_id` in ping mode (§10.2); in push mode a token
///    response (§10.3, RFC 6749 §5.1 members) or an error (§12: `error`, with `auth_req_id`) — else 400.
/// An accepted notification is 204 and reaches the waiting `awaitBackchannelAuthentication` (or waits for it);
/// a second one for the same request is 400. Not checked here: the pushed ID token, which
/// `awaitBackchannelAuthentication` validates (§10.3.1) after the 204 — the provider learns nothing of it; the
/// `Content-Type` (the body is read as JSON whatever it says); where the request came from (the bearer
/// token is the only authentication §10.2 defines: serve the endpoint over https).
public final class BackchannelNotificationInbox: Sendable {
    /// What an accepted notification delivered.
    enum Delivery: Sendable {
        /// A ping (§10.2): make the token request.
        case ping
        /// Pushed tokens (§10.3).
        case tokens(TokenResponse)
        /// A pushed error (§12).
        case error(OAuthErrorResponse)
    }

    private struct Entry {
        let authentication: BackchannelAuthentication
        var notified = false
        var delivery: Delivery?
        var waiter: CheckedContinuation<Delivery?, Never>?
    }

    private let entries = Locked<[Entry]>([])

    public init() {}

    /// Starts accepting notifications for `authentication` (a ping or push request: one with a
    /// `clientNotificationToken`; a poll request is ignored). Call it as soon as the acknowledgement arrives, so
    /// that a quick notification is not refused; calling it again for the same request changes nothing.
    public func expect(_ authentication: BackchannelAuthentication) {
        guard authentication.deliveryMode.notifies, authentication.clientNotificationToken != nil else { return }
        entries.withLock { entries in
            guard !entries.contains(where: { Self.entry($0, isFor: authentication) }) else { return }
            entries.append(Entry(authentication: authentication))
        }
    }

    /// Stops accepting notifications for `authentication` (a later one gets 401): done by
    /// `awaitBackchannelAuthentication` when it returns or throws.
    public func forget(_ authentication: BackchannelAuthentication) {
        let waiter = entries.withLock { entries -> CheckedContinuation<Delivery?, Never>? in
            guard let index = entries.firstIndex(where: { Self.entry($0, isFor: authentication) }) else { return nil }
            return entries.remove(at: index).waiter
        }
        waiter?.resume(returning: nil)
    }

    /// How many requests the inbox accepts notifications for.
    public var pendingCount: Int { entries.withLock { $0.count } }

    /// Checks one request to the notification endpoint — its `Authorization` header and its body — and says
    /// what to answer (the type's documentation lists the checks).
    public func receive(authorization: String?, body: some Sequence<UInt8>) -> BackchannelNotificationReply {
        guard let token = Self.bearerToken(authorization) else { return BackchannelNotificationReply(refusing: .missingBearerToken) }
        let body = Array(body)
        let object: JSONObject
        do {
            guard let parsed = try JSONValue(parsing: body).objectValue else {
                return entries.withLock { Self.refuseBody($0, token: token, reason: "not a JSON object") }
            }
            object = parsed
        } catch {
            return entries.withLock { Self.refuseBody($0, token: token, reason: "not JSON") }
        }
        let named = object["auth_req_id"]?.stringValue
        let (reply, waiter, delivery) = entries.withLock {
            entries -> (BackchannelNotificationReply, CheckedContinuation<Delivery?, Never>?, Delivery?) in
            guard let index = Self.index(of: token, in: entries) else {
                return (BackchannelNotificationReply(refusing: .wrongBearerToken), nil, nil)
            }
            guard let named, !named.isEmpty else {
                return (BackchannelNotificationReply(refusing: .invalidBody("no string auth_req_id")), nil, nil)
            }
            let entry = entries[index]
            guard ConstantTime.isEqual(named.utf8, entry.authentication.authRequestID.utf8), !entry.notified else {
                return (BackchannelNotificationReply(refusing: .unknownRequest), nil, nil)
            }
            let delivery: Delivery
            switch Self.content(of: object, body: body, mode: entry.authentication.deliveryMode) {
            case .success(let read): delivery = read
            case .failure(let refusal): return (BackchannelNotificationReply(refusing: refusal), nil, nil)
            }
            entries[index].notified = true
            if let waiter = entry.waiter {
                entries[index].waiter = nil
                return (.accepted, waiter, delivery)
            }
            entries[index].delivery = delivery
            return (.accepted, nil, nil)
        }
        waiter?.resume(returning: delivery)
        return reply
    }

    /// receive(authorization:body:) for a request in AuthHTTP's types: its `Authorization` header and body,
    /// answered with BackchannelNotificationReply/response.
    public func response(to request: TransportRequest) -> TransportResponse {
        receive(authorization: request.header("Authorization"), body: request.body).response
    }

    /// The delivery for `authentication`, once it arrives; nil when the calling task is cancelled or the request
    /// is forgotten. Taken once.
    func next(for authentication: BackchannelAuthentication) async -> Delivery? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Delivery?, Never>) in
                let ready = entries.withLock { entries -> (Bool, Delivery?) in
                    guard let index = entries.firstIndex(where: { Self.entry($0, isFor: authentication) }) else { return (true, nil) }
                    if let delivery = entries[index].delivery {
                        entries[index].delivery = nil
                        return (true, delivery)
                    }
                    if Task.isCancelled { return (true, nil) }
                    entries[index].waiter?.resume(returning: nil)
                    entries[index].waiter = continuation
                    return (false, nil)
                }
                if ready.0 { continuation.resume(returning: ready.1) }
            }
        } onCancel: {
            let waiter = entries.withLock { entries -> CheckedContinuation<Delivery?, Never>? in
                guard let index = entries.firstIndex(where: { Self.entry($0, isFor: authentication) }) else { return nil }
                defer { entries[index].waiter = nil }
                return entries[index].waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    /// Whether `entry` is `authentication`'s: the same `auth_req_id` and the same notification token, so that
    /// two providers' requests with equal `auth_req_id`s in one inbox stay apart.
    private static func entry(_ entry: Entry, isFor authentication: BackchannelAuthentication) -> Bool {
        entry.authentication.authRequestID == authentication.authRequestID
            && entry.authentication.clientNotificationToken == authentication.clientNotificationToken
    }

    /// The token of `Authorization: Bearer <token>` (RFC 6750 §2.1; the scheme is case-insensitive).
    static func bearerToken(_ authorization: String?) -> String? {
        guard let authorization else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingSpaces
        return token.isEmpty ? nil : token
    }

    /// The pending request whose notification token is `token`: compared with every pending token in
    /// constant time, without stopping at a match.
    private static func index(of token: String, in entries: [Entry]) -> Int? {
        var found: Int?
        for (index, entry) in entries.enumerated() {
            guard let expected = entry.authentication.clientNotificationToken else { continue }
            if ConstantTime.isEqual(token.utf8, expected.utf8), found == nil { found = index }
        }
        return found
    }

    /// A body that is not JSON: 401 when the token is nobody's (the token is checked first), else 400.
    private static func refuseBody(_ entries: [Entry], token: String, reason: String) -> BackchannelNotificationReply {
        index(of: token, in: entries) == nil
            ? BackchannelNotificationReply(refusing: .wrongBearerToken) : BackchannelNotificationReply(refusing: .invalidBody(reason))
    }

    /// What the body delivers for a request in `mode`.
    private static func content(
        of object: JSONObject, body: [UInt8], mode: BackchannelTokenDeliveryMode
    ) -> Result<Delivery, BackchannelNotificationRefusal> {
        let hasTokens = object["access_token"] != nil || object["id_token"] != nil
        let hasError = object["error"] != nil
        if mode == .ping {
            return hasTokens || hasError ? .failure(.unexpectedContent(mode: mode)) : .success(.ping)
        }
        if hasError {
            guard let error = AuthClient.oauthErrorResponse(in: body) else { return .failure(.invalidBody("the error is not a string")) }
            return .success(.error(error))
        }
        guard hasTokens else { return .failure(.unexpectedContent(mode: mode)) }
        do {
            return .success(.tokens(try TokenResponse(json: body)))
        } catch {
            return .failure(.invalidBody("not a token response (RFC 6749 §5.1): \(error)"))
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
