// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// What the app knows of the redirect that completes its login: the `state` it sent and whether the
/// response comes as a signed JWT (JARM) — for when the authorization URL does not show them.
///
/// A request object (RFC 9101 §5.1) carries `state` and `response_mode` inside a JWT, and a pushed request
/// (RFC 9126 §4) leaves only `client_id` and `request_uri` in the URL, so a ``LoopbackUserAgent`` reading the
/// URL alone would find no `state` and accept any request on its callback path. Set it on the session
/// (``AuthenticationSession/expectedRedirect``); `AuthClient` does so for every login it runs
/// (`AuthorizationRequest.expectedRedirect`).
///
/// ```swift
/// let session = AuthenticationSession(url: pushedURL, callback: listener.callback, userAgent: agent)
/// session.expectedRedirect = ExpectedRedirect(state: "af0ifjsldkj")
/// let redirect = try await session.authenticate()   // only a redirect with state=af0ifjsldkj ends the wait
/// ```
///
/// Checked by the loopback listener (RFC 6749 §10.12, RFC 8252 §8.9): a redirect ends the wait only with
/// exactly this `state`, compared in constant time; with ``isResponseJWT``, a lone `response` JWT whose `state`
/// claim is this one (its signature is the client's to check). Not used by agents that receive the redirect
/// from the system (Apple's `ASWebAuthenticationSession`): the system delivers only the matching callback, and
/// the client checks `state` there. An empty `state` checks nothing: the agent falls back to the URL.
public struct ExpectedRedirect: Hashable, Sendable {
    /// The `state` sent in the authorization request (RFC 6749 §4.1.1).
    public var state: String
    /// Whether the response is a JWT (JARM: `response_mode=jwt` or a `….jwt` mode).
    public var isResponseJWT: Bool

    /// The redirect carrying `state`, as a JWT when `isResponseJWT`.
    public init(state: String, isResponseJWT: Bool = false) {
        self.state = state
        self.isResponseJWT = isResponseJWT
    }
}
