// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJWT
import AuthPKCE
import AuthSession
import AuthTesting
import TestVectors
import Testing

@Suite("JWT-secured authorization responses (JARM): signature, iss, aud and exp checked before any parameter is read")
struct JARMTests {
    /// A provider signing with ES256 (JARM needs a key from the JWK Set; HS256 fixtures have none).
    static func fixture() throws -> Fixture {
        try Fixture(signingKey: .es256)
    }

    static func login(_ fixture: Fixture, mode: ResponseMode, seed: UInt64 = 1) async throws(AuthClientError) -> User {
        var generator = SeededRandomNumberGenerator(seed: seed)
        return try await fixture.client.login(with: fixture.provider.browser(), options: .init(responseMode: mode), using: &generator)
    }

    @Test("response_mode=jwt, query.jwt, fragment.jwt and form_post.jwt: the verified response's code logs the user in")
    func modes() async throws {
        for (index, mode) in [ResponseMode.jwt, .queryJWT, .fragmentJWT, .formPostJWT].enumerated() {
            let fixture = try Self.fixture()
            let user = try await Self.login(fixture, mode: mode, seed: UInt64(index + 1))
            #expect(user.subject == "alice", "\(mode.rawValue)")
            #expect(fixture.provider.lastAuthorizationParameters.first { $0.name == "response_mode" }?.value == mode.rawValue)
        }
    }

    @Test(
        "a response with the wrong iss, the wrong aud, past exp, a bad signature or alg none is refused before the code is used",
        arguments: [
            FakeOpenIDProvider.AuthorizationResponseDefect.wrongIssuer, .wrongAudience, .expired, .badSignature, .unsigned,
        ])
    func refused(defect: FakeOpenIDProvider.AuthorizationResponseDefect) async throws {
        let fixture = try Self.fixture()
        fixture.provider.spoilNextAuthorizationResponse(defect)
        await #expect {
            _ = try await Self.login(fixture, mode: .jwt)
        } throws: { error in
            guard case .invalidAuthorizationResponseJWT(_, let cause)? = error as? AuthClientError else { return false }
            switch (defect, cause) {
            case (.wrongIssuer, .issuerMismatch?), (.wrongAudience, .audienceMismatch?), (.expired, .expired?),
                (.badSignature, .invalidSignature?), (.unsigned, .unsecuredTokenRejected?):
                return true
            default: return false
            }
        }
        #expect(fixture.provider.requestCount(.token) == 0)
    }

    @Test("a response without state inside the JWT is refused (missingState); an encrypted one is out of scope")
    func stateAndEncryption() async throws {
        let fixture = try Self.fixture()
        fixture.provider.spoilNextAuthorizationResponse(.missingState)
        await #expect(throws: AuthClientError.callback(.missingState)) { _ = try await Self.login(fixture, mode: .queryJWT) }
        fixture.provider.spoilNextAuthorizationResponse(.encrypted)
        await #expect(throws: AuthClientError.encryptedAuthorizationResponse) { _ = try await Self.login(fixture, mode: .queryJWT) }
        #expect(fixture.provider.requestCount(.token) == 0)
    }

    @Test("a JARM error response is verified, then reported as the OAuth error")
    func errorResponse() async throws {
        let fixture = try Self.fixture()
        var generator = SeededRandomNumberGenerator(seed: 1)
        await #expect {
            _ = try await fixture.client.login(with: fixture.provider.browser(.deny), options: .init(responseMode: .jwt), using: &generator)
        } throws: { ($0 as? AuthClientError)?.oauthError == .accessDenied }
    }

    @Test("a plain response when a JWT was asked for is refused: no response parameter")
    func plainResponseRefused() async throws {
        let fixture = try Self.fixture()
        var generator = SeededRandomNumberGenerator(seed: 1)
        let request = try await fixture.client.preparedAuthorizationRequest(.init(responseMode: .jwt), using: &generator)
        let redirect = Redirect(
            callbackURL: try URI(
                parsing: "com.example.app:/oauth/callback?code=c&state=\(request.state.value)&iss=\(fixture.provider.configuration.issuer)")
        )
        await #expect { _ = try await fixture.client.completeLogin(request, redirect: redirect) } throws: {
            ($0 as? AuthClientError)?.code == 10457
        }
    }

    @Test("handleAuthenticationResponse(url:) takes a JARM link; a forged one leaves the login waiting")
    func handOff() async throws {
        let fixture = try Self.fixture()
        let (links, delivered) = AsyncStream<String>.makeStream()
        let browser = fixture.provider.browser(.approve(subject: "alice"), deliveringToApp: { delivered.yield($0) })
        let client = fixture.client
        let login = Task { try await client.login(with: browser, options: .init(responseMode: .jwt)) }
        var iterator = links.makeAsyncIterator()
        let link = try #require(await iterator.next())
        await #expect {
            try await client.handleAuthenticationResponse(url: "com.example.app:/oauth/callback?response=a.b.c")
        } throws: { ($0 as? AuthClientError)?.code == 10457 }
        #expect(client.pendingLogin != nil)
        let handed = try await client.handleAuthenticationResponse(url: link)
        let finished = await finishes(within: 30) { try? await login.value }
        let loggedIn = try #require(finished ?? nil)
        #expect(loggedIn === handed)
    }

    @Test("the provider's metadata lists the JWT response modes and its signing algorithm")
    func metadata() throws {
        let fixture = try Self.fixture()
        #expect(fixture.client.metadata.responseModesSupported?.contains("form_post.jwt") == true)
        #expect(fixture.client.metadata.authorizationSigningAlgorithmsSupported == ["ES256"])
    }
}
