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

@Suite("FAPI 2.0 profiles: each rule of the Security Profile and Message Signing is a typed refusal")
struct FAPI2ProfileTests {
    static func violation(_ expected: FAPI2Violation, _ make: () throws -> Fixture) {
        #expect(throws: AuthClientError.fapi2Violation(expected)) { _ = try make() }
    }

    static func login(_ fixture: Fixture, _ options: LoginOptions = .init()) async throws(AuthClientError) -> User {
        var generator = SeededRandomNumberGenerator(seed: 1)
        return try await fixture.client.login(with: fixture.provider.browser(), options: options, using: &generator)
    }

    @Test(
        "adopt sets DPoP-bound tokens, PS256/ES256/EdDSA only, the issuer as assertion aud, and a request object lifetime within 60 minutes"
    )
    func adoptSetsTheDefaults() throws {
        var configuration = try FakeOpenIDProvider().clientConfiguration
        configuration.clientAuthentication = .privateKeyJWT(ClientAssertionKey(FAPI2Fixture.clientKey))
        configuration.requestObjectLifetimeSeconds = 7200
        configuration.adopt(.messageSigning)
        #expect(configuration.fapi2Profile == .messageSigning && configuration.fapi2Profile?.requiresMessageSigning == true)
        #expect(configuration.usesDPoP && configuration.requiresDPoPBoundTokens)
        #expect(configuration.allowedAlgorithms == [.ps256, .es256, .edDSA])
        #expect(configuration.clientAuthentication == .privateKeyJWT(ClientAssertionKey(FAPI2Fixture.clientKey), audience: .issuer))
        #expect(configuration.requestObjectLifetimeSeconds == 3600)
        #expect(FAPI2Profile.securityProfile.description == "fapi2" && FAPI2Profile.messageSigning.description == "fapi2-message-signing")
    }

    @Test("a FAPI 2.0 login pushes (PAR), uses PKCE S256, gets DPoP-bound tokens and authenticates with private_key_jwt")
    func securityProfileLogin() async throws {
        let fixture = try FAPI2Fixture.make()
        let user = try await Self.login(fixture)
        let tokens = try #require(await user.tokens)
        #expect(tokens.isDPoPBound && tokens.tokenType == "DPoP")
        #expect(fixture.provider.requestCount(.pushedAuthorization) == 1)
        let parameters = fixture.provider.lastAuthorizationParameters
        #expect(parameters.first { $0.name == "code_challenge_method" }?.value == "S256")
        #expect(parameters.first { $0.name == "response_type" }?.value == "code")
        #expect(!parameters.contains { $0.name == "request" || $0.name == "response_mode" })
    }

    @Test("client authentication other than private_key_jwt is refused (Security Profile §5.3.3.1)")
    func clientAuthentication() {
        for authentication in [
            ClientAuthentication.none, .clientSecretBasic("s3cr3t"), .clientSecretPost("s3cr3t"), .clientSecretJWT("s3cr3t"),
        ] {
            Self.violation(.clientAuthenticationNotAllowed(method: authentication.description)) {
                try FAPI2Fixture.make(client: { $0.clientAuthentication = authentication })
            }
        }
    }

    @Test("a private_key_jwt assertion addressed to the token endpoint is refused: aud must be the issuer")
    func assertionAudience() {
        Self.violation(.clientAssertionAudienceNotIssuer) {
            try FAPI2Fixture.make(client: { $0.clientAuthentication = .privateKeyJWT(ClientAssertionKey(FAPI2Fixture.clientKey)) })
        }
    }

    @Test("Bearer tokens are refused: DPoP and DPoP-bound answers are required (sender-constrained tokens)")
    func senderConstraint() {
        Self.violation(.senderConstrainedTokensRequired) { try FAPI2Fixture.make(client: { $0.requiresDPoPBoundTokens = false }) }
        Self.violation(.senderConstrainedTokensRequired) {
            try FAPI2Fixture.make(client: {
                $0.usesDPoP = false
                $0.requiresDPoPBoundTokens = false
            })
        }
    }

    @Test("RS256, HS256 and none are refused for ID tokens, client assertions and request objects (§5.4.1)")
    func algorithms() {
        for algorithm in [JWSAlgorithm.rs256, .hs256, .none, .ps384] {
            Self.violation(.algorithmNotAllowed(use: .idToken, algorithm: algorithm.rawValue)) {
                try FAPI2Fixture.make(client: { $0.allowedAlgorithms = [.es256, algorithm] })
            }
            Self.violation(.algorithmNotAllowed(use: .clientAssertion, algorithm: algorithm.rawValue)) {
                try FAPI2Fixture.make(client: {
                    $0.clientAuthentication = .privateKeyJWT(ClientAssertionKey(AlgorithmOnlyKey(algorithm: algorithm)), audience: .issuer)
                })
            }
            Self.violation(.algorithmNotAllowed(use: .requestObject, algorithm: algorithm.rawValue)) {
                try FAPI2Fixture.make(
                    .messageSigning, client: { $0.requestObjectSigningKey = ClientAssertionKey(AlgorithmOnlyKey(algorithm: algorithm)) })
            }
        }
    }

    @Test("a provider without a PAR endpoint or without the RFC 9207 iss parameter is refused (and one without S256, as always)")
    func providerCapabilities() throws {
        let configuration = try FAPI2Fixture.make().client.configuration
        let provider = FakeOpenIDProvider()
        func client(_ change: (inout ProviderMetadata) -> Void) throws(AuthClientError) {
            var metadata = provider.metadata
            change(&metadata)
            _ = try AuthClient(configuration: configuration, metadata: metadata, transport: provider)
        }
        #expect(throws: AuthClientError.fapi2Violation(.pushedAuthorizationEndpointMissing)) {
            try client { $0.pushedAuthorizationRequestEndpoint = nil }
        }
        // PKCE S256: refused by the metadata check every client makes, profile or not.
        #expect(throws: (any Error).self) { try client { $0.codeChallengeMethodsSupported = ["plain"] } }
        #expect(throws: AuthClientError.fapi2Violation(.issuerParameterNotSupported)) {
            try client { $0.authorizationResponseIssuerParameterSupported = false }
        }
        #expect(throws: Never.self) { try client { $0.codeChallengeMethodsSupported = ["S256"] } }
    }

    @Test("a login whose options decline PAR is refused before anything is sent; automatic pushes at a provider that does not require it")
    func parRequired() async throws {
        let fixture = try FAPI2Fixture.make()
        await #expect(throws: AuthClientError.fapi2Violation(.pushedAuthorizationDeclined)) {
            _ = try await Self.login(fixture, .init(pushedAuthorization: .never))
        }
        #expect(fixture.provider.requestCount(.pushedAuthorization) == 0 && fixture.provider.requestCount(.authorization) == 0)
        #expect(!fixture.provider.metadata.requiresPushedAuthorizationRequests)
        _ = try await Self.login(fixture)
        #expect(fixture.provider.requestCount(.pushedAuthorization) == 1)
    }

    @Test("Message Signing: every request is a signed request object through PAR, and the response is a JARM JWT")
    func messageSigningLogin() async throws {
        let fixture = try FAPI2Fixture.make(.messageSigning)
        var generator = SeededRandomNumberGenerator(seed: 1)
        let request = try await fixture.client.preparedAuthorizationRequest(using: &generator)
        let object = try #require(request.requestObject)
        #expect(request.pushed != nil && request.options.responseMode == .jwt)
        let claims = try FAPI2Fixture.claims(of: object)
        #expect(claims["response_mode"]?.stringValue == "jwt")
        let user = try await Self.login(fixture)
        #expect(user.subject == "alice")
        #expect(fixture.provider.lastAuthorizationParameters.first { $0.name == "response_mode" }?.value == "jwt")
    }

    @Test("Message Signing: request objects live at most 60 minutes, exp - nbf, with nbf the time of signing")
    func requestObjectLifetime() async throws {
        Self.violation(.requestObjectLifetimeTooLong(seconds: 3601)) {
            try FAPI2Fixture.make(.messageSigning, client: { $0.requestObjectLifetimeSeconds = 3601 })
        }
        let fixture = try FAPI2Fixture.make(.messageSigning, client: { $0.requestObjectLifetimeSeconds = 3600 })
        var generator = SeededRandomNumberGenerator(seed: 1)
        let request = try await fixture.client.preparedAuthorizationRequest(using: &generator)
        let claims = try FAPI2Fixture.claims(of: try #require(request.requestObject))
        let now = Fixture.start.secondsSince1970
        #expect(claims["nbf"]?.numberValue?.int64Value == now && claims["iat"]?.numberValue?.int64Value == now)
        #expect(claims["exp"]?.numberValue?.int64Value == now + 3600)
    }

    @Test("Message Signing: declining the request object or asking for a plain response mode is refused")
    func messageSigningOptions() async throws {
        let fixture = try FAPI2Fixture.make(.messageSigning)
        await #expect(throws: AuthClientError.fapi2Violation(.requestObjectDeclined)) {
            _ = try await Self.login(fixture, .init(requestObject: .never))
        }
        for mode in [ResponseMode.query, .fragment, .formPost] {
            await #expect(throws: AuthClientError.fapi2Violation(.responseModeNotJWT(mode.rawValue))) {
                _ = try await Self.login(fixture, .init(responseMode: mode))
            }
        }
        #expect(fixture.provider.requestCount(.pushedAuthorization) == 0)
        let user = try await Self.login(fixture, .init(responseMode: .formPostJWT))
        #expect(user.subject == "alice")
    }

    @Test("Message Signing: a provider with no JWT response mode is refused")
    func jarmSupport() throws {
        let configuration = try FAPI2Fixture.make(.messageSigning).client.configuration
        let provider = FakeOpenIDProvider()
        var metadata = provider.metadata
        metadata.responseModesSupported = ["query", "fragment"]
        #expect(throws: AuthClientError.fapi2Violation(.jwtResponseModeNotSupported(advertised: ["query", "fragment"]))) {
            _ = try AuthClient(configuration: configuration, metadata: metadata, transport: provider)
        }
    }

    @Test("each violation has its own stable code in 10551-10570, carried by the error, and a message naming the rule")
    func codes() {
        let violations: [FAPI2Violation] = [
            .pushedAuthorizationEndpointMissing, .pushedAuthorizationDeclined, .issuerParameterNotSupported,
            .senderConstrainedTokensRequired, .clientAuthenticationNotAllowed(method: "none"), .clientAssertionAudienceNotIssuer,
            .algorithmNotAllowed(use: .idToken, algorithm: "RS256"), .requestObjectLifetimeTooLong(seconds: 7200), .requestObjectDeclined,
            .responseModeNotJWT("query"), .jwtResponseModeNotSupported(advertised: []),
        ]
        #expect(violations.map(\.code) == Array(10551...10561))
        for violation in violations {
            #expect(AuthClientError.fapi2Violation(violation).code == violation.code)
            #expect(
                AuthClientError.fapi2Violation(violation).description.hasPrefix("error \(violation.code): refused by the FAPI 2.0 profile"))
        }
    }
}

extension FAPI2ProfileTests {
    @Test("a registered userinfo algorithm outside PS256, ES256 and EdDSA is refused (§5.4.1 covers userinfo too)")
    func userInfoAlgorithm() {
        for algorithm in [JWSAlgorithm.rs256, .hs256, .ps384] {
            Self.violation(.algorithmNotAllowed(use: .userInfo, algorithm: algorithm.rawValue)) {
                try FAPI2Fixture.make(client: { $0.userInfoSignedResponseAlgorithm = algorithm })
            }
        }
        #expect(throws: Never.self) { try FAPI2Fixture.make(client: { $0.userInfoSignedResponseAlgorithm = .es256 }) }
    }

    @Test("a request object by reference is refused: it would skip PAR (and, unsigned, Message Signing)")
    func requestObjectByReference() async throws {
        for profile in [FAPI2Profile.securityProfile, .messageSigning] {
            let fixture = try FAPI2Fixture.make(profile, provider: { $0.requestURIHost = UnimplementedTransport() })
            var generator = SeededRandomNumberGenerator(seed: 7)
            // Built with the public initializer, as the attack would: it skips the login's profile options.
            let request = try AuthorizationRequest(
                configuration: fixture.client.configuration, metadata: fixture.client.metadata, options: .init(), using: &generator)
            await #expect(throws: AuthClientError.fapi2Violation(.pushedAuthorizationDeclined)) {
                _ = try await fixture.client.requestObjectByReference(
                    request, requestURI: "https://app.example.com/requests/1", unsigned: true, using: &generator)
            }
        }
    }
}
