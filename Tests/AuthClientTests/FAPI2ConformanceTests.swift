// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthTesting
import Testing

/// The OpenID conformance suite's FAPI 2.0 RP (client) test modules that a native client can run without
/// the suite: `fapi2-security-profile-final-client-test-plan` and `fapi2-message-signing-final-client-test-plan`
/// (openid-certification/conformance-suite, `net.openid.conformance.fapi2spfinal`), each emulated by one
/// misbehaving fake provider. The test's name starts with the module's name. Not emulated: the Brazil
/// refresh-token test, the Open Banking intent id test and the three grant-management tests
/// (profile-specific APIs this client does not speak).
@Suite("FAPI 2.0 RP conformance tests, emulated: one misbehaving provider per test module")
struct FAPI2ConformanceTests {
    static func login(_ fixture: Fixture) async throws(AuthClientError) -> User {
        var generator = SeededRandomNumberGenerator(seed: 1)
        return try await fixture.client.login(with: fixture.provider.browser(), using: &generator)
    }

    /// The module's expected outcome: the login is refused with an error `matches` accepts, no token
    /// request was made when the fault is in the authorization response, and nothing is stored.
    static func refused(
        _ fixture: Fixture, beforeTokenRequest: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
        _ matches: (AuthClientError) -> Bool
    ) async {
        do {
            let user = try await login(fixture)
            Issue.record(
                "the client accepted the misbehaving provider's answer (user \(user.subject ?? "-"))", sourceLocation: sourceLocation)
        } catch {
            #expect(matches(error), "\(error)", sourceLocation: sourceLocation)
        }
        if beforeTokenRequest { #expect(fixture.provider.requestCount(.token) == 0, sourceLocation: sourceLocation) }
        #expect(await fixture.store.lastCredential(for: fixture.client.grant) == nil, sourceLocation: sourceLocation)
    }

    static func idTokenRefused(_ fixture: Fixture, sourceLocation: SourceLocation = #_sourceLocation, _ matches: (AuthJWTError) -> Bool)
        async
    {
        await refused(fixture, sourceLocation: sourceLocation) {
            guard case .idToken(let cause) = $0 else { return false }
            return matches(cause)
        }
    }

    // MARK: Accepted

    @Test("fapi2-security-profile-final-client-test-happy-path: PAR, PKCE S256, private_key_jwt, DPoP with the provider's nonce")
    func happyPath() async throws {
        let fixture = try FAPI2Fixture.make(provider: { $0.requiresDPoPNonce = true })
        let user = try await Self.login(fixture)
        #expect(try #require(await user.tokens).isDPoPBound)
        #expect(fixture.provider.requestCount(.pushedAuthorization) == 1)
    }

    @Test("fapi2-security-profile-final-client-test-happy-path-no-dpop-nonce: DPoP without a server nonce")
    func happyPathNoDPoPNonce() async throws {
        let fixture = try FAPI2Fixture.make()
        #expect(try #require(await Self.login(fixture).tokens).isDPoPBound)
    }

    @Test("fapi2-security-profile-final-client-test-valid-aud-as-array: aud [client] is accepted")
    func validAudAsArray() async throws {
        let fixture = try FAPI2Fixture.make(misbehaviours: [.idTokenAudienceAsArray])
        #expect(try await Self.login(fixture).subject == "alice")
    }

    @Test("fapi2-security-profile-final-client-test-token-endpoint-response-without-expires_in: accepted")
    func withoutExpiresIn() async throws {
        let fixture = try FAPI2Fixture.make(misbehaviours: [.tokenResponseWithoutExpiresIn])
        #expect(try await Self.login(fixture).subject == "alice")
    }

    @Test("fapi2-security-profile-final-client-test-token-type-case-insensitivity: token_type dpop counts as DPoP")
    func tokenTypeCaseInsensitivity() async throws {
        let fixture = try FAPI2Fixture.make(misbehaviours: [.tokenTypeInLowerCase])
        #expect(try #require(await Self.login(fixture).tokens).isDPoPBound)
    }

    @Test("fapi2-security-profile-final-client-test-rs-dpop-auth-scheme-case-insensitivity: a dPoP nonce challenge is answered")
    func resourceDPoPSchemeCaseInsensitivity() async throws {
        let fixture = try FAPI2Fixture.make(misbehaviours: [.resourceDPoPChallengeInMixedCase], provider: { $0.requiresDPoPNonce = true })
        let user = try await Self.login(fixture)
        fixture.provider.rotateDPoPNonce()
        _ = try await user.fetchProfile()
        #expect(fixture.provider.requestCount(.userinfo) == 2)
    }

    // MARK: Refused: discovery and the ID token

    @Test("fapi2-security-profile-final-client-test-discovery-issuer-mismatch: the discovery document is refused")
    func discoveryIssuerMismatch() async throws {
        let fixture = try FAPI2Fixture.make(misbehaviours: [.discoveryIssuerMismatch])
        await #expect {
            _ = try await AuthClient.discover(fixture.client.configuration, transport: fixture.provider)
        } throws: { error in
            guard case .issuerMismatch = error as? AuthClientError else { return false }
            return true
        }
    }

    @Test("fapi2-security-profile-final-client-test-invalid-iss: the ID token's iss is another issuer")
    func invalidIss() async throws {
        let fixture = try FAPI2Fixture.make()
        fixture.provider.spoilNextIDToken(.wrongIssuer)
        await Self.idTokenRefused(fixture) { if case .issuerMismatch = $0 { true } else { false } }
    }

    @Test("fapi2-security-profile-final-client-test-invalid-missing-iss: the ID token has no iss")
    func invalidMissingIss() async throws {
        await Self.idTokenRefused(try FAPI2Fixture.make(misbehaviours: [.idTokenWithoutIssuer])) { $0 == .missingClaim("iss") }
    }

    @Test("fapi2-security-profile-final-client-test-invalid-aud: the ID token is for another client")
    func invalidAud() async throws {
        let fixture = try FAPI2Fixture.make()
        fixture.provider.spoilNextIDToken(.wrongAudience)
        await Self.idTokenRefused(fixture) { if case .audienceMismatch = $0 { true } else { false } }
    }

    @Test("fapi2-security-profile-final-client-test-invalid-secondary-aud: aud lists an untrusted second client")
    func invalidSecondaryAud() async throws {
        await Self.idTokenRefused(try FAPI2Fixture.make(misbehaviours: [.idTokenWithUntrustedSecondAudience])) {
            switch $0 {
            case .untrustedAudience, .missingAuthorizedParty: true
            default: false
            }
        }
    }

    @Test("fapi2-security-profile-final-client-test-invalid-missing-aud: the ID token has no aud")
    func invalidMissingAud() async throws {
        await Self.idTokenRefused(try FAPI2Fixture.make(misbehaviours: [.idTokenWithoutAudience])) {
            if case .audienceMismatch(_, let actual) = $0 { actual.isEmpty } else { false }
        }
    }

    @Test("fapi2-security-profile-final-client-test-invalid-null-alg: an unsecured (alg none) ID token")
    func invalidNullAlg() async throws {
        await Self.idTokenRefused(try FAPI2Fixture.make(misbehaviours: [.idTokenUnsigned])) {
            switch $0 {
            case .unsecuredTokenRejected, .algorithmNotAllowed: true
            default: false
            }
        }
    }

    @Test("fapi2-security-profile-final-client-test-invalid-alternate-alg: an RS256 ID token, outside PS256/ES256/EdDSA")
    func invalidAlternateAlg() async throws {
        await Self.idTokenRefused(try FAPI2Fixture.make(signingKey: .rs256)) { $0 == .algorithmNotAllowed("RS256") }
    }

    @Test("fapi2-security-profile-final-client-test-invalid-expired-exp: the ID token has expired")
    func invalidExpiredExp() async throws {
        let fixture = try FAPI2Fixture.make()
        fixture.provider.spoilNextIDToken(.expired)
        await Self.idTokenRefused(fixture) { if case .expired = $0 { true } else { false } }
    }

    @Test("fapi2-security-profile-final-client-test-invalid-missing-exp: the ID token has no exp")
    func invalidMissingExp() async throws {
        await Self.idTokenRefused(try FAPI2Fixture.make(misbehaviours: [.idTokenWithoutExpiry])) { $0 == .missingClaim("exp") }
    }

    @Test("fapi2-security-profile-final-client-test-invalid-nonce: the ID token carries another nonce")
    func invalidNonce() async throws {
        let fixture = try FAPI2Fixture.make()
        fixture.provider.spoilNextIDToken(.wrongNonce)
        await Self.idTokenRefused(fixture) { $0 == .nonceMismatch }
    }

    @Test("fapi2-security-profile-final-client-test-invalid-missing-nonce: the ID token has no nonce")
    func invalidMissingNonce() async throws {
        await Self.idTokenRefused(try FAPI2Fixture.make(misbehaviours: [.idTokenWithoutNonce])) {
            switch $0 {
            case .missingClaim("nonce"), .nonceMismatch: true
            default: false
            }
        }
    }

    // MARK: Refused: the authorization response, before any token request

    @Test("fapi2-security-profile-final-client-test-invalid-authorization-response-iss: iss is another issuer (RFC 9207)")
    func invalidAuthorizationResponseIss() async throws {
        await Self.refused(try FAPI2Fixture.make(misbehaviours: [.authorizationResponseWithWrongIssuer]), beforeTokenRequest: true) {
            if case .callback(.issuerMismatch) = $0 { true } else { false }
        }
    }

    @Test("fapi2-security-profile-final-client-test-remove-authorization-response-iss: no iss in the response (RFC 9207)")
    func removeAuthorizationResponseIss() async throws {
        await Self.refused(try FAPI2Fixture.make(misbehaviours: [.authorizationResponseWithoutIssuer]), beforeTokenRequest: true) {
            $0 == .callback(.missingIssuer)
        }
    }

    @Test("fapi2-security-profile-final-client-test-ensure-authorization-response-with-invalid-state-fails")
    func invalidState() async throws {
        let fixture = try FAPI2Fixture.make()
        do {
            var generator = SeededRandomNumberGenerator(seed: 1)
            _ = try await fixture.client.login(with: fixture.provider.browser(.forgedState), using: &generator)
            Issue.record("a forged state was accepted")
        } catch {
            #expect(error == .callback(.stateMismatch))
        }
        #expect(fixture.provider.requestCount(.token) == 0)
    }

    @Test("fapi2-security-profile-final-client-test-ensure-authorization-response-with-invalid-missing-state-fails")
    func missingState() async throws {
        await Self.refused(try FAPI2Fixture.make(misbehaviours: [.authorizationResponseWithoutState]), beforeTokenRequest: true) {
            $0 == .callback(.missingState)
        }
    }

    // MARK: Message Signing: JARM

    static func jarmRefused(_ fixture: Fixture, sourceLocation: SourceLocation = #_sourceLocation, _ matches: (AuthJWTError?) -> Bool) async
    {
        await refused(fixture, beforeTokenRequest: true, sourceLocation: sourceLocation) {
            guard case .invalidAuthorizationResponseJWT(_, let cause) = $0 else { return false }
            return matches(cause)
        }
    }

    static func messageSigning(_ misbehaviours: Set<FakeOpenIDProvider.Misbehaviour> = []) throws -> Fixture {
        try FAPI2Fixture.make(.messageSigning, misbehaviours: misbehaviours)
    }

    @Test("fapi2-security-profile-final-client-test-happy-path, Message Signing: JAR through PAR, a JARM response")
    func messageSigningHappyPath() async throws {
        let fixture = try Self.messageSigning()
        #expect(try await Self.login(fixture).subject == "alice")
        #expect(fixture.provider.lastAuthorizationParameters.first { $0.name == "response_mode" }?.value == "jwt")
    }

    @Test("fapi2-security-profile-final-client-test-ensure-jarm-without-iss-fails")
    func jarmWithoutIss() async throws {
        await Self.jarmRefused(try Self.messageSigning([.jarmWithoutIssuer])) { $0 == .missingClaim("iss") }
    }

    @Test("fapi2-security-profile-final-client-test-ensure-jarm-with-invalid-iss-fails")
    func jarmInvalidIss() async throws {
        let fixture = try Self.messageSigning()
        fixture.provider.spoilNextAuthorizationResponse(.wrongIssuer)
        await Self.jarmRefused(fixture) { if case .issuerMismatch? = $0 { true } else { false } }
    }

    @Test("fapi2-security-profile-final-client-test-ensure-jarm-without-aud-fails")
    func jarmWithoutAud() async throws {
        await Self.jarmRefused(try Self.messageSigning([.jarmWithoutAudience])) {
            if case .audienceMismatch(_, let actual)? = $0 { actual.isEmpty } else { false }
        }
    }

    @Test("fapi2-security-profile-final-client-test-ensure-jarm-with-invalid-aud-fails")
    func jarmInvalidAud() async throws {
        let fixture = try Self.messageSigning()
        fixture.provider.spoilNextAuthorizationResponse(.wrongAudience)
        await Self.jarmRefused(fixture) { if case .audienceMismatch? = $0 { true } else { false } }
    }

    @Test("fapi2-security-profile-final-client-test-ensure-jarm-without-exp-fails")
    func jarmWithoutExp() async throws {
        await Self.jarmRefused(try Self.messageSigning([.jarmWithoutExpiry])) { $0 == .missingClaim("exp") }
    }

    @Test("fapi2-security-profile-final-client-test-ensure-jarm-with-expired-exp-fails")
    func jarmExpired() async throws {
        let fixture = try Self.messageSigning()
        fixture.provider.spoilNextAuthorizationResponse(.expired)
        await Self.jarmRefused(fixture) { if case .expired? = $0 { true } else { false } }
    }

    @Test("fapi2-security-profile-final-client-test-ensure-jarm-with-invalid-sig-fails")
    func jarmInvalidSignature() async throws {
        let fixture = try Self.messageSigning()
        fixture.provider.spoilNextAuthorizationResponse(.badSignature)
        await Self.jarmRefused(fixture) { $0 == .invalidSignature }
    }

    @Test("fapi2-security-profile-final-client-test-ensure-jarm-signature-is-not-none")
    func jarmSignatureNotNone() async throws {
        let fixture = try Self.messageSigning()
        fixture.provider.spoilNextAuthorizationResponse(.unsigned)
        await Self.jarmRefused(fixture) {
            switch $0 {
            case .unsecuredTokenRejected?, .algorithmNotAllowed?: true
            default: false
            }
        }
    }
}
