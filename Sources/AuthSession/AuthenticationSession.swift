// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
import AuthCredentials

/// The web authentication session: Apple's `ASWebAuthenticationSession`, portable, with a pluggable
/// ``UserAgent`` and an explicit state machine.
///
/// ```swift
/// let session = AuthenticationSession(url: authorizationURL, callback: try .customScheme("com.example.app"),
///                                     userAgent: agent) { result in
///     switch result {
///     case .success(let redirect): handle(redirect.callbackURL)
///     case .failure(.webAuthenticationSession(let error)) where error.code == .canceledLogin: break
///     case .failure(let error): show(error)
///     }
/// }
/// session.presentationContextProvider = screen
/// session.prefersEphemeralWebBrowserSession = true
/// session.start()
/// ```
///
/// States: `idle → started → completed | cancelled | failed`. Rules, as Apple's session keeps them:
/// - ``start()`` works once, from `idle`; after a start, a cancel or a completion it returns false;
/// - a user agent that needs a window and has no provider fails with `presentationContextNotProvided` (2):
///   `start()` returns false and the completion receives the error; the provider is isolated to the main
///   actor, so its anchor is asked there after `start()` returns, and one that gives no visible anchor fails
///   the started session with `presentationContextInvalid` (3) before the user agent shows anything;
/// - ``cancel()`` before completion completes with `canceledLogin` (1) and stops the user agent; after
///   completion it does nothing; before start it completes with `canceledLogin` and prevents the start;
/// - the completion runs **exactly once**, whichever of redirect, failure and cancel comes first, from any
///   thread; it is called without any lock held.
public final class AuthenticationSession: WebAuthenticationSessionProtocol, @unchecked Sendable {
    /// Where the session is in its life.
    public enum State: Hashable, Sendable {
        case idle, started, completed, cancelled, failed
    }

    /// The completion: the redirect, or why there is none.
    public typealias Completion = @Sendable (Result<Redirect, AuthSessionError>) -> Void

    private struct Inner {
        var state: State = .idle
        var completion: Completion?
        var task: Task<Void, Never>?
        var prefersEphemeral = false
        var headers: [String: String] = [:]
        var expectedRedirect: ExpectedRedirect?
        weak var provider: (any PresentationContextProviding)?
    }

    /// The authorization URL.
    public let url: URI
    /// Which redirect completes the session.
    public let callback: Callback
    /// What presents the page.
    public let userAgent: any UserAgent
    private let inner: Locked<Inner>

    /// Creates a session; nothing happens until ``start()`` (or ``authenticate()``).
    public init(url: URI, callback: Callback, userAgent: any UserAgent, completionHandler: Completion? = nil) {
        self.url = url
        self.callback = callback
        self.userAgent = userAgent
        inner = Locked(Inner(completion: completionHandler))
    }

    /// The current state.
    public var state: State { inner.withLock { $0.state } }

    /// Asks the user agent not to share cookies or browsing data with the user's normal browser (Apple's
    /// `prefersEphemeralWebBrowserSession`): no "wants to use … to sign in" prompt, no single sign-on from
    /// an existing browser login, nothing left behind. Set it before starting.
    public var prefersEphemeralWebBrowserSession: Bool {
        get { inner.withLock { $0.prefersEphemeral } }
        set { inner.withLock { $0.prefersEphemeral = newValue } }
    }

    /// Extra headers for the first request to the authorization URL, for agents that can send them.
    public var additionalHeaderFields: [String: String] {
        get { inner.withLock { $0.headers } }
        set { inner.withLock { $0.headers = newValue } }
    }

    /// The `state` (and response form) of the redirect that completes this session, for a user agent that
    /// must tell it from stray requests (``LoopbackUserAgent``) when the URL does not show it: a request object
    /// (RFC 9101) or a pushed request (RFC 9126) hides `state` from the URL. Nil by default: the agent reads the
    /// URL. Set it before starting; `AuthClient`'s logins set it.
    public var expectedRedirect: ExpectedRedirect? {
        get { inner.withLock { $0.expectedRedirect } }
        set { inner.withLock { $0.expectedRedirect = newValue } }
    }

    /// Provides the window to present over; held weakly, as Apple's session does.
    public var presentationContextProvider: (any PresentationContextProviding)? {
        get { inner.withLock { $0.provider } }
        set { inner.withLock { $0.provider = newValue } }
    }

    public var canStart: Bool { inner.withLock { $0.state == .idle } }

    @discardableResult
    public func start() -> Bool {
        enum Decision {
            case run(UserAgentRequest, (any PresentationContextProviding)?)
            case fail(AuthSessionError)
            case refuse
        }
        let decision: Decision = inner.withLock { inner in
            guard inner.state == .idle else { return .refuse }
            if userAgent.requiresPresentationContext, inner.provider == nil {
                inner.state = .failed
                return .fail(.webAuthenticationSession(WebAuthenticationSessionError(.presentationContextNotProvided)))
            }
            inner.state = .started
            return .run(
                UserAgentRequest(
                    url: url, callback: callback, prefersEphemeralWebBrowserSession: inner.prefersEphemeral,
                    additionalHeaderFields: inner.headers, expectedRedirect: inner.expectedRedirect), inner.provider)
        }
        switch decision {
        case .refuse:
            return false
        case .fail(let error):
            takeCompletion()?(.failure(error))
            return false
        case .run(let request, let provider):
            let agent = userAgent
            // The task holds the session until the user agent returns, so the completion runs even if the
            // caller drops its reference (Apple requires the caller to keep it; this is kinder).
            let task = Task { [self] in
                let result: Result<Redirect, AuthSessionError>
                do throws(AuthSessionError) {
                    result = .success(try await agent.present(anchored(request, by: provider)))
                } catch {
                    result = .failure(error)
                }
                finish(result)
            }
            inner.withLock { $0.task = task }
            return true
        }
    }

    /// The request with the provider's anchor, asked on the main actor (the provider is isolated to it, as
    /// Apple's is); `presentationContextInvalid` (3) when the agent needs a window and there is no visible one.
    private func anchored(_ request: UserAgentRequest, by provider: (any PresentationContextProviding)?) async throws(AuthSessionError)
        -> UserAgentRequest
    {
        guard let provider else { return request }
        let anchor = await provider.presentationAnchor(for: self)
        if userAgent.requiresPresentationContext, anchor?.isVisible != true {
            throw .webAuthenticationSession(WebAuthenticationSessionError(.presentationContextInvalid))
        }
        if Task.isCancelled { throw .canceledLogin }  // cancelled while the anchor was asked for: show nothing
        return UserAgentRequest(
            url: request.url, callback: request.callback,
            prefersEphemeralWebBrowserSession: request.prefersEphemeralWebBrowserSession,
            additionalHeaderFields: request.additionalHeaderFields, anchor: anchor, expectedRedirect: request.expectedRedirect)
    }

    public func cancel() {
        let (completion, task): (Completion?, Task<Void, Never>?) = inner.withLock { inner in
            switch inner.state {
            case .idle:
                inner.state = .cancelled
                defer { inner.completion = nil }
                return (inner.completion, nil)
            case .started:
                inner.state = .cancelled
                defer { inner.completion = nil }
                return (inner.completion, inner.task)
            case .completed, .cancelled, .failed:
                return (nil, nil)
            }
        }
        task?.cancel()
        completion?(.failure(.canceledLogin))
    }

    /// The user agent finished: completes unless a cancel came first. A redirect the callback does not match
    /// is a user agent bug and fails the session rather than being delivered.
    private func finish(_ result: Result<Redirect, AuthSessionError>) {
        var result = result
        if case .success(let redirect) = result, !callback.matches(redirect.callbackURL) {
            result = .failure(.userAgentFailed("the user agent returned a redirect the callback does not match"))
        }
        let completion: Completion? = inner.withLock { inner in
            guard inner.state == .started else { return nil }
            switch result {
            case .success: inner.state = .completed
            case .failure(let error): inner.state = error == .canceledLogin ? .cancelled : .failed
            }
            defer { inner.completion = nil }
            return inner.completion
        }
        completion?(result)
    }

    /// Chains `resume` after the completion, while the session is idle; otherwise returns why it cannot.
    func installContinuation(_ resume: @escaping Completion) -> AuthSessionError? {
        inner.withLock { inner in
            switch inner.state {
            case .idle:
                let original = inner.completion
                inner.completion = { result in
                    original?(result)
                    resume(result)
                }
                return nil
            case .cancelled: return .canceledLogin
            case .started, .completed, .failed: return .alreadyStarted
            }
        }
    }

    private func takeCompletion() -> Completion? {
        inner.withLock { inner in
            defer { inner.completion = nil }
            return inner.completion
        }
    }
}
