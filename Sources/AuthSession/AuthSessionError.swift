// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
public import AuthCredentials

/// Why a web authentication session or the Sign in with Apple controller ended without a result.
///
/// Each case has a stable numeric ``code`` (9001 and up). The session's own ends carry Apple's
/// `WebAuthenticationSessionError` (canceled login 1, no presentation context 2, invalid context 3).
public enum AuthSessionError: Error, Hashable, Sendable {
    /// One of Apple's session errors: the user or the app cancelled, or the presentation context is missing or invalid.
    case webAuthenticationSession(WebAuthenticationSessionError)
    /// `start()` was called on a session that was already started, completed or cancelled.
    case alreadyStarted
    /// The authorization URL is not an absolute http(s) URL.
    case invalidAuthorizationURL(String)
    /// The user agent could not show the page (the browser could not be launched, …).
    case userAgentFailed(String)
    /// No matching redirect arrived in time.
    case timedOut
    /// The loopback listener could not be set up or failed: the operation and the system error number.
    case socketFailure(operation: String, errno: Int32)
    /// The redirect did not parse as a URI.
    case invalidRedirect(AuthCallbackError)
    /// The wait ended (timed out or cancelled) without this session's redirect, and meanwhile an OAuth error
    /// response without any `state` arrived on the callback path. Some providers send their denial that way
    /// (against RFC 6749 §4.1.2.1); so can any local process or a web page that guesses the loopback port. So
    /// it did not end the wait, and nothing in it is verified: not the code, not the description.
    case unverifiedErrorResponse(OAuthErrorResponse)

    /// A stable number for the case: 9001 and up.
    public var code: Int {
        switch self {
        case .webAuthenticationSession: 9001
        case .alreadyStarted: 9002
        case .invalidAuthorizationURL: 9003
        case .userAgentFailed: 9004
        case .timedOut: 9005
        case .socketFailure: 9006
        case .invalidRedirect: 9007
        case .unverifiedErrorResponse: 9008
        }
    }

    /// The user or the app cancelled (Apple's `canceledLogin`).
    public static let canceledLogin = AuthSessionError.webAuthenticationSession(WebAuthenticationSessionError(.canceledLogin))
}

extension AuthSessionError: CustomStringConvertible {
    public var description: String {
        let reason =
            switch self {
            case .webAuthenticationSession(let error): "\(error)"
            case .alreadyStarted: "the session was already started, completed or cancelled; a session runs once"
            case .invalidAuthorizationURL(let reason): "invalid authorization URL: \(reason)"
            case .userAgentFailed(let reason): "the user agent failed: \(reason)"
            case .timedOut: "no matching redirect arrived in time"
            case .socketFailure(let operation, let errno): "loopback listener: \(operation) failed (errno \(errno))"
            case .invalidRedirect(let error): "the redirect is not a valid URI: \(error)"
            case .unverifiedErrorResponse(let response):
                "no redirect of this session arrived; an error response without state did (unverified: it may not come from "
                    + "the provider): \(response)"
            }
        return "AuthSessionError \(code): \(reason)"
    }
}
