// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials
import AuthJWT
import AuthSession
import Testing

/// An app's login screen as apps write it: a `@MainActor` class with mutable UI state, conforming to the
/// two protocols that Apple isolates to the main actor (`ASWebAuthenticationPresentationContextProviding`,
/// `ASAuthorizationControllerDelegate`) with no `nonisolated`, `assumeIsolated` or `@unchecked` in sight.
/// That this file compiles is half the test.
@MainActor final class LoginScreen: PresentationContextProviding, AppleIDAuthorizationControllerDelegate {
    var windowIsVisible = false
    var anchorRequests = 0
    var outcomes: [Result<String, AuthorizationError>] = []

    func presentationAnchor(for session: any WebAuthenticationSessionProtocol) -> PresentationAnchor? {
        anchorRequests += 1
        return PresentationAnchor(name: "login window", isVisible: windowIsVisible)
    }

    func authorizationController(
        _ controller: AppleIDAuthorizationController, didCompleteWithAuthorization authorization: AppleIDAuthorization
    ) {
        outcomes.append(.success(authorization.credential.user))
    }

    func authorizationController(_ controller: AppleIDAuthorizationController, didCompleteWithError error: AuthorizationError) {
        outcomes.append(.failure(error))
    }
}

@Suite("A @MainActor class conforms to the main-actor protocols")
struct MainActorConformanceTests {
    static let url = try! URI(parsing: "https://server.example.com/authorize?response_type=code&client_id=s6BhdRkqt3&state=xyz")
    static let good = "com.example.app:/cb?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz"

    @Test("the session reads the window's current state on the main actor: hidden fails with 3, shown presents")
    @MainActor func providesAnchor() async throws {
        let screen = LoginScreen()
        let agent = ScriptedUserAgent([.redirect(to: Self.good), .redirect(to: Self.good)], requiresPresentationContext: true)
        let hidden = AuthenticationSession(url: Self.url, callback: try .customScheme("com.example.app"), userAgent: agent)
        hidden.presentationContextProvider = screen
        await #expect(throws: AuthSessionError.webAuthenticationSession(WebAuthenticationSessionError(.presentationContextInvalid))) {
            try await hidden.authenticate()
        }
        screen.windowIsVisible = true
        let shown = AuthenticationSession(url: Self.url, callback: try .customScheme("com.example.app"), userAgent: agent)
        shown.presentationContextProvider = screen
        let redirect = try await shown.authenticate()
        #expect(redirect.callbackURL.text == Self.good)
        #expect(screen.anchorRequests == 2 && agent.log.requests.count == 1 && agent.log.requests.first?.anchor?.name == "login window")
    }

    @Test("the controller's delegate hears the end on the main actor, once")
    @MainActor func hearsResult() async throws {
        let screen = LoginScreen()
        let provider = try AppleIDProvider(clientID: "com.example.app", redirectURI: "https://example.com/apple/callback")
        // The user closes Apple's page: the session ends with canceledLogin, the controller with canceled (1001).
        let controller = AppleIDAuthorizationController(
            authorizationRequests: [provider.createRequest()], provider: provider, userAgent: ScriptedUserAgent([.userCancels]),
            appleKeys: { throw AuthSessionError.timedOut }, now: { NumericDate(secondsSince1970: 0) })
        controller.delegate = screen
        controller.presentationContextProvider = screen
        controller.performRequests()
        for _ in 0..<2000 where screen.outcomes.isEmpty { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(screen.outcomes.count == 1)
        if case .failure(let error)? = screen.outcomes.first { #expect(error.code == .canceled) } else { Issue.record("expected canceled") }
    }
}
