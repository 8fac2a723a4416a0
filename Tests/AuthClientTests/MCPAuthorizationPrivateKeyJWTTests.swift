// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import Testing

@Suite("MCPAuthorization with a Client ID Metadata Document that declares private_key_jwt (verified by the fake provider)")
struct MCPAuthorizationPrivateKeyJWTTests {
    static let documentURL = MCPAuthorizationClientIDMetadataTests.documentURL
    static let jwksURL = "https://agent.authflow.test/oauth/jwks.json"

    static func key(_ keyID: String = "agent-1") -> P256PrivateKey {
        var generator = SystemRandomNumberGenerator()
        return P256PrivateKey.generate(keyID: keyID, using: &generator)
    }

    /// The app's hosting: the document at ``documentURL`` and, for `jwks_uri`, the public key set at ``jwksURL``.
    static func host(_ keys: ClientIDMetadataDocument.Keys, jwks: [P256PrivateKey] = []) throws -> RecordingRouter {
        let document = try ClientIDMetadataDocument(
            clientID: documentURL, clientName: "AuthFlow tests", redirectURIs: [MCPFixture.redirectURI], privateKeyJWT: keys)
        let set: JSONValue = ["keys": .array(jwks.map { .object($0.publicJWK) })]
        return RecordingRouter(
            [(jwksURL, ScriptedTransport([TransportResponse(status: 200, body: set.serialized())], repeatsLast: true))],
            fallback: ScriptedTransport([TransportResponse(status: 200, body: document.json.serialized())], repeatsLast: true))
    }

    static func fixture(host: RecordingRouter) -> MCPFixture {
        MCPFixture(provider: {
            $0.supportsClientIDMetadataDocuments = true
            $0.clientMetadataDocumentHost = host
        })
    }

    static func options(_ fixture: MCPFixture, signingWith key: P256PrivateKey) -> MCPAuthorization.Options {
        var options = fixture.options
        options.clientIDMetadataDocumentURL = documentURL
        options.clientAuthentication = .privateKeyJWT(ClientAssertionKey(key))
        return options
    }

    @Test("the document's jwks: the login and a refresh authenticate with assertions the provider verifies with them")
    func jwksLogin() async throws {
        let key = Self.key()
        let fixture = Self.fixture(host: try Self.host(.publicKeys(of: [key])))
        let mcp = try await fixture.discover(Self.options(fixture, signingWith: key))
        #expect(mcp.client.configuration.clientID == Self.documentURL)
        #expect(mcp.client.configuration.clientAuthentication.description == "private_key_jwt")
        let user = try await mcp.login(with: fixture.provider.browser())
        #expect(try await user.send(TransportRequest(method: .post, url: mcp.resource)).status == 200)
        _ = try await user.refreshTokens()
        #expect(fixture.provider.requestCount(.registration) == 0)
    }

    @Test("an assertion signed with a key that is not the document's is refused (invalid_client): the provider checks the keys")
    func otherKeyRefused() async throws {
        let fixture = Self.fixture(host: try Self.host(.publicKeys(of: [Self.key()])))
        let mcp = try await fixture.discover(Self.options(fixture, signingWith: Self.key()))
        await #expect {
            try await mcp.login(with: fixture.provider.browser())
        } throws: { error in
            "\(error)".contains("invalid_client")
        }
    }

    @Test("a public client's request to a private_key_jwt document's client is refused: no assertion, no token")
    func publicRequestRefused() async throws {
        let fixture = Self.fixture(host: try Self.host(.publicKeys(of: [Self.key()])))
        var options = fixture.options
        options.clientIDMetadataDocumentURL = Self.documentURL
        let mcp = try await fixture.discover(options)
        await #expect(throws: (any Error).self) { try await mcp.login(with: fixture.provider.browser()) }
    }

    @Test("jwks_uri: the provider fetches the key set from the client's hosting and verifies with it")
    func jwksURILogin() async throws {
        let key = Self.key()
        let host = try Self.host(.jwksURI(Self.jwksURL), jwks: [key])
        let fixture = Self.fixture(host: host)
        let mcp = try await fixture.discover(Self.options(fixture, signingWith: key))
        _ = try await mcp.login(with: fixture.provider.browser())
        #expect(host.requests.map(\.url).contains(Self.jwksURL))

        let other = try Self.host(.jwksURI(Self.jwksURL), jwks: [Self.key("other")])
        let refused = Self.fixture(host: other)
        let refusedMCP = try await refused.discover(Self.options(refused, signingWith: key))
        await #expect(throws: (any Error).self) { try await refusedMCP.login(with: refused.provider.browser()) }
    }

    @Test("a shared-secret method with a metadata document is refused before anything is sent to the authorization server's token endpoint")
    func sharedSecretRefused() async throws {
        let fixture = Self.fixture(host: try Self.host(.publicKeys(of: [Self.key()])))
        var options = fixture.options
        options.clientIDMetadataDocumentURL = Self.documentURL
        options.clientAuthentication = .clientSecretBasic("s3cret")
        await #expect(
            throws: AuthClientError.invalidClientMetadataDocument(
                "a client ID metadata document's client authenticates with none or private_key_jwt, not client_secret_basic")
        ) { try await fixture.discover(options) }
        #expect(fixture.provider.requestCount(.token) == 0)
    }
}
