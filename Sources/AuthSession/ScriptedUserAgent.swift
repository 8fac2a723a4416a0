// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback

/// A user agent that follows a script instead of showing a page: for tests, previews and the demo.
///
/// ```swift
/// let agent = ScriptedUserAgent([
///     .delay(.milliseconds(20)),
///     .redirect(to: "com.example.app:/cb?code=abc&state=xyz"),
/// ])
/// let session = AuthenticationSession(url: url, callback: try .customScheme("com.example.app"), userAgent: agent)
/// let redirect = try await session.authenticate()
/// agent.log.requests.first?.prefersEphemeralWebBrowserSession   // what the session asked for
/// ```
///
/// Steps run in order. A redirect the callback does not match is ignored and the script goes on, as a
/// browser keeps browsing. When the script ends without completing, the agent waits, like a page left
/// open, until the session is cancelled.
public struct ScriptedUserAgent: UserAgent {
    /// One thing that happens in the browser.
    public enum Step: Sendable {
        /// The server sends the browser to this URI (the approval, or an error response, or any navigation).
        case redirect(to: String)
        /// The server makes the browser POST this form body to the URI (`response_mode=form_post`).
        case formPost(to: String, body: [UInt8])
        /// The user closes the page: the session ends with `canceledLogin`.
        case userCancels
        /// Time passes on the agent's clock.
        case delay(Duration)
        /// The agent fails.
        case fail(AuthSessionError)
        /// The system opens this URI in the app instead of handing it to the session — a universal link
        /// caught by the app's URL handler, as happens with https callbacks on older systems. The session
        /// stays open; the app must `cancel()` it after handling the URI.
        case deliverToApp(String, handler: @Sendable (String) -> Void)
    }

    /// What the agent was asked, for tests to inspect.
    public final class Log: Sendable {
        private let storage = Locked<[UserAgentRequest]>([])
        public init() {}
        /// Every request presented, in order.
        public var requests: [UserAgentRequest] { storage.withLock { $0 } }
        func append(_ request: UserAgentRequest) { storage.withLock { $0.append(request) } }
    }

    public let steps: [Step]
    public let requiresPresentationContext: Bool
    public let log: Log
    private let clock: any Clock<Duration>

    /// A scripted agent; `clock` times the delays (a test clock makes them instant).
    public init(
        _ steps: [Step], requiresPresentationContext: Bool = false, clock: any Clock<Duration> = ContinuousClock(), log: Log = Log()
    ) {
        self.steps = steps
        self.requiresPresentationContext = requiresPresentationContext
        self.clock = clock
        self.log = log
    }

    public func present(_ request: UserAgentRequest) async throws(AuthSessionError) -> Redirect {
        log.append(request)
        for step in steps {
            if Task.isCancelled { throw .canceledLogin }
            switch step {
            case .redirect(let text), .formPost(let text, _):
                let uri: URI
                do { uri = try URI(parsing: text) } catch { throw .invalidRedirect(error) }
                guard request.callback.matches(uri) else { continue }
                if case .formPost(_, let body) = step { return Redirect(callbackURL: uri, formBody: body) }
                return Redirect(callbackURL: uri)
            case .userCancels:
                throw .canceledLogin
            case .delay(let duration):
                do { try await clock.sleep(for: duration) } catch { throw .canceledLogin }
            case .fail(let error):
                throw error
            case .deliverToApp(let text, let handler):
                handler(text)
            }
        }
        // The page stays open until the session is cancelled.
        while !Task.isCancelled {
            do { try await Task.sleep(nanoseconds: 1_000_000_000) } catch { break }
        }
        throw .canceledLogin
    }
}

extension UserAgent where Self == ScriptedUserAgent {
    /// A user agent that follows `steps`.
    public static func scripted(_ steps: [ScriptedUserAgent.Step], requiresPresentationContext: Bool = false) -> ScriptedUserAgent {
        ScriptedUserAgent(steps, requiresPresentationContext: requiresPresentationContext)
    }

    /// A user agent that redirects to `redirect` at once, as if the user approved instantly.
    public static func immediate(_ redirect: String) -> ScriptedUserAgent {
        ScriptedUserAgent([.redirect(to: redirect)])
    }
}
