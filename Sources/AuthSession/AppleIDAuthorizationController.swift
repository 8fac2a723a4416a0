// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
public import AuthCredentials
public import AuthJWT

/// Runs Sign in with Apple over the web flow, like Apple's `ASAuthorizationController` (named so that it
/// does not clash with SwiftUI's `AuthorizationController` in an app that imports both): Apple's authorize
/// page in a ``UserAgent``, the `form_post` response checked, the identity token validated, and an
/// `AppleIDCredential` — or an `AuthorizationError` with Apple's codes — for the delegate.
///
/// ```swift
/// let controller = AppleIDAuthorizationController(authorizationRequests: [request], provider: provider,
///                                                 userAgent: agent, appleKeys: { try await fetchAppleJWKS() })
/// controller.delegate = self
/// controller.presentationContextProvider = self
/// controller.performRequests()
/// ```
///
/// Checked, in order: the session ends with a redirect to the provider's redirect URI (the user closing the
/// page is `canceled`, 1001); the response's `state` equals the request's and no parameter repeats (else
/// `invalidResponse`, 1002); an OAuth error from Apple is `canceled` for `user_cancelled_authorize` and
/// `failed` (1004) otherwise; the identity token's signature (RS256, against the keys `appleKeys`
/// returns), issuer `https://appleid.apple.com`, audience the client id, expiry and the request's nonce
/// (else `invalidResponse`); the unsigned `user` JSON's email agrees with the signed one. A failure to get
/// Apple's keys is `failed`. Only the first request is performed; with none, the error is `notHandled` (1003).
public final class AppleIDAuthorizationController: @unchecked Sendable {
    public let authorizationRequests: [AppleIDRequest]
    public let provider: AppleIDProvider
    public let userAgent: any UserAgent
    private let appleKeys: @Sendable () async throws -> JWKSet
    private let now: @Sendable () -> NumericDate
    private struct Inner {
        weak var delegate: (any AppleIDAuthorizationControllerDelegate)?
        weak var presentationContextProvider: (any PresentationContextProviding)?
        var session: AuthenticationSession?
        var performed = false
    }
    private let inner = Locked(Inner())

    /// A controller for `authorizationRequests` (usually one ``AppleIDRequest``).
    ///
    /// - Parameters:
    ///   - authorizationRequests: what to ask Apple for: the scopes, state and nonce of each request.
    ///   - provider: the app's Sign in with Apple configuration (client id, redirect URI).
    ///   - userAgent: where the sign-in page runs (a loopback listener, the system browser, a test double).
    ///   - appleKeys: Apple's JWK Set (`https://appleid.apple.com/auth/keys`), fetched and cached by you.
    ///   - now: the clock for the token's time checks.
    public init(
        authorizationRequests: [AppleIDRequest], provider: AppleIDProvider, userAgent: any UserAgent,
        appleKeys: @escaping @Sendable () async throws -> JWKSet, now: @escaping @Sendable () -> NumericDate
    ) {
        self.authorizationRequests = authorizationRequests
        self.provider = provider
        self.userAgent = userAgent
        self.appleKeys = appleKeys
        self.now = now
    }

    /// Receives the result; held weakly, as Apple's controller does.
    public var delegate: (any AppleIDAuthorizationControllerDelegate)? {
        get { inner.withLock { $0.delegate } }
        set { inner.withLock { $0.delegate = newValue } }
    }

    /// Provides the window for user agents that need one; held weakly.
    public var presentationContextProvider: (any PresentationContextProviding)? {
        get { inner.withLock { $0.presentationContextProvider } }
        set { inner.withLock { $0.presentationContextProvider = newValue } }
    }

    /// Starts the requests; the delegate hears the result, on the main actor. Calling it again does nothing.
    public func performRequests() {
        Task {
            let result: Result<AppleIDAuthorization, AuthorizationError>
            do throws(AuthorizationError) {
                result = .success(try await perform())
            } catch {
                result = .failure(error)
            }
            await MainActor.run {  // the delegate is isolated to the main actor, as Apple's is
                let delegate = self.delegate
                switch result {
                case .success(let authorization): delegate?.authorizationController(self, didCompleteWithAuthorization: authorization)
                case .failure(let error): delegate?.authorizationController(self, didCompleteWithError: error)
                }
            }
        }
    }

    /// Cancels a running request: the result is `canceled` (1001).
    public func cancel() {
        inner.withLock { $0.session }?.cancel()
    }

    /// Performs the first request and returns its authorization (the async form of ``performRequests()``).
    public func perform() async throws(AuthorizationError) -> AppleIDAuthorization {
        guard let request = authorizationRequests.first else { throw AuthorizationError(.notHandled, reason: "no request to perform") }
        let callback: Callback
        let url: URI
        do { callback = try provider.callback } catch { throw AuthorizationError(.failed, reason: "\(error)") }
        do { url = try provider.authorizationURL(for: request) } catch { throw AuthorizationError(.failed, reason: "\(error)") }
        let session = AuthenticationSession(url: url, callback: callback, userAgent: userAgent)
        let alreadyPerformed: Bool = inner.withLock { inner in
            defer {
                inner.performed = true
                inner.session = session
            }
            session.presentationContextProvider = inner.presentationContextProvider
            return inner.performed
        }
        guard !alreadyPerformed else { throw AuthorizationError(.notHandled, reason: "the controller already performed its requests") }

        let redirect: Redirect
        do {
            redirect = try await session.authenticate()
        } catch {
            if error == .canceledLogin { throw AuthorizationError(.canceled) }
            throw AuthorizationError(.failed, reason: "\(error)")
        }
        let response: AuthorizationResponse
        do {
            let expected = AuthorizationResponse.Expectations(state: request.state, responseMode: .formPost)
            if let body = redirect.formBody {
                response = try AuthorizationResponse(formPostBody: body, expecting: expected)
            } else {
                response = try AuthorizationResponse(callback: redirect.callbackURL, expecting: expected)
            }
        } catch {
            if case .errorResponse(let oauth) = error {
                throw AuthorizationError(oauth.error.rawValue == "user_cancelled_authorize" ? .canceled : .failed, reason: "\(oauth)")
            }
            throw AuthorizationError(.invalidResponse, reason: "\(error)")
        }
        guard let idToken = response.idToken else { throw AuthorizationError(.invalidResponse, reason: "the response has no id_token") }
        let keys: JWKSet
        do { keys = try await appleKeys() } catch { throw AuthorizationError(.failed, reason: "cannot get Apple's keys: \(error)") }
        do {
            let token = try IDTokenValidator.signInWithApple(clientID: provider.clientID)
                .validate(idToken, keys: keys, now: now(), nonce: request.nonce)
            let credential = try AppleIDCredential(
                signInWithApple: response, identityToken: AppleIdentityToken(token), requestedScopes: request.requestedScopes)
            return AppleIDAuthorization(credential: credential, request: request)
        } catch {
            throw AuthorizationError(.invalidResponse, reason: "\(error)")
        }
    }
}
