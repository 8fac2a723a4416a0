// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthTesting
import TestVectors
import Testing

/// `Python/client-secret-jwt.json`: assertions MACed by Python's hmac (see generate_client_assertion.py).
struct ClientSecretJWTVectors: Decodable {
    struct Case: Decodable {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let client_id: String
        let audience: String
        let jti: String
        let iat: Int64
        let lifetime: Int64
        let secret: String
        let assertion: String
    }
    let cases: [Case]
}

@Suite("client_secret_jwt (RFC 7523 §2.2, OpenID Connect Core §9): the assertion, its use, and the provider's checks")
struct ClientAssertionTests {
    @Test("the HS256 assertion is the one Python's hmac makes for the same claims")
    func pythonVectors() throws {
        let vectors = try Vectors.json("Python/client-secret-jwt.json", as: ClientSecretJWTVectors.self)
        for vector in vectors.cases {
            let assertion = ClientAssertion(
                clientID: vector.client_id, audience: vector.audience, jwtID: vector.jti,
                issuedAt: NumericDate(secondsSince1970: vector.iat), lifetimeSeconds: vector.lifetime)
            #expect(assertion.macedWithHS256(secret: vector.secret) == vector.assertion)
            #expect(!"\(assertion)".contains(vector.jti))
        }
    }

    @Test("assertions authenticate the login, the refresh, the revocation and the device request, for either audience")
    func login() async throws {
        for audience in [ClientAssertion.Audience.tokenEndpoint, .issuer] {
            let fixture = try Fixture(authentication: .clientSecretJWT(Fixture.secret, audience: audience))
            let user = try await fixture.login()
            _ = try await user.refreshTokens()
            #expect(try await user.logout().didRevoke)
            _ = try await fixture.client.requestDeviceAuthorization()
        }
        // A wrong secret is refused at each of them.
        let fixture = try Fixture(authentication: .clientSecretJWT(Fixture.secret))
        var configuration = fixture.client.configuration
        configuration.clientAuthentication = .clientSecretJWT("a-wrong-secret")
        let client = try AuthClient(configuration: configuration, metadata: fixture.provider.metadata, transport: fixture.provider)
        await #expect(throws: AuthClientError.self) { try await client.revoke("a-token", hint: "access_token") }
        do {
            _ = try await client.requestDeviceAuthorization()
            Issue.record("a wrong secret was accepted")
        } catch {
            #expect(error.oauthError == .invalidClient)
        }
    }

    @Test("the form carries the jwt-bearer type and claims iss = sub = client id, aud, a jti from the injected generator, exp = iat + 60")
    func wire() async throws {
        var configuration = try ClientConfiguration(
            issuer: "https://as.example.com", clientID: "my-app", clientAuthentication: .clientSecretJWT("s3cr3t"),
            redirectURI: "com.example.app:/cb")
        configuration.assertionIDs = ClientAssertionIDGenerator(SeededRandomNumberGenerator(seed: 9))
        let metadata = ProviderMetadata(
            issuer: "https://as.example.com", authorizationEndpoint: "https://as.example.com/authorize",
            tokenEndpoint: "https://as.example.com/token", jwksURI: "https://as.example.com/jwks",
            revocationEndpoint: "https://as.example.com/revoke")
        let transport = ScriptedTransport([TransportResponse(status: 200)], repeatsLast: true)
        let client = try AuthClient(configuration: configuration, metadata: metadata, transport: transport, clock: .fixed(Fixture.start))
        _ = try await client.revoke("a-token", hint: "access_token")
        _ = try await client.revoke("a-token", hint: "access_token")
        var expected = SeededRandomNumberGenerator(seed: 9)
        var jwtIDs: [String] = []
        for request in transport.requests {
            let form = try FormParameter.parse(request.body)
            #expect(form.first { $0.name == "client_assertion_type" }?.value == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
            #expect(form.first { $0.name == "client_id" }?.value == "my-app")
            #expect(!form.contains { $0.name == "client_secret" })
            #expect(request.header("Authorization") == nil)
            let jwt = try JWT(compact: try #require(form.first { $0.name == "client_assertion" }?.value))
            #expect(jwt.header.algorithm == .hs256)
            #expect(try jwt.claims.issuer == "my-app")
            #expect(try jwt.claims.subject == "my-app")
            #expect(try jwt.claims.audience == ["https://as.example.com/token"])  // the token endpoint, also at revocation
            #expect(try jwt.claims.issuedAt == Fixture.start)
            #expect(try jwt.claims.expiration == Fixture.start.adding(seconds: 60))
            let reference = ClientAssertion(clientID: "my-app", audience: "", issuedAt: Fixture.start, using: &expected)
            #expect(try jwt.claims.jwtID == reference.jwtID)
            jwtIDs.append(try #require(try jwt.claims.jwtID))
        }
        #expect(Set(jwtIDs).count == 2)
    }

    /// A refresh with a made-up refresh token: authentication passes (then `invalid_grant`) or fails (`invalid_client`).
    static func tokenRequest(_ fixture: Fixture, assertion: String) async throws -> (status: Int, description: String?) {
        var request = TransportRequest(method: .post, url: fixture.provider.url(of: .token))
        request.body = Array(
            FormParameter.encode(
                [FormParameter(name: "grant_type", value: "refresh_token"), FormParameter(name: "refresh_token", value: "made-up")]
                    + ClientAssertion.formParameters(assertion)
            ).utf8)
        let response = try await fixture.provider.send(request)
        let body = try JSONValue(parsing: response.body).objectValue
        return (response.status, body?["error_description"]?.stringValue)
    }

    @Test("the provider refuses an assertion with a wrong audience, an expired one, a replayed jti, and a wrong secret")
    func refusals() async throws {
        let fixture = try Fixture(authentication: .clientSecretJWT(Fixture.secret))
        let clientID = fixture.provider.configuration.clientID
        func assertion(audience: String, jwtID: String, issuedAt: NumericDate = Fixture.start, secret: String = Fixture.secret) -> String {
            ClientAssertion(clientID: clientID, audience: audience, jwtID: jwtID, issuedAt: issuedAt).macedWithHS256(secret: secret)
        }
        let tokenEndpoint = fixture.provider.url(of: .token)
        let good = assertion(audience: tokenEndpoint, jwtID: "one")
        #expect(try await Self.tokenRequest(fixture, assertion: good).status == 400)  // authenticated; the grant is refused
        let cases: [(String, String)] = [
            (good, "the client assertion's jti was already used"),
            (assertion(audience: "https://attacker.example/token", jwtID: "two"), "aud must be the issuer or the token endpoint"),
            (
                assertion(audience: fixture.provider.url(of: .pushedAuthorization), jwtID: "three"),
                "aud must be the issuer or the token endpoint"
            ),
            (
                assertion(audience: tokenEndpoint, jwtID: "four", issuedAt: Fixture.start.adding(seconds: -60)),
                "the client assertion has expired"
            ),
            (assertion(audience: tokenEndpoint, jwtID: "five", secret: "another-secret"), "the client assertion's MAC does not verify"),
        ]
        for (text, reason) in cases {
            let answer = try await Self.tokenRequest(fixture, assertion: text)
            #expect(answer.status == 401)
            #expect(answer.description == reason)
        }
        #expect(
            try await Self.tokenRequest(fixture, assertion: assertion(audience: fixture.provider.configuration.issuer, jwtID: "six")).status
                == 400)
    }
}
