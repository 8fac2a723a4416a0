// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
public import AuthCredentials
import AuthPKCE

/// Sign in with Apple's entry point, like Apple's `ASAuthorizationAppleIDProvider`, for the web flow:
/// your Services ID, its registered https redirect, and where credential states come from.
///
/// ```swift
/// let provider = try AppleIDProvider(clientID: "com.example.web", redirectURI: "https://example.com/apple/callback")
/// var request = provider.createRequest()
/// request.requestedScopes = [.fullName, .email]
/// ```
public struct AppleIDProvider: Sendable {
    /// Apple's authorization endpoint.
    public static let authorizeEndpoint = "https://appleid.apple.com/auth/authorize"

    /// The Services ID (the `client_id` of the web flow; the identity token's audience).
    public let clientID: String
    /// The registered redirect URI: https, where Apple POSTs the response.
    public let redirectURI: URI
    /// Where ``getCredentialState(forUserID:)`` gets its answer; nil when the app has none.
    public let credentialStates: (any CredentialStateProviding)?

    /// - Throws: ``AuthSessionError/invalidRedirect(_:)`` when the redirect URI is not a valid https URI.
    public init(clientID: String, redirectURI: String, credentialStates: (any CredentialStateProviding)? = nil) throws(AuthSessionError) {
        let uri: URI
        do { uri = try URI(parsing: redirectURI) } catch { throw .invalidRedirect(error) }
        guard uri.scheme.lowercased() == "https", uri.host != nil else {
            throw .invalidRedirect(.invalidCallback("Apple requires an https redirect URI"))
        }
        self.clientID = clientID
        self.redirectURI = uri
        self.credentialStates = credentialStates
    }

    /// A new request with a fresh random `state` (256 bits) and no scopes or nonce.
    public func createRequest() -> AppleIDRequest {
        AppleIDRequest(state: OAuthState().value)
    }

    /// The callback that matches the redirect URI.
    public var callback: Callback {
        get throws(AuthCallbackError) { try Callback.https(host: redirectURI.host ?? "", path: redirectURI.path) }
    }

    /// The authorization URL for `request`: `response_type=code id_token`, `response_mode=form_post` (which
    /// Apple requires when scopes are requested, and which keeps the tokens out of browser history).
    public func authorizationURL(for request: AppleIDRequest) throws(AuthSessionError) -> URI {
        var parameters = [
            FormParameter(name: "client_id", value: clientID),
            FormParameter(name: "redirect_uri", value: redirectURI.text),
            FormParameter(name: "response_type", value: "code id_token"),
            FormParameter(name: "response_mode", value: "form_post"),
            FormParameter(name: "state", value: request.state),
        ]
        if !request.requestedScopes.isEmpty {
            parameters.append(FormParameter(name: "scope", value: request.requestedScopes.map(\.webValue).joined(separator: " ")))
        }
        if let nonce = request.nonce { parameters.append(FormParameter(name: "nonce", value: nonce)) }
        do {
            return try URI(parsing: Self.authorizeEndpoint + "?" + FormParameter.encode(parameters))
        } catch {
            throw .invalidAuthorizationURL("\(error)")  // not expected: every parameter is percent-encoded
        }
    }

    /// The state of `user`'s credential, from ``credentialStates``.
    ///
    /// - Throws: `AuthorizationError(.notHandled)` when the provider has no source of credential states.
    public func getCredentialState(forUserID user: String) async throws(AuthorizationError) -> CredentialState {
        guard let credentialStates else { throw AuthorizationError(.notHandled, reason: "no CredentialStateProviding was given") }
        return try await credentialStates.credentialState(forUserID: user)
    }

    /// The completion-handler form, as Apple's API has it.
    public func getCredentialState(
        forUserID user: String, completion: @escaping @Sendable (CredentialState, AuthorizationError?) -> Void
    ) {
        Task {
            do throws(AuthorizationError) {
                completion(try await getCredentialState(forUserID: user), nil)
            } catch {
                completion(.notFound, error)
            }
        }
    }
}
