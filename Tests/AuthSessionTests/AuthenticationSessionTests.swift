// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials
import AuthSession
import Foundation
import Testing

/// Collects completions, to check that exactly one arrives.
final class Completions: @unchecked Sendable {
    private var results: [Result<Redirect, AuthSessionError>] = []
    private let lock = NSLock()
    var all: [Result<Redirect, AuthSessionError>] { lock.withLock { results } }
    var handler: AuthenticationSession.Completion { { result in self.lock.withLock { self.results.append(result) } } }

    /// Waits until at least one completion arrived (or about two seconds passed).
    func wait() async {
        for _ in 0..<2000 where all.isEmpty { try? await Task.sleep(nanoseconds: 1_000_000) }
    }
}

/// A window model on the main actor, as a presentation context provider is.
@MainActor final class Screen: PresentationContextProviding {
    let anchor: PresentationAnchor?
    init(_ anchor: PresentationAnchor?) { self.anchor = anchor }
    func presentationAnchor(for session: any WebAuthenticationSessionProtocol) -> PresentationAnchor? { anchor }
}

@Suite("AuthenticationSession")
struct AuthenticationSessionTests {
    static let url = try! URI(parsing: "https://server.example.com/authorize?response_type=code&client_id=s6BhdRkqt3&state=xyz")
    static let callback = try! Callback.customScheme("com.example.app")
    static let good = "com.example.app:/cb?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz"

    static func session(_ agent: some UserAgent, _ completions: Completions) -> AuthenticationSession {
        AuthenticationSession(url: url, callback: callback, userAgent: agent, completionHandler: completions.handler)
    }

    @Test("idle → started → completed, with the redirect and exactly one completion")
    func completes() async throws {
        let completions = Completions()
        let session = Self.session(ScriptedUserAgent.immediate(Self.good), completions)
        #expect(session.state == .idle && session.canStart)
        #expect(session.start())
        #expect(!session.canStart)
        await completions.wait()
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(session.state == .completed)
        #expect(completions.all.count == 1)
        #expect(try completions.all.first?.get().callbackURL.text == Self.good)
    }

    @Test("starts only once: a second start, or a start after completion, returns false")
    func startsOnce() async {
        let completions = Completions()
        let session = Self.session(ScriptedUserAgent([.delay(.milliseconds(20)), .redirect(to: Self.good)]), completions)
        #expect(session.start())
        #expect(!session.start())
        await completions.wait()
        #expect(!session.start())
        #expect(completions.all.count == 1)
    }

    @Test("cancel before completion ends with canceledLogin (1) and stops the user agent")
    func cancelWhileRunning() async throws {
        let completions = Completions()
        let session = Self.session(ScriptedUserAgent([.delay(.seconds(30)), .redirect(to: Self.good)]), completions)
        #expect(session.start())
        session.cancel()
        #expect(session.state == .cancelled)
        #expect(completions.all.map { try? $0.get() }.count == 1)
        guard case .failure(.webAuthenticationSession(let error))? = completions.all.first else {
            Issue.record("expected canceledLogin")
            return
        }
        #expect(error.code == .canceledLogin && error.code.rawValue == 1)
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(completions.all.count == 1)
    }

    @Test("cancel before start completes with canceledLogin and prevents the start; cancel after completion does nothing")
    func cancelBeforeAndAfter() async {
        let before = Completions()
        let idle = Self.session(ScriptedUserAgent.immediate(Self.good), before)
        idle.cancel()
        #expect(!idle.start() && idle.state == .cancelled)
        #expect(before.all.count == 1)
        idle.cancel()
        #expect(before.all.count == 1)

        let after = Completions()
        let done = Self.session(ScriptedUserAgent.immediate(Self.good), after)
        done.start()
        await after.wait()
        try? await Task.sleep(nanoseconds: 10_000_000)
        done.cancel()
        #expect(done.state == .completed && after.all.count == 1)
        #expect((try? after.all.first?.get()) != nil)
    }

    @Test("a user agent that needs a window fails with 2 without a provider and 3 without a visible anchor")
    @MainActor func presentationContext() async {
        let agent = ScriptedUserAgent([.redirect(to: Self.good)], requiresPresentationContext: true)
        let none = Completions()
        let noProvider = Self.session(agent, none)
        #expect(!noProvider.start() && noProvider.state == .failed)
        #expect(none.all.count == 1)
        if case .failure(.webAuthenticationSession(let error))? = none.all.first {
            #expect(error.code == .presentationContextNotProvided)
        } else {
            Issue.record("expected error 2")
        }

        let hidden = Completions()
        let screen = Screen(PresentationAnchor(name: "window", isVisible: false))
        let invalid = Self.session(agent, hidden)
        invalid.presentationContextProvider = screen
        #expect(invalid.start())  // the anchor is asked on the main actor, after start() returned
        await hidden.wait()
        #expect(invalid.state == .failed && hidden.all.count == 1 && agent.log.requests.isEmpty)
        if case .failure(.webAuthenticationSession(let error))? = hidden.all.first {
            #expect(error.code == .presentationContextInvalid)
        } else {
            Issue.record("expected error 3")
        }

        let shown = Completions()
        let visible = Screen(PresentationAnchor(name: "window"))
        let valid = Self.session(agent, shown)
        valid.presentationContextProvider = visible
        #expect(valid.start())
    }

    @Test("passes the ephemeral flag, the headers and the anchor to the user agent")
    @MainActor func request() async throws {
        let agent = ScriptedUserAgent([.redirect(to: Self.good)], requiresPresentationContext: true)
        let session = AuthenticationSession(url: Self.url, callback: Self.callback, userAgent: agent)
        let screen = Screen(PresentationAnchor(name: "main"))
        session.presentationContextProvider = screen
        session.prefersEphemeralWebBrowserSession = true
        session.additionalHeaderFields = ["X-Client": "tests"]
        _ = try await session.authenticate()
        let request = try #require(agent.log.requests.first)
        #expect(request.prefersEphemeralWebBrowserSession && request.additionalHeaderFields == ["X-Client": "tests"])
        #expect(request.anchor?.name == "main" && request.url == Self.url)
    }

    @Test("redirects the callback does not match are ignored, as a browser keeps browsing")
    func nonMatchingRedirects() async throws {
        let agent = ScriptedUserAgent([
            .redirect(to: "https://server.example.com/consent"), .redirect(to: "com.other.app:/cb?code=x"), .redirect(to: Self.good),
        ])
        let redirect = try await AuthenticationSession(url: Self.url, callback: Self.callback, userAgent: agent).authenticate()
        #expect(redirect.callbackURL.text == Self.good)
    }

    @Test("the user closing the page and an agent failure end the session with their errors")
    func failures() async {
        await #expect(throws: AuthSessionError.canceledLogin) {
            try await AuthenticationSession(url: Self.url, callback: Self.callback, userAgent: ScriptedUserAgent.scripted([.userCancels]))
                .authenticate()
        }
        await #expect(throws: AuthSessionError.userAgentFailed("no browser")) {
            try await AuthenticationSession(
                url: Self.url, callback: Self.callback, userAgent: ScriptedUserAgent.scripted([.fail(.userAgentFailed("no browser"))])
            ).authenticate()
        }
        let session = AuthenticationSession(url: Self.url, callback: Self.callback, userAgent: ScriptedUserAgent.immediate(Self.good))
        _ = try? await session.authenticate()
        await #expect(throws: AuthSessionError.alreadyStarted) { try await session.authenticate() }
    }

    @Test("a universal link delivered to the app instead of the session is handled there; the app then cancels")
    func universalLinkThroughTheApp() async throws {
        let received = Completions()
        let appURLs = LockedStrings()
        let link = "https://example.com/auth?code=abc&state=xyz"
        let agent = ScriptedUserAgent([.deliverToApp(link, handler: { appURLs.append($0) })])
        let session = AuthenticationSession(
            url: Self.url, callback: try .https(host: "example.com", path: "/auth"), userAgent: agent,
            completionHandler: received.handler)
        #expect(session.start())
        for _ in 0..<1000 where appURLs.all.isEmpty { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(appURLs.all == [link])
        #expect(session.state == .started && received.all.isEmpty)
        session.cancel()  // what the app does once it has the URL
        #expect(received.all.count == 1 && session.state == .cancelled)
    }

    @Test("cancelling the awaiting task cancels the session")
    func taskCancellation() async {
        let session = AuthenticationSession(url: Self.url, callback: Self.callback, userAgent: ScriptedUserAgent([.delay(.seconds(30))]))
        let task = Task { try await session.authenticate() }
        try? await Task.sleep(nanoseconds: 20_000_000)
        task.cancel()
        await #expect(throws: AuthSessionError.canceledLogin) { try await task.value }
        #expect(session.state == .cancelled)
    }

    @Test("under racing cancel and redirect the completion runs exactly once, 500 times over")
    func races() async {
        for round in 0..<500 {
            let completions = Completions()
            let session = Self.session(ScriptedUserAgent.immediate(Self.good), completions)
            await withTaskGroup(of: Void.self) { group in
                group.addTask { _ = session.start() }
                group.addTask { if round % 3 != 0 { session.cancel() } }
                group.addTask { session.cancel() }
            }
            await completions.wait()
            try? await Task.sleep(nanoseconds: round % 50 == 0 ? 5_000_000 : 0)
            #expect(completions.all.count == 1, "round \(round)")
            #expect([.completed, .cancelled].contains(session.state), "round \(round)")
        }
    }
}

final class LockedStrings: @unchecked Sendable {
    private var values: [String] = []
    private let lock = NSLock()
    var all: [String] { lock.withLock { values } }
    func append(_ value: String) { lock.withLock { values.append(value) } }
}
