// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
import AuthJWT
import AuthPKCE
import AuthSession

extension AuthClient {
    /// Starts a login that the app drives itself: makes the request (PKCE, state, nonce and the options'
    /// parameters), makes it the client's ``pendingLogin`` and the state ``LoginState/loggingIn``, and
    /// returns it. Open ``PendingLogin/url`` in any browser; when the redirect reaches the app, pass it to
    /// `handleAuthenticationResponse(url:pending:)`. A login already waiting is replaced (its browser
    /// session, if the client runs one, is cancelled).
    ///
    /// ```swift
    /// var generator = SystemRandomNumberGenerator()
    /// let pending = try await client.beginLogin(LoginOptions(prompt: [.login]), using: &generator)
    /// try save(JSONEncoder().encode(pending))       // survives a relaunch (it holds secrets: store it safely)
    /// openInBrowser(pending.url)
    /// ```
    public func beginLogin(
        _ options: LoginOptions = .init(), using generator: inout some RandomNumberGenerator
    ) async throws(AuthClientError) -> PendingLogin {
        // Pushed first when the provider requires it or the options ask (RFC 9126), like login(with:).
        let request = try await preparedAuthorizationRequest(options, using: &generator)
        _ = startPendingLogin(request, session: nil)
        return PendingLogin(request: request, clientID: configuration.clientID, startedAt: clock.now().secondsSince1970)
    }

    /// ``beginLogin(_:using:)`` with the system's secure random number generator.
    public func beginLogin(_ options: LoginOptions = .init()) async throws(AuthClientError) -> PendingLogin {
        var generator = SystemRandomNumberGenerator()
        return try await beginLogin(options, using: &generator)
    }

    /// The login waiting for its authorization response, if any: started by ``beginLogin(_:using:)``, or by
    /// ``login(with:options:using:)`` while its browser session runs. Encode it to survive a relaunch.
    public var pendingLogin: PendingLogin? { pendingLogins.pending }

    /// Completes a login with a redirect URL that arrived through the app's URL handler (a universal link,
    /// a custom scheme) — AccountSDKIOSWeb's `handleAuthenticationResponse(url:)`, and what an app does
    /// when `ASWebAuthenticationSession` cannot see a universal link. Checks the response against the
    /// login (callback, `state`, `iss`), exchanges the code, validates the ID token and the step-up asked
    /// for, saves the tokens, cancels the browser session still showing (a ``login(with:options:using:)``
    /// waiting on it returns this same user) and returns the user.
    ///
    /// ```swift
    /// // SwiftUI: .onOpenURL { url in Task { user = try await client.handleAuthenticationResponse(url: URI(parsing: url.absoluteString)) } }
    /// let user = try await client.handleAuthenticationResponse(url: try URI(parsing: "com.example.app:/oauth/callback?code=…&state=…"))
    /// ```
    ///
    /// Which login: `pending` when given (one decoded after a relaunch), else the client's ``pendingLogin``.
    /// A URL that is not this login's — another callback, a missing or different `state` (RFC 6749 §10.12),
    /// an error response whose state cannot be verified — is refused with ``AuthClientError/callback(_:)``
    /// and leaves the login waiting, so a forged link cannot cancel it. Any other outcome ends the login.
    ///
    /// - Throws: ``AuthClientError/noPendingLogin`` when no login waits;
    ///   ``AuthClientError/invalidPendingLogin(_:)`` when `pending` is for another client; and everything
    ///   ``completeLogin(_:redirect:)`` throws.
    public func handleAuthenticationResponse(url: URI, pending: PendingLogin? = nil) async throws(AuthClientError) -> User {
        let redirect = Redirect(callbackURL: url)
        if let pending {
            try checkPendingLogin(pending)
            if pendingLogins.pending?.request.state.value.utf8.elementsEqual(pending.request.state.value.utf8) != true {
                try await checkOwnResponse(pending.request, redirect)
                loginStateBroadcast.loginStarted()
                return try await finishLogin(pending.request, redirect: redirect)
            }
        }
        guard let waiting = pendingLogins.pending else { throw .noPendingLogin }
        try await checkOwnResponse(waiting.request, redirect)
        let complete: @Sendable (PendingLogin) async -> Result<User, AuthClientError> = { [self] pending in
            do throws(AuthClientError) {
                return .success(try await finishLogin(pending.request, redirect: redirect))
            } catch {
                return .failure(error)
            }
        }
        let taken = pendingLogins.takeForHandOff(accepting: { $0.request.state == waiting.request.state }, complete: complete)
        guard let taken else { throw .noPendingLogin }
        taken.session?.cancel()
        return try await taken.task.value.get()
    }

    /// `handleAuthenticationResponse(url:pending:)` for a URL as text.
    public func handleAuthenticationResponse(url: String, pending: PendingLogin? = nil) async throws(AuthClientError) -> User {
        let uri: URI
        do {
            uri = try URI(parsing: url)
        } catch {
            throw .callback(error)
        }
        return try await handleAuthenticationResponse(url: uri, pending: pending)
    }

    /// Forgets the waiting login and closes its browser session, if any (a ``login(with:options:using:)``
    /// waiting on it throws `.session(.canceledLogin)`). Returns the login that was waiting.
    @discardableResult
    public func cancelPendingLogin() -> PendingLogin? {
        guard let (pending, session) = pendingLogins.cancel() else { return nil }
        if let session {
            session.cancel()
        } else {
            loginStateBroadcast.loginEnded(with: nil)
        }
        return pending
    }

    // MARK: Internal

    /// Registers a login as waiting, cancels the one it replaces, and moves the state to `loggingIn`.
    func startPendingLogin(_ request: AuthorizationRequest, session: AuthenticationSession?) -> Int {
        loginStateBroadcast.loginStarted()
        let pending = PendingLogin(request: request, clientID: configuration.clientID, startedAt: clock.now().secondsSince1970)
        let (id, replaced) = pendingLogins.begin(pending, session: session)
        switch replaced {
        case .nothing: break
        case .appDriven: loginStateBroadcast.loginEnded(with: nil)
        case .session(let old): old.cancel()
        }
        return id
    }

    /// Completes a login and ends it in the state stream, with its user or without.
    func finishLogin(_ request: AuthorizationRequest, redirect: Redirect) async throws(AuthClientError) -> User {
        do {
            let user = try await completeLogin(request, redirect: redirect)
            loginStateBroadcast.loginEnded(with: user)
            return user
        } catch {
            loginStateBroadcast.loginEnded(with: nil)
            throw error
        }
    }

    /// A decoded pending login must be for this client: same issuer, client id and redirect URI.
    private func checkPendingLogin(_ pending: PendingLogin) throws(AuthClientError) {
        guard pending.clientID.utf8.elementsEqual(configuration.clientID.utf8) else {
            throw .invalidPendingLogin("it was started by client '\(pending.clientID)', not '\(configuration.clientID)'")
        }
        guard pending.request.expectations.issuer.utf8.elementsEqual(configuration.issuer.utf8) else {
            throw .invalidPendingLogin("it was started at issuer '\(pending.request.expectations.issuer)', not '\(configuration.issuer)'")
        }
        guard pending.request.redirectURI.utf8.elementsEqual(configuration.redirectURI.utf8) else {
            throw .invalidPendingLogin("its redirect URI is not the configuration's")
        }
    }

    /// Refuses, without ending the login, a redirect that is not this login's own answer.
    private func checkOwnResponse(_ request: AuthorizationRequest, _ redirect: Redirect) async throws(AuthClientError) {
        do {
            _ = try await authorizationResponse(for: request, redirect: redirect)
        } catch .invalidAuthorizationResponseJWT(let reason, let cause) {
            // A JARM response that does not verify is not this login's answer: a forged link cannot end it.
            throw .invalidAuthorizationResponseJWT(reason: reason, cause: cause)
        } catch .callback(let error) {
            switch error {
            case .callbackMismatch, .missingState, .stateMismatch, .unverifiedErrorResponse, .repeatedParameter, .invalidScheme,
                .invalidCharacter, .invalidPercentEncoding, .invalidUTF8, .invalidPort, .invalidHost, .responseInFragment:
                throw .callback(error)
            default: return
            }
        } catch {
            // Before a JWT response is verified (its keys fetched, its form checked), nothing shows it is this
            // login's: an encrypted or unverifiable one must not end the login either.
            if request.options.responseMode?.isJWT == true { throw error }
            return
        }
    }
}
