// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback

/// What shows the authorization page and brings back the redirect: an in-app browser sheet, the system
/// browser with a loopback listener, or a script in tests. The session owns the rules (start once,
/// cancel, callback matching); a user agent only presents.
///
/// ```swift
/// struct MyAgent: UserAgent {
///     var requiresPresentationContext: Bool { true }
///     func present(_ request: UserAgentRequest) async throws(AuthSessionError) -> Redirect { … }
/// }
/// ```
///
/// Contract: return only a redirect that `request.callback` matches (keep browsing on any other), throw
/// ``AuthSessionError/canceledLogin`` when the user closes the page, and stop promptly when the task is
/// cancelled (the session cancels it on `cancel()`).
public protocol UserAgent: Sendable {
    /// Whether the session must have a valid presentation anchor before presenting (Apple's errors 2 and 3).
    var requiresPresentationContext: Bool { get }
    /// Shows `request.url` and returns the first redirect that matches `request.callback`.
    func present(_ request: UserAgentRequest) async throws(AuthSessionError) -> Redirect
}

/// What a session asks its user agent to do.
public struct UserAgentRequest: Sendable {
    /// The authorization URL to open.
    public let url: URI
    /// Which redirect completes the session.
    public let callback: Callback
    /// Whether to avoid sharing cookies and other browsing data with the user's normal browser session.
    public let prefersEphemeralWebBrowserSession: Bool
    /// Extra HTTP headers for the first request (Apple's `additionalHeaderFields`, iOS 17.4+), if the agent can send them.
    public let additionalHeaderFields: [String: String]
    /// The anchor to present over, when the agent requires one.
    public let anchor: PresentationAnchor?
    /// The `state` (and response form) the completing redirect carries, when the app knows it apart from
    /// ``url`` — a request object or a pushed request hides it from the URL. Nil: agents read ``url``.
    public let expectedRedirect: ExpectedRedirect?

    public init(
        url: URI, callback: Callback, prefersEphemeralWebBrowserSession: Bool = false, additionalHeaderFields: [String: String] = [:],
        anchor: PresentationAnchor? = nil, expectedRedirect: ExpectedRedirect? = nil
    ) {
        self.url = url
        self.callback = callback
        self.prefersEphemeralWebBrowserSession = prefersEphemeralWebBrowserSession
        self.additionalHeaderFields = additionalHeaderFields
        self.anchor = anchor
        self.expectedRedirect = expectedRedirect
    }
}
