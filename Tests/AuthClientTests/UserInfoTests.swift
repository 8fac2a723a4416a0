// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthTesting
import Testing

@Suite("UserInfo: signed answers verified with the provider's keys (OpenID Connect Core §5.3.2), the token in the body (RFC 6750 §2.2)")
struct UserInfoTests {
    /// A provider that signs alice's userinfo with ES256 (HS256 fixtures have no JWK Set key).
    static func fixture(
        signed: Bool = true, client configureClient: (inout ClientConfiguration) -> Void = { _ in }
    ) throws -> Fixture {
        try Fixture(
            signingKey: .es256, configure: { if signed { $0.signedUserInfoClients = [$0.clientID] } }, client: configureClient)
    }

    @Test("rp-userinfo-sig: a signed userinfo answer is verified, then read; its algorithm and key are reported")
    func signedUserInfo() async throws {
        let fixture = try Self.fixture()
        let user = try await fixture.login()
        let profile = try await user.fetchProfile()
        #expect(profile.subject == "alice")
        #expect(try profile.claims.email == "alice@example.com")
        #expect(profile.signingAlgorithm == .es256)
        #expect(profile.signingKeyID == "authflow-test-p256")
        #expect(profile.claims["iss"]?.stringValue == fixture.provider.configuration.issuer)
    }

    @Test("a plain JSON answer is read as before, with no signing algorithm")
    func plainUserInfo() async throws {
        let fixture = try Self.fixture(signed: false)
        let profile = try await fixture.login().fetchProfile()
        #expect(profile.subject == "alice")
        #expect(profile.signingAlgorithm == nil)
    }

    @Test(
        "a signed answer with the wrong iss, the wrong aud, a bad signature or alg none is refused, each for its check",
        arguments: [FakeOpenIDProvider.UserInfoDefect.wrongIssuer, .wrongAudience, .badSignature, .unsigned])
    func refused(defect: FakeOpenIDProvider.UserInfoDefect) async throws {
        let fixture = try Self.fixture()
        let user = try await fixture.login()
        fixture.provider.spoilNextUserInfo(defect)
        await #expect {
            _ = try await user.fetchProfile()
        } throws: { error in
            guard case .invalidSignedUserInfo(_, let cause)? = error as? AuthClientError else { return false }
            switch (defect, cause) {
            case (.wrongIssuer, .issuerMismatch?), (.wrongAudience, .audienceMismatch?), (.badSignature, .invalidSignature?),
                (.unsigned, .unsecuredTokenRejected?):
                return true
            default: return false
            }
        }
    }

    @Test("another user's sub is refused, signed or not (§5.3.2: the response must not be used)", arguments: [true, false])
    func subjectMismatch(signed: Bool) async throws {
        let fixture = try Self.fixture(signed: signed)
        let user = try await fixture.login()
        fixture.provider.spoilNextUserInfo(.wrongSubject)
        await #expect(throws: AuthClientError.userInfoSubjectMismatch) { _ = try await user.fetchProfile() }
    }

    @Test("an encrypted (JWE) userinfo answer is refused as not supported")
    func encrypted() async throws {
        let fixture = try Self.fixture()
        let user = try await fixture.login()
        fixture.provider.spoilNextUserInfo(.encrypted)
        await #expect(throws: AuthClientError.encryptedUserInfo) { _ = try await user.fetchProfile() }
    }

    @Test("with userinfo_signed_response_alg registered, a plain JSON answer is refused: no downgrade")
    func unsignedWhenRegistered() async throws {
        let fixture = try Self.fixture(client: { $0.userInfoSignedResponseAlgorithm = .es256 })
        let user = try await fixture.login()
        #expect(try await user.fetchProfile().signingAlgorithm == .es256)
        fixture.provider.spoilNextUserInfo(.plainJSON)
        await #expect(throws: AuthClientError.unsignedUserInfo(expectedAlgorithm: "ES256")) { _ = try await user.fetchProfile() }
    }

    @Test("a signed answer whose alg is not the registered one, or not in userinfo_signing_alg_values_supported, is refused")
    func algorithmNotAccepted() async throws {
        let registered = try Self.fixture(client: {
            $0.allowedAlgorithms = [.es256, .rs256]
            $0.userInfoSignedResponseAlgorithm = .rs256
        })
        let user = try await registered.login()
        await #expect(
            throws: AuthClientError.invalidSignedUserInfo(
                reason: "its alg is not one the client accepts for userinfo", cause: .algorithmNotAllowed("ES256"))
        ) {
            _ = try await user.fetchProfile()
        }
        let fixture = try Self.fixture()
        var metadata = fixture.provider.metadata
        metadata.userinfoSigningAlgorithmsSupported = ["RS256"]
        let client = try AuthClient(
            configuration: fixture.client.configuration, metadata: metadata, transport: fixture.provider, clock: .manual(fixture.time))
        var generator = SeededRandomNumberGenerator(seed: 1)
        let other = try await client.login(with: fixture.provider.browser(), using: &generator)
        await #expect { _ = try await other.fetchProfile() } throws: { error in
            guard case .invalidSignedUserInfo(_, .algorithmNotAllowed?)? = error as? AuthClientError else { return false }
            return true
        }
    }

    @Test("after a key rotation, a userinfo JWT signed with the new kid is verified once the JWK Set is fetched again")
    func keyRotation() async throws {
        let fixture = try Self.fixture()
        let user = try await fixture.login()
        _ = try await user.fetchProfile()
        let jwksFetches = fixture.provider.requestCount(.jwks)
        fixture.provider.rotateSigningKey(to: .es256.withKeyID("authflow-test-p256-next"))
        let profile = try await user.fetchProfile()
        #expect(profile.signingKeyID == "authflow-test-p256-next")
        #expect(fixture.provider.requestCount(.jwks) == jwksFetches + 1)
    }

    @Test("rp-userinfo-bearer-body: with sendsUserInfoTokenInBody the token goes in a form POST body, not the header")
    func tokenInBody() async throws {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.signingKey = .es256
        let provider = FakeOpenIDProvider(configuration, clock: .manual(ManualWallClock(Fixture.start)))
        let transport = RecordingTransport(provider)
        var clientConfiguration = try provider.clientConfiguration
        clientConfiguration.allowedAlgorithms = [.es256]
        clientConfiguration.sendsUserInfoTokenInBody = true
        let client = try AuthClient(
            configuration: clientConfiguration, metadata: provider.metadata, transport: transport,
            clock: .manual(ManualWallClock(Fixture.start)))
        var generator = SeededRandomNumberGenerator(seed: 1)
        let user = try await client.login(with: provider.browser(), using: &generator)
        #expect(try await user.fetchProfile().subject == "alice")
        #expect(provider.lastUserInfoTokenPlacement == "body")
        let request = try #require(transport.requests.last { $0.url == provider.url(of: .userinfo) })
        #expect(request.method == .post)
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(request.header("Authorization") == nil)
        let accessToken = try #require(await user.tokens?.accessToken)
        #expect(String(decoding: request.body, as: UTF8.self) == FormParameter.encode([.init(name: "access_token", value: accessToken)]))
    }

    @Test("the header stays the default; a 401 in body mode is refreshed and retried in body mode")
    func headerDefaultAndRetry() async throws {
        let fixture = try Self.fixture(signed: false)
        let user = try await fixture.login()
        _ = try await user.fetchProfile()
        #expect(fixture.provider.lastUserInfoTokenPlacement == "header")
        let body = try Self.fixture(signed: false, client: { $0.sendsUserInfoTokenInBody = true })
        let bodyUser = try await body.login()
        body.provider.expireAccessTokens()
        #expect(try await bodyUser.fetchProfile().subject == "alice")
        #expect(body.provider.lastUserInfoTokenPlacement == "body")
        #expect(await bodyUser.refreshCount == 1)
    }

    @Test("a DPoP-bound token keeps the Authorization header with its proof, even with sendsUserInfoTokenInBody")
    func dpopKeepsHeader() async throws {
        let fixture = try Self.fixture(
            signed: false,
            client: {
                $0.usesDPoP = true
                $0.sendsUserInfoTokenInBody = true
            })
        let user = try await fixture.login()
        #expect(try await user.fetchProfile().subject == "alice")
        #expect(fixture.provider.lastUserInfoTokenPlacement == "header")
    }
}
