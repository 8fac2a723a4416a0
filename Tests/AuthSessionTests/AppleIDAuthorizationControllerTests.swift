// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials
import AuthJWT
import AuthSession
import Foundation
import TestVectors
import Testing

/// A delegate that records what it hears; on the main actor, as the protocol is.
@MainActor final class RecordingDelegate: AppleIDAuthorizationControllerDelegate {
    private(set) var all: [Result<AppleIDAuthorization, AuthorizationError>] = []
    func authorizationController(
        _ controller: AppleIDAuthorizationController, didCompleteWithAuthorization authorization: AppleIDAuthorization
    ) {
        all.append(.success(authorization))
    }
    func authorizationController(_ controller: AppleIDAuthorizationController, didCompleteWithError error: AuthorizationError) {
        all.append(.failure(error))
    }
}

@Suite("Sign in with Apple controller, over the web flow")
struct AppleIDAuthorizationControllerTests {
    static let file = try! AppleIdentityTokenVectors.load()
    static let redirect = "https://example.com/apple/callback"

    static func keys() throws -> JWKSet {
        try JWKSet(json: file.jwksJSON)
    }

    /// A controller whose user agent POSTs the response Apple would, for `tokenCase`.
    static func controller(_ tokenCase: String, user: String? = nil, state: String? = nil, extra: [ScriptedUserAgent.Step] = [])
        throws -> (AppleIDAuthorizationController, AppleIDRequest, ScriptedUserAgent)
    {
        let provider = try AppleIDProvider(clientID: file.clientID, redirectURI: redirect)
        var request = provider.createRequest()
        request.requestedScopes = [.fullName, .email]
        request.nonce = file.hashedNonce
        let token = try file.token(tokenCase)
        var fields = [
            FormParameter(name: "state", value: state ?? request.state), FormParameter(name: "code", value: file.code),
            FormParameter(name: "id_token", value: token),
        ]
        if let user { fields.append(FormParameter(name: "user", value: user)) }
        let agent = ScriptedUserAgent(extra + [.formPost(to: redirect, body: Array(FormParameter.encode(fields).utf8))])
        let keys = try Self.keys()
        let now = NumericDate(secondsSince1970: file.now)
        let controller = AppleIDAuthorizationController(
            authorizationRequests: [request], provider: provider, userAgent: agent,
            appleKeys: { keys }, now: { now })
        return (controller, request, agent)
    }

    @Test("a first sign-in yields the credential with the name, and the delegate hears it once")
    @MainActor func firstSignIn() async throws {
        let (controller, request, agent) = try Self.controller(
            "first sign-in", user: #"{"name":{"firstName":"Jane","lastName":"Appleseed"}}"#)
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        controller.performRequests()
        for _ in 0..<2000 where delegate.all.isEmpty { try await Task.sleep(nanoseconds: 1_000_000) }
        let authorization = try #require(try delegate.all.first?.get())
        #expect(authorization.credential.user == "001234.0123456789abcdef0123456789abcdef.1234")
        #expect(authorization.credential.fullName?.givenName == "Jane")
        #expect(authorization.credential.state == request.state)
        #expect(delegate.all.count == 1)
        // The authorization URL asked Apple for what the request said.
        let url = try #require(agent.log.requests.first?.url)
        let query = try url.queryParameters()
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        #expect(url.text.hasPrefix("https://appleid.apple.com/auth/authorize?"))
        #expect(value("response_type") == "code id_token" && value("response_mode") == "form_post")
        #expect(value("scope") == "name email" && value("nonce") == Self.file.hashedNonce && value("state") == request.state)
        #expect(value("client_id") == "com.example.app" && value("redirect_uri") == Self.redirect)
    }

    @Test("maps failures to Apple's codes: canceled, invalidResponse, failed, notHandled")
    func errors() async throws {
        let (cancelled, _, _) = try Self.controller("first sign-in", extra: [.userCancels])
        await #expect(throws: AuthorizationError(.canceled)) { try await cancelled.perform() }

        let (forged, _, _) = try Self.controller("first sign-in", state: "forged")
        let error = await #expect(throws: AuthorizationError.self) { try await forged.perform() }
        #expect(error?.code == .invalidResponse)

        let provider = try AppleIDProvider(clientID: "com.other.app", redirectURI: Self.redirect)
        let (_, request, agent) = try Self.controller("first sign-in")
        let wrongAudience = AppleIDAuthorizationController(
            authorizationRequests: [request], provider: provider, userAgent: agent,
            appleKeys: { try Self.keys() }, now: { NumericDate(secondsSince1970: Self.file.now) })
        #expect(await #expect(throws: AuthorizationError.self) { try await wrongAudience.perform() }?.code == .invalidResponse)

        let userCancelled = AppleIDAuthorizationController(
            authorizationRequests: [request], provider: provider,
            userAgent: ScriptedUserAgent([
                .formPost(to: Self.redirect, body: Array("error=user_cancelled_authorize&state=\(request.state)".utf8))
            ]),
            appleKeys: { try Self.keys() }, now: { NumericDate(secondsSince1970: Self.file.now) })
        #expect(await #expect(throws: AuthorizationError.self) { try await userCancelled.perform() }?.code == .canceled)

        struct Offline: Error {}
        let (_, request2, agent2) = try Self.controller("first sign-in")
        let noKeys = AppleIDAuthorizationController(
            authorizationRequests: [request2], provider: try AppleIDProvider(clientID: Self.file.clientID, redirectURI: Self.redirect),
            userAgent: agent2, appleKeys: { throw Offline() }, now: { NumericDate(secondsSince1970: Self.file.now) })
        #expect(await #expect(throws: AuthorizationError.self) { try await noKeys.perform() }?.code == .failed)

        let none = AppleIDAuthorizationController(
            authorizationRequests: [], provider: provider, userAgent: agent, appleKeys: { try Self.keys() },
            now: { NumericDate(secondsSince1970: Self.file.now) })
        #expect(await #expect(throws: AuthorizationError.self) { try await none.perform() }?.code == .notHandled)
    }

    @Test("performs once; cancel ends a running request as canceled")
    func onceAndCancel() async throws {
        let (controller, _, _) = try Self.controller("later sign-in")
        _ = try await controller.perform()
        #expect(await #expect(throws: AuthorizationError.self) { try await controller.perform() }?.code == .notHandled)

        let (slow, _, _) = try Self.controller("later sign-in", extra: [.delay(.seconds(30))])
        let task = Task { try await slow.perform() }
        try await Task.sleep(nanoseconds: 30_000_000)
        slow.cancel()
        await #expect(throws: AuthorizationError(.canceled)) { try await task.value }
    }

    @Test("credential state comes from the provider's source, and is notHandled without one")
    func credentialState() async throws {
        let provider = try AppleIDProvider(
            clientID: "c", redirectURI: Self.redirect, credentialStates: FixedCredentialStates(["u1": .authorized, "u2": .revoked]))
        #expect(try await provider.getCredentialState(forUserID: "u1") == .authorized)
        #expect(try await provider.getCredentialState(forUserID: "u2") == .revoked)
        #expect(try await provider.getCredentialState(forUserID: "u3") == .notFound)
        let bare = try AppleIDProvider(clientID: "c", redirectURI: Self.redirect)
        #expect(await #expect(throws: AuthorizationError.self) { try await bare.getCredentialState(forUserID: "u1") }?.code == .notHandled)
        #expect(throws: AuthSessionError.self) { try AppleIDProvider(clientID: "c", redirectURI: "http://example.com/cb") }
    }
}
