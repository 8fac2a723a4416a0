// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthPKCE
import AuthSession
import AuthTesting
import Foundation
import TestVectors
import Testing

@Suite("PendingLogin: a login that survives a relaunch, and the universal-link hand-off")
struct PendingLoginTests {
    @Test("start → encode → new AuthClient → decode → complete with the callback URL")
    func relaunch() async throws {
        let fixture = try Fixture()
        fixture.provider.authenticateNextLogin(acr: "otp", amr: ["otp"])
        var generator = SeededRandomNumberGenerator(seed: 3)
        let options = LoginOptions(loginHint: "alice@example.com", maxAge: 900, expectedAMR: [.otp])
        let pending = try await fixture.client.beginLogin(options, using: &generator)
        #expect(fixture.client.loginState == .loggingIn)
        let saved = try JSONEncoder().encode(pending)
        // The browser (outside the app) signs the user in; the redirect arrives after the app was relaunched.
        let callback = try await fixture.provider.browser().present(
            UserAgentRequest(url: pending.url, callback: pending.request.callback)
        ).callbackURL
        let relaunched = try fixture.secondClient()
        let restored = try JSONDecoder().decode(PendingLogin.self, from: saved)
        #expect(restored.options == options)
        #expect(restored.request.state.value == pending.request.state.value)
        #expect(restored.request.pkce == pending.request.pkce)
        let user = try await relaunched.handleAuthenticationResponse(url: callback, pending: restored)
        #expect(user.subject == "alice")
        #expect(relaunched.loginState == .loggedIn(user))
        // A pending login completes once: the code is spent.
        await #expect { try await relaunched.handleAuthenticationResponse(url: callback, pending: restored) } throws: {
            ($0 as? AuthClientError)?.oauthError == .invalidGrant
        }
    }

    @Test("the encoding is checked when decoded, and the description redacts the verifier, state and nonce")
    func decodingAndRedaction() async throws {
        let fixture = try Fixture()
        var generator = SeededRandomNumberGenerator(seed: 4)
        let pending = try await fixture.client.beginLogin(LoginOptions(prompt: [.login]), using: &generator)
        for secret in [pending.request.pkce.verifier.value, pending.request.state.value, pending.request.nonce.value] {
            #expect(!pending.description.contains(secret))
            #expect(!dumped(pending).contains(secret))
        }
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(pending)) as? [String: Any])
        var request = try #require(object["request"] as? [String: Any])
        request["code_verifier"] = "too-short"
        object["request"] = request
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PendingLogin.self, from: JSONSerialization.data(withJSONObject: object))
        }
        object["version"] = 2
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PendingLogin.self, from: JSONSerialization.data(withJSONObject: object))
        }
    }

    @Test("a pending login of another client is refused with invalidPendingLogin (10106)")
    func otherClient() async throws {
        let fixture = try Fixture()
        var generator = SeededRandomNumberGenerator(seed: 5)
        let pending = try await fixture.client.beginLogin(using: &generator)
        var configuration = try ClientConfiguration(
            issuer: fixture.client.configuration.issuer, clientID: "another-app", redirectURI: fixture.client.configuration.redirectURI,
            allowsInsecureLoopbackIssuer: true)
        configuration.allowedAlgorithms = fixture.client.configuration.allowedAlgorithms
        let other = try AuthClient(configuration: configuration, metadata: fixture.provider.metadata, transport: fixture.provider)
        let url = try URI(parsing: "com.example.app:/oauth/callback?code=x&state=\(pending.request.state.value)")
        await #expect { try await other.handleAuthenticationResponse(url: url, pending: pending) } throws: {
            ($0 as? AuthClientError)?.code == 10106
        }
        await #expect(throws: AuthClientError.noPendingLogin) { try await other.handleAuthenticationResponse(url: url) }
    }

    @Test("a universal link completes the login, cancels the browser sheet, and login(with:) returns the same user")
    func universalLinkHandOff() async throws {
        let fixture = try Fixture()
        let (links, delivered) = AsyncStream<String>.makeStream()
        let browser = fixture.provider.browser(.approve(subject: "alice"), deliveringToApp: { delivered.yield($0) })
        let client = fixture.client
        let login = Task { try await client.login(with: browser) }
        var iterator = links.makeAsyncIterator()
        let link = try #require(await iterator.next())
        #expect(client.pendingLogin != nil)
        // A forged link (another state) is refused and leaves the login waiting.
        await #expect {
            try await client.handleAuthenticationResponse(url: "com.example.app:/oauth/callback?code=stolen&state=forged")
        } throws: { error in
            guard case .callback(let cause)? = error as? AuthClientError else { return false }
            return cause.code == AuthCallbackError.stateMismatch.code
        }
        #expect(client.pendingLogin != nil)
        let handed = try await client.handleAuthenticationResponse(url: link)
        let finished = await finishes(within: 30) { try? await login.value }
        let loggedIn = try #require(finished ?? nil)
        #expect(loggedIn === handed)
        #expect(client.pendingLogin == nil)
        #expect(client.loginState == .loggedIn(handed))
        #expect(fixture.provider.requestCount(.token) == 1)
        await #expect(throws: AuthClientError.noPendingLogin) { try await client.handleAuthenticationResponse(url: link) }
    }

    @Test("cancelPendingLogin closes the sheet: login(with:) throws canceledLogin and the state goes back")
    func cancel() async throws {
        let fixture = try Fixture()
        let (links, delivered) = AsyncStream<String>.makeStream()
        let browser = fixture.provider.browser(.approve(subject: "alice"), deliveringToApp: { delivered.yield($0) })
        let client = fixture.client
        let login = Task { try await client.login(with: browser) }
        var iterator = links.makeAsyncIterator()
        _ = await iterator.next()
        #expect(client.cancelPendingLogin() != nil)
        let result = await finishes(within: 30) { await login.result }
        guard case .failure(let error)? = result else {
            Issue.record("the login did not end")
            return
        }
        #expect(error as? AuthClientError == .session(.canceledLogin))
        #expect(client.loginState == .loggedOut)
    }
}

@Suite("PendingLogin: an app-driven login completed through the URL handler")
struct AppDrivenLoginTests {
    @Test("beginLogin, the browser outside the client, then handleAuthenticationResponse(url:) without a pending argument")
    func appDriven() async throws {
        let fixture = try Fixture()
        var generator = SeededRandomNumberGenerator(seed: 6)
        let pending = try await fixture.client.beginLogin(LoginOptions(extraScopes: [Scope(rawValue: "orders:read")]), using: &generator)
        #expect(fixture.client.pendingLogin?.request.state.value == pending.request.state.value)
        let redirect = try await fixture.provider.browser().present(UserAgentRequest(url: pending.url, callback: pending.request.callback))
        let user = try await fixture.client.handleAuthenticationResponse(url: redirect.callbackURL.text)
        #expect(user.subject == "alice")
        #expect(await user.tokens?.scopes?.contains("orders:read") == true)
        #expect(fixture.client.pendingLogin == nil)
        #expect(fixture.client.loginState == .loggedIn(user))
    }
}
