// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// Where `ASPresentationAnchor` exists: a window (UIKit's or AppKit's), so not on watchOS, and not on tvOS,
// where the presentation-context provider is unavailable. `!os(watchOS)` is what excludes a watchOS build;
// requiring UIKit or AppKit states what the anchor is made of (and keeps the Linux stub's watchOS flavour out).
#if canImport(AuthenticationServices) && canImport(ObjectiveC) && (canImport(UIKit) || canImport(AppKit)) && !os(tvOS) && !os(watchOS)
    import AuthCallback
    import AuthCredentials
    public import AuthenticationServices
    import Foundation

    /// A user agent over Apple's own `ASWebAuthenticationSession`, for apps on iOS, iPadOS, Mac Catalyst,
    /// macOS and visionOS: AuthFlow's session rules and callback matching, Apple's browser sheet (with its
    /// single sign-on and the system's ephemeral mode). Not on watchOS or tvOS, where Apple's session has no
    /// presentation anchor. Kept thin on purpose.
    ///
    /// ```swift
    /// let agent = AppleWebAuthenticationUserAgent(anchorProvider: { view.window! })
    /// let session = AuthenticationSession(url: url, callback: try .customScheme("com.example.app"), userAgent: agent)
    /// session.presentationContextProvider = screen
    /// ```
    ///
    /// Callbacks: a custom scheme on every system; an https callback (`Callback.https(host:path:)`) and
    /// ``UserAgentRequest/additionalHeaderFields`` from iOS 17.4 / macOS 14.4 / visionOS 1.1, through Apple's
    /// `ASWebAuthenticationSession.Callback`. Below those systems an https callback or header fields fail with
    /// ``AuthSessionError/userAgentFailed(_:)`` before anything is shown, as does a loopback callback on every
    /// system (Apple's session cannot match one: use ``LoopbackUserAgent``).
    ///
    /// Security and concurrency: the system session does the matching and shows the page; AuthFlow's session
    /// then checks the redirect against the callback again. Apple may call the completion on any queue: it
    /// resumes the waiting task exactly once (a `start()` that fails after reporting through the completion
    /// does not resume it again) and hops to the main actor to let the sheet go. Cancelling the task that
    /// awaits ``present(_:)`` cancels the sheet on the main actor.
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public struct AppleWebAuthenticationUserAgent: UserAgent {
        /// Returns the window to present over (Apple's `ASPresentationAnchor`), on the main actor.
        public let anchorProvider: @MainActor @Sendable () -> ASPresentationAnchor

        public init(anchorProvider: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
            self.anchorProvider = anchorProvider
        }

        public var requiresPresentationContext: Bool { true }

        public func present(_ request: UserAgentRequest) async throws(AuthSessionError) -> Redirect {
            guard let url = URL(string: request.url.text) else { throw .invalidAuthorizationURL("Foundation cannot read it as a URL") }
            let plan: AppleSessionPlan
            if #available(iOS 17.4, macOS 14.4, visionOS 1.1, *) {
                plan = try AppleSessionPlan(request, callbackAPI: true)
            } else {
                plan = try AppleSessionPlan(request, callbackAPI: false)
            }
            let sheet = Sheet()
            let anchorProvider = anchorProvider
            let ephemeral = request.prefersEphemeralWebBrowserSession
            let result: Result<URL, any Error> = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let resume = ResumeOnce(continuation)
                    Task { @MainActor in
                        sheet.start(url: url, plan: plan, ephemeral: ephemeral, anchor: anchorProvider(), resume: resume)
                    }
                }
            } onCancel: {
                Task { @MainActor in sheet.cancel() }
            }
            switch result {
            case .success(let callbackURL):
                do { return Redirect(callbackURL: try URI(parsing: callbackURL.absoluteString)) } catch { throw .invalidRedirect(error) }
            case .failure(let error as AuthSessionError):
                throw error
            case .failure(let error as ASWebAuthenticationSessionError):
                guard let code = WebAuthenticationSessionError.Code(rawValue: error.code.rawValue) else {
                    throw .userAgentFailed("ASWebAuthenticationSession error \(error.code.rawValue)")
                }
                throw .webAuthenticationSession(WebAuthenticationSessionError(code))
            case .failure(let error):
                throw .userAgentFailed("\(error)")
            }
        }

        /// Resumes the waiting task with the first result only, from any thread.
        private final class ResumeOnce: Sendable {
            private let continuation: Locked<CheckedContinuation<Result<URL, any Error>, Never>?>
            init(_ continuation: CheckedContinuation<Result<URL, any Error>, Never>) { self.continuation = Locked(continuation) }
            func callAsFunction(_ result: Result<URL, any Error>) {
                let taken = continuation.withLock { continuation in
                    defer { continuation = nil }
                    return continuation
                }
                taken?.resume(returning: result)
            }
        }

        /// The system session and its presentation context, on the main actor from start to end. Keeps both
        /// alive until the completion (the session holds its provider weakly), and remembers a cancel that
        /// comes before the start.
        @MainActor private final class Sheet {
            private var session: ASWebAuthenticationSession?
            private var bridge: Bridge?
            private var cancelled = false

            nonisolated init() {}

            func start(url: URL, plan: AppleSessionPlan, ephemeral: Bool, anchor: ASPresentationAnchor, resume: ResumeOnce) {
                guard !cancelled else { return resume(.failure(ASWebAuthenticationSessionError(.canceledLogin))) }
                // @Sendable, so not isolated to the main actor: Apple may call it on another queue.
                let completion: @Sendable (URL?, (any Error)?) -> Void = { callbackURL, error in
                    resume(callbackURL.map { .success($0) } ?? .failure(error ?? ASWebAuthenticationSessionError(.canceledLogin)))
                    Task { @MainActor in self.end() }
                }
                let session: ASWebAuthenticationSession
                if #available(iOS 17.4, macOS 14.4, visionOS 1.1, *) {
                    let callback: ASWebAuthenticationSession.Callback =
                        switch plan.callback {
                        case .customScheme(let scheme): .customScheme(scheme)
                        case .https(let host, let path): .https(host: host, path: path)
                        }
                    session = ASWebAuthenticationSession(url: url, callback: callback, completionHandler: completion)
                    if !plan.additionalHeaderFields.isEmpty { session.additionalHeaderFields = plan.additionalHeaderFields }
                } else {
                    guard case .customScheme(let scheme) = plan.callback else {  // the plan admits only custom schemes here
                        return resume(.failure(AuthSessionError.userAgentFailed("an https callback needs iOS 17.4 or macOS 14.4")))
                    }
                    session = ASWebAuthenticationSession(url: url, callbackURLScheme: scheme, completionHandler: completion)
                }
                let bridge = Bridge(anchor: anchor)
                session.presentationContextProvider = bridge
                session.prefersEphemeralWebBrowserSession = ephemeral
                self.session = session
                self.bridge = bridge
                if !session.start() {
                    // Ignored when the session already reported through the completion.
                    resume(.failure(ASWebAuthenticationSessionError(.presentationContextInvalid)))
                    end()
                }
            }

            func cancel() {
                cancelled = true
                session?.cancel()  // the completion then reports canceledLogin
            }

            private func end() {
                session = nil
                bridge = nil
            }
        }

        private final class Bridge: NSObject, ASWebAuthenticationPresentationContextProviding {
            let anchor: ASPresentationAnchor
            init(anchor: ASPresentationAnchor) { self.anchor = anchor }
            func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor { anchor }
        }
    }
#endif
