// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthTesting
import Foundation
import TestVectors
import Testing

@Suite("private_key_jwt (OIDC Core §9, RFC 7523 §2.2): signed client assertions at every endpoint")
struct PrivateKeyJWTTests {
    static func key(seed: UInt64, keyID: String = "client-key") -> P256PrivateKey {
        var generator = SeededRandomNumberGenerator(seed: seed)
        return P256PrivateKey.generate(keyID: keyID, using: &generator)
    }

    static func setup(clientKey: P256PrivateKey, registeredKey: P256PrivateKey) throws -> (Fixture, RecordingTransport, AuthClient) {
        let fixture = try Fixture(signingKey: .es256, authentication: .privateKeyJWT(ClientAssertionKey(registeredKey)))
        let transport = RecordingTransport(fixture.provider)
        var configuration = fixture.client.configuration
        configuration.clientAuthentication = .privateKeyJWT(ClientAssertionKey(clientKey))
        let client = try AuthClient(
            configuration: configuration, metadata: fixture.provider.metadata, transport: transport, store: fixture.store,
            clock: .manual(fixture.time), sleeper: fixture.sleeper)
        return (fixture, transport, client)
    }

    static func assertion(_ request: TransportRequest) throws -> (header: [String: Any], claims: [String: Any]) {
        let form = try FormParameter.parse(request.body)
        #expect(form.first { $0.name == "client_assertion_type" }?.value == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
        #expect(form.contains { $0.name == "client_secret" } == false && request.header("Authorization") == nil)
        return try decodedJWT(try #require(form.first { $0.name == "client_assertion" }?.value))
    }

    @Test("login, refresh, device authorization and revocation authenticate with a new assertion each time")
    func everyEndpoint() async throws {
        let key = Self.key(seed: 3)
        let (fixture, transport, client) = try Self.setup(clientKey: key, registeredKey: key)
        var generator = SeededRandomNumberGenerator(seed: 1)
        let user = try await client.login(with: fixture.provider.browser(), using: &generator)
        try await user.refreshTokens()
        _ = try await client.requestDeviceAuthorization()
        let result = try await user.logout()
        #expect(result.didRevoke)
        let authenticated = transport.requests.filter { $0.method == .post && !$0.url.hasSuffix("/authorize") }
        #expect(authenticated.count == 4)
        var identifiers: Set<String> = []
        for request in authenticated {
            let assertion = try Self.assertion(request)
            #expect(assertion.header["alg"] as? String == "ES256" && assertion.header["kid"] as? String == "client-key")
            #expect(assertion.claims["iss"] as? String == fixture.provider.configuration.clientID)
            #expect(assertion.claims["sub"] as? String == fixture.provider.configuration.clientID)
            #expect(assertion.claims["aud"] as? String == fixture.provider.url(of: .token))
            let issuedAt = try #require(assertion.claims["iat"] as? Int)
            #expect(assertion.claims["exp"] as? Int == issuedAt + 60)
            identifiers.insert(try #require(assertion.claims["jti"] as? String))
        }
        #expect(identifiers.count == authenticated.count)
    }

    @Test("an assertion signed by another key is refused with invalid_client, and a replayed one too")
    func refusals() async throws {
        let (fixture, transport, client) = try Self.setup(clientKey: Self.key(seed: 4), registeredKey: Self.key(seed: 5))
        do {
            _ = try await client.requestDeviceAuthorization()
            Issue.record("an assertion by an unregistered key was accepted")
        } catch {
            #expect(error.oauthError == .invalidClient)
        }
        let key = Self.key(seed: 6)
        let (_, goodTransport, goodClient) = try Self.setup(clientKey: key, registeredKey: key)
        _ = try await goodClient.requestDeviceAuthorization()
        let replay = try #require(goodTransport.requests.last)
        let response = try await goodTransport.provider.send(replay)
        #expect(response.status == 401)
        _ = (fixture, transport)
    }

    @Test("the description and dump of the configuration name the method and kid, never the key")
    func redaction() throws {
        let key = Self.key(seed: 7)
        let authentication = ClientAuthentication.privateKeyJWT(ClientAssertionKey(key))
        #expect(authentication.description == "private_key_jwt")
        let text = dumped(authentication) + "\(ClientAssertionKey(key))"
        #expect(text.contains("client-key") && !text.contains(Vectors.hexString(key.rawRepresentation)))
    }
}
