// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import Dispatch

/// The user agent for command-line and desktop apps on Linux and macOS (RFC 8252 §7.3): opens the
/// authorization page in the system browser and receives the redirect on a ``LoopbackListener``.
///
/// ```swift
/// let listener = try LoopbackListener(path: "/callback")
/// let url = try URI(parsing: authorizeURL(redirectURI: listener.redirectURI))
/// let session = AuthenticationSession(url: url, callback: listener.callback, userAgent: LoopbackUserAgent(listener: listener))
/// let redirect = try await session.authenticate()
/// ```
///
/// When the authorization URL has a `state` query parameter (RFC 6749 §4.1.1), or the session was told the
/// `state` (``AuthenticationSession/expectedRedirect``: a request object or a pushed request hides it from
/// the URL), only a redirect with that `state` ends the wait; stray and forged requests get an error page
/// (``LoopbackListener`` says what is and is not guaranteed). An OAuth error redirect without any `state` does not end it either: if the wait
/// then times out, or the agent's task is cancelled, it throws
/// ``AuthSessionError/unverifiedErrorResponse(_:)`` with that error instead of `timedOut` or `canceledLogin`
/// (an ``AuthenticationSession`` stopped with `cancel()` still ends with `canceledLogin`, as Apple's does).
///
/// `prefersEphemeralWebBrowserSession` cannot be honoured: the system browser uses the user's own profile
/// and cookies (that is the point of RFC 8252 — the user's existing login is reused). The agent needs no
/// presentation context.
public struct LoopbackUserAgent: UserAgent {
    public let listener: LoopbackListener
    /// How long to wait for the redirect.
    public var timeout: Duration
    /// How long one connection may take, from being accepted, to send its whole request before it is
    /// dropped. Connections are served concurrently, so a slow or silent one never delays another.
    public var clientTimeout: Duration
    /// Opens the page; by default ``SystemBrowser/open(_:)`` (`AUTHFLOW_BROWSER`, then `BROWSER`, then
    /// `xdg-open` on Linux or `open` on macOS).
    public var openBrowser: @Sendable (String) throws(AuthSessionError) -> Void
    /// What happens when `openBrowser` throws: by default the URL is shown on standard error and the wait goes
    /// on (``BrowserFallback/printURL``); ``BrowserFallback/fail`` ends the session with the error instead.
    public var browserUnavailable: BrowserFallback

    public init(
        listener: LoopbackListener, timeout: Duration = .seconds(300), clientTimeout: Duration = .seconds(3),
        browserUnavailable: BrowserFallback = .printURL,
        openBrowser: @escaping @Sendable (String) throws(AuthSessionError) -> Void = SystemBrowser.open
    ) {
        self.listener = listener
        self.timeout = timeout
        self.clientTimeout = clientTimeout
        self.browserUnavailable = browserUnavailable
        self.openBrowser = openBrowser
    }

    public var requiresPresentationContext: Bool { false }

    /// Opens `request.url` and waits for the redirect. When the request's
    /// ``UserAgentRequest/expectedRedirect`` or else the URL has a `state` (RFC 6749 §4.1.1), only a redirect
    /// with that same `state` ends the wait (see ``LoopbackListener``); a stateless error that arrived
    /// meanwhile is what a timeout or a cancellation throws.
    public func present(_ request: UserAgentRequest) async throws(AuthSessionError) -> Redirect {
        let check = RedirectCheck(request: request)
        do throws(AuthSessionError) {
            try openBrowser(request.url.text)
        } catch {
            try browserUnavailable.handle(request.url.text, error)
        }
        let cancelled = Locked(false)
        let listener = listener
        let (timeout, clientTimeout) = (timeout, clientTimeout)
        let result: Result<Redirect, AuthSessionError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // The wait blocks on poll(2) for up to `timeout`, so it runs on a thread of its own: a queue of
                // its own targets Dispatch's overcommitting pool, which adds a thread rather than queue the wait
                // behind other blocked work (the global queue runs at most one thread per core: two waits there
                // starved a third login's answer past a second on 2 cores).
                DispatchQueue(label: "authflow.loopback-wait").async {
                    continuation.resume(
                        returning: listener.waitForRedirect(
                            callback: request.callback, check: check, timeout: timeout, clientTimeout: clientTimeout,
                            isCancelled: { cancelled.withLock { $0 } }))
                }
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
        return try result.get()
    }
}
