// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession
import AuthTesting
import Foundation
import Testing

@Suite("AuthClient login: code + PKCE + state + nonce through the fake provider")
struct LoginFlowTests {
    @Test(
        "logs in and validates the ID token signed with each algorithm",
        arguments: [TestSigningKey.rs256, .es256, .hs256(secret: Fixture.secret)])
    func login(key: TestSigningKey) async throws {
        let fixture = try Fixture(signingKey: key)
        let user = try await fixture.login()
        #expect(user.subject == "alice")
        let tokens = try #require(await user.tokens)
        #expect(tokens.expiresAt == Fixture.start.adding(seconds: 3600))
        #expect(tokens.refreshToken != nil)
        let stored = try #require(await fixture.store.lastCredential(for: fixture.client.grant))
        #expect(stored.user == "alice")
        #expect(stored.email == "alice@example.com")
        #expect(stored.tokens == tokens)
        #expect(fixture.provider.requestCount(.token) == 1)
        #expect(await fixture.client.keySetFetchCount == (key.algorithm == .hs256 ? 0 : 1))  // HS256: the client secret
    }

    @Test(
        "authenticates at the token endpoint as configured: public, client_secret_post, client_secret_basic",
        arguments: [ClientAuthentication.none, .clientSecretPost(Fixture.secret), .clientSecretBasic(Fixture.secret)])
    func clientAuthentication(method: ClientAuthentication) async throws {
        let fixture = try Fixture(signingKey: .es256, authentication: method)
        _ = try await fixture.login()
    }

    @Test("a wrong client secret gets invalid_client, kept exactly as the server sent it")
    func wrongSecret() async throws {
        let fixture = try Fixture(signingKey: .es256, authentication: .clientSecretPost("the-right-secret"))
        var configuration = try fixture.provider.clientConfiguration
        configuration.clientAuthentication = .clientSecretPost("a-wrong-secret")
        configuration.allowedAlgorithms = [.es256]
        let client = try AuthClient(configuration: configuration, metadata: fixture.provider.metadata, transport: fixture.provider)
        var generator = SeededRandomNumberGenerator(seed: 1)
        do {
            _ = try await client.login(with: fixture.provider.browser(), using: &generator)
            Issue.record("logged in with a wrong secret")
        } catch {
            #expect(error.oauthError == .invalidClient)
            #expect(error.code == 10009)
            #expect(!error.description.contains("a-wrong-secret"))
        }
    }

    @Test("the user's refusal, a forged state and a closed page each end the login with their own error")
    func authorizationFailures() async throws {
        let fixture = try Fixture()
        await #expect { try await fixture.login(.deny) } throws: { ($0 as? AuthClientError)?.oauthError == .accessDenied }
        await #expect { try await fixture.login(.error(.temporarilyUnavailable)) } throws: {
            ($0 as? AuthClientError)?.oauthError == .temporarilyUnavailable
        }
        await #expect {
            try await fixture.login(.forgedState)
        } throws: { error in
            guard let error = error as? AuthClientError, case .callback(let cause) = error else { return false }
            return cause.code == AuthCallbackError.stateMismatch.code
        }
        await #expect {
            try await fixture.login(.cancel)
        } throws: {
            guard case .session(let error)? = $0 as? AuthClientError else { return false }
            return error == .canceledLogin
        }
        #expect(fixture.provider.requestCount(.token) == 0)
        #expect(await fixture.store.lastCredential(for: fixture.client.grant) == nil)
    }

    @Test(
        "every defective ID token is refused with the check that caught it, and nothing is stored",
        arguments: FakeOpenIDProvider.IDTokenDefect.allCases)
    func defectiveIDToken(defect: FakeOpenIDProvider.IDTokenDefect) async throws {
        let fixture = try Fixture(signingKey: .es256)
        fixture.provider.spoilNextIDToken(defect)
        do {
            _ = try await fixture.login()
            Issue.record("accepted an ID token with \(defect)")
        } catch {
            guard case .idToken(let cause) = error else {
                Issue.record("\(error)")
                return
            }
            let expected: Int =
                switch defect {
                case .wrongNonce: 5030
                case .wrongAudience: 5022
                case .wrongIssuer: 5021
                case .badSignature: 5020
                case .expired: 5026
                case .wrongAccessTokenHash: 5032
                case .unknownKey: 5016
                }
            #expect(cause.code == expected, "\(defect): \(cause)")
        }
        #expect(await fixture.store.lastCredential(for: fixture.client.grant) == nil)
    }

    @Test("a key rotated seconds after the first login is fetched at once: the second login passes with the default configuration")
    func keyRotation() async throws {
        // OpenID RP test rp-key-rotation-op-sign-key: the provider signs with a new key between two logins.
        let fixture = try Fixture(signingKey: .es256)
        #expect(fixture.client.configuration.keySetRefetchCooldownSeconds == 60)
        _ = try await fixture.login()
        #expect(await fixture.client.keySetFetchCount == 1)
        fixture.time.advance(by: 5)
        fixture.provider.rotateSigningKey(to: try #require(TestSigningKey.es256(privateKey: Array(repeating: 7, count: 32), keyID: "next")))
        _ = try await fixture.login(seed: 2)
        #expect(await fixture.client.keySetFetchCount == 2)
        _ = try await fixture.login(seed: 3)
        #expect(await fixture.client.keySetFetchCount == 2)
        // A second rotation within the same minute is fetched too: the refetch before it helped.
        fixture.time.advance(by: 5)
        fixture.provider.rotateSigningKey(
            to: try #require(TestSigningKey.es256(privateKey: Array(repeating: 8, count: 32), keyID: "third")))
        _ = try await fixture.login(seed: 4)
        #expect(await fixture.client.keySetFetchCount == 3)
        // A kid nobody published: one refetch, which does not help, then none for the cooldown.
        fixture.provider.spoilNextIDToken(.unknownKey)
        await #expect(throws: AuthClientError.self) { try await fixture.login(seed: 5) }
        #expect(await fixture.client.keySetFetchCount == 4)
        fixture.provider.spoilNextIDToken(.unknownKey)
        await #expect(throws: AuthClientError.self) { try await fixture.login(seed: 6) }
        #expect(await fixture.client.keySetFetchCount == 4)
    }

    @Test("the provider refuses a reused code (invalid_grant) and a wrong PKCE verifier")
    func providerChecks() async throws {
        let fixture = try Fixture()
        var generator = SeededRandomNumberGenerator(seed: 9)
        let request = try fixture.client.authorizationRequest(using: &generator)
        let redirect = try await fixture.provider.browser().present(UserAgentRequest(url: request.url, callback: request.callback))
        let response = try request.response(from: redirect)
        _ = try await fixture.client.exchangeCode(response.code, for: request)
        await #expect { try await fixture.client.exchangeCode(response.code, for: request) } throws: {
            ($0 as? AuthClientError)?.oauthError == .invalidGrant
        }

        let other = try fixture.client.authorizationRequest(using: &generator)
        let otherRedirect = try await fixture.provider.browser().present(UserAgentRequest(url: other.url, callback: other.callback))
        let otherCode = try other.response(from: otherRedirect).code
        await #expect { try await fixture.client.exchangeCode(otherCode, for: request) } throws: {
            ($0 as? AuthClientError)?.oauthError == .invalidGrant  // the first request's verifier, not this one's
        }
    }

    @Test("a token endpoint failure is typed: 500, no response, invalid_grant")
    func tokenEndpointFailures() async throws {
        let fixture = try Fixture()
        fixture.provider.fail(.token, with: .status(500))
        await #expect { try await fixture.login() } throws: { ($0 as? AuthClientError)?.code == 10006 }
        fixture.provider.fail(.token, with: .noResponse)
        await #expect { try await fixture.login() } throws: { ($0 as? AuthClientError)?.code == 10005 }
        fixture.provider.fail(.token, with: .oauthError(.invalidGrant))
        await #expect { try await fixture.login() } throws: { ($0 as? AuthClientError)?.oauthError == .invalidGrant }
        _ = try await fixture.login()
    }

    @Test("ID-token times follow the provider's clock: a skew beyond the leeway is refused, within it accepted")
    func clockSkew() async throws {
        let fixture = try Fixture()
        fixture.provider.clockSkewSeconds = 30
        _ = try await fixture.login()
        fixture.provider.clockSkewSeconds = 3600
        await #expect {
            try await fixture.login(seed: 2)
        } throws: {
            guard case .idToken(.issuedInFuture)? = $0 as? AuthClientError else { return false }
            return true
        }
    }

    @Test("resumes the last user from a file store on the next launch without a network request")
    func resume() async throws {
        let path = "/tmp/authflow-resume-\(UInt64.random(in: 0...UInt64.max)).json"
        defer { unlink(path) }
        let fixture = try Fixture()
        let client = try AuthClient(
            configuration: fixture.client.configuration, metadata: fixture.provider.metadata, transport: fixture.provider,
            store: FileCredentialStore(path: path), clock: .manual(fixture.time))
        var generator = SeededRandomNumberGenerator(seed: 1)
        let user = try await client.login(with: fixture.provider.browser(), using: &generator)

        let offline = UnimplementedTransport("resuming reads the store only")
        let relaunched = try AuthClient(
            configuration: fixture.client.configuration, metadata: fixture.provider.metadata, transport: offline,
            store: FileCredentialStore(path: path), clock: .manual(fixture.time))
        let resumed = try #require(try await relaunched.resumeLastUser())
        #expect(resumed.subject == "alice")
        #expect(await resumed.tokens == (await user.tokens))
        #expect(offline.callCount == 0)
    }
}
