// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJSON
import AuthJWT
import AuthTesting
import AuthURLSession
import Testing

/// Signed UserInfo (OpenID Connect Core §5.3.2) written by Authlib's `UserInfoEndpoint` and the access token in
/// the form body (RFC 6750 §2.2), against the same Authlib server as ``JARInteropTests`` (`.ci/interop` starts
/// `.ci/authlib-jar-provider.py` and sets `AUTHFLOW_JAR_ISSUER` and `AUTHFLOW_JAR_JWKS_FILE`; without them the
/// suite is skipped). Each login is a real OpenID Connect login: a signed request object Authlib verifies, an
/// ID token Authlib's `OpenIDCode` signs with the key its `/jwks` publishes, which the client verifies.
@Suite("Interop: signed UserInfo and the body token against Authlib", .enabled(if: jarInteropIssuer != nil), .serialized)
struct UserInfoInteropTests {
    /// Logs in as `clientID` (registered in the provider script) with scope `openid` and returns the user.
    static func login(
        _ clientID: String, seed: UInt64, signed: Bool = true, tokenInBody: Bool = false
    ) async throws -> User {
        let key = JARInteropTests.key(seed)
        let jar = try await JARInteropTests.client(key)
        var configuration = try ClientConfiguration(
            issuer: jar.configuration.issuer, clientID: clientID, redirectURI: "com.example.authflow:/callback",
            scopes: [.openID], allowsInsecureLoopbackIssuer: true)
        configuration.requestObjectSigningKey = ClientAssertionKey(key)
        configuration.userInfoSignedResponseAlgorithm = signed ? .es256 : nil
        configuration.sendsUserInfoTokenInBody = tokenInBody
        let client = try await AuthClient.discover(configuration, transport: URLSessionTransport(timeout: 10))
        let user = try await client.login(with: FormPostUserAgent(form: "approve=yes"))
        #expect(user.subject == "alice")
        return user
    }

    @Test("Authlib signs the userinfo of a client that registered ES256; it verifies with the key /jwks publishes")
    func signed() async throws {
        let user = try await Self.login("authflow-userinfo-signed", seed: 11)
        let profile = try await user.fetchProfile()
        #expect(profile.subject == "alice")
        #expect(profile.signingAlgorithm == .es256)
        #expect(profile.signingKeyID == "authlib-server-1")
        #expect(profile.claims["name"]?.stringValue == "Alice Example")
    }

    @Test("a userinfo JWT signed by a key that is not in Authlib's JWK Set is refused: no matching key")
    func rogueKey() async throws {
        let user = try await Self.login("authflow-userinfo-rogue", seed: 12)
        await #expect {
            _ = try await user.fetchProfile()
        } throws: { error in
            guard case .invalidSignedUserInfo(_, let cause) = error as? AuthClientError else { return false }
            return cause == .noMatchingKey(keyID: "authlib-rogue-1", algorithm: "ES256")
        }
    }

    @Test("a signed userinfo whose sub is not the ID token's is refused: userInfoSubjectMismatch")
    func otherSubject() async throws {
        let user = try await Self.login("authflow-userinfo-other-sub", seed: 13)
        await #expect(throws: AuthClientError.userInfoSubjectMismatch) { _ = try await user.fetchProfile() }
    }

    @Test("the token in the form body of a POST (RFC 6750 §2.2) gets the plain JSON userinfo; in the header Authlib refuses it")
    func tokenInBody() async throws {
        let user = try await Self.login("authflow-userinfo", seed: 14, signed: false, tokenInBody: true)
        let profile = try await user.fetchProfile()
        #expect(profile.subject == "alice")
        #expect(profile.signingAlgorithm == nil)
        let header = try await Self.login("authflow-userinfo", seed: 15, signed: false, tokenInBody: false)
        // Authlib's 401 invalid_token; with no refresh token, the client asks for a new authorization.
        await #expect(throws: AuthClientError.reauthorizationRequired) { _ = try await header.fetchProfile() }
    }

    @Test("a client that registered ES256 refuses Authlib's plain JSON answer to a client that registered nothing")
    func unsignedRefused() async throws {
        let user = try await Self.login("authflow-userinfo", seed: 16, signed: true, tokenInBody: true)
        await #expect(throws: AuthClientError.unsignedUserInfo(expectedAlgorithm: "ES256")) { _ = try await user.fetchProfile() }
    }
}
