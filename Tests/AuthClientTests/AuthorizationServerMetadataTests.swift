// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthTesting
import TestVectors
import Testing

@Suite("Authorization server metadata: RFC 8414 §3 and the MCP discovery order")
struct AuthorizationServerMetadataTests {
    static let examples = Result { try DiscoveryRegistrationExamples.load() }

    @Test("tries RFC 8414 (path inserted, §3.1) first, then OpenID Connect Discovery, in the MCP specification's order")
    func order() throws {
        let example = try Self.examples.get().rfc8414_section_3_1
        let urls = ProviderMetadata.discoveryURLs(forIssuer: try #require(example.issuer))
        #expect(urls.first == example.metadataURL)
        #expect(
            urls == [
                "https://example.com/.well-known/oauth-authorization-server/issuer1",
                "https://example.com/.well-known/openid-configuration/issuer1",
                "https://example.com/issuer1/.well-known/openid-configuration",
            ])
        #expect(
            ProviderMetadata.discoveryURLs(forIssuer: "https://example.com")
                == ["https://example.com/.well-known/oauth-authorization-server", "https://example.com/.well-known/openid-configuration"])
        #expect(ProviderMetadata.discoveryURLs(forIssuer: "not a url").isEmpty)
    }

    @Test("reads RFC 8414 §3.2's example: registration endpoint, no S256 advertised")
    func readsExample() throws {
        let body = Array(try Self.examples.get().rfc8414_section_3_2_response.utf8)
        let metadata = try ProviderMetadata(json: body, expectedIssuer: "https://server.example.com")
        #expect(metadata.registrationEndpoint == "https://server.example.com/register")
        #expect(metadata.jwksURI == "https://server.example.com/jwks.json")
        #expect(!metadata.advertisesS256)
        #expect(metadata.advertisesOpenIDConnect)
    }

    @Test("fetches the RFC 8414 document, falls back to OpenID discovery, and handles an issuer with a path")
    func fetches() async throws {
        let provider = FakeOpenIDProvider()
        _ = try await ProviderMetadata.fetch(issuer: provider.configuration.issuer, transport: provider)
        #expect(provider.requestCount(.authorizationServerMetadata) == 1)
        #expect(provider.requestCount(.discovery) == 0)

        var openIDOnly = FakeOpenIDProvider.Configuration()
        openIDOnly.servesAuthorizationServerMetadata = false
        let second = FakeOpenIDProvider(openIDOnly)
        let metadata = try await ProviderMetadata.fetch(issuer: openIDOnly.issuer, transport: second)
        #expect(metadata.registrationEndpoint == second.url(of: .registration))
        #expect(second.requestCount(.discovery) == 1)

        var tenant = FakeOpenIDProvider.Configuration()
        tenant.issuer = "https://fake-provider.authflow.test/tenant1"
        let third = FakeOpenIDProvider(tenant)
        #expect(
            third.url(of: .authorizationServerMetadata)
                == "https://fake-provider.authflow.test/.well-known/oauth-authorization-server/tenant1")
        let client = try await AuthClient.discoverAuthorizationServer(try third.clientConfiguration, transport: third)
        #expect(client.metadata.issuer == tenant.issuer)
        #expect(third.requestCount(.authorizationServerMetadata) == 1)
    }

    @Test("a document for another issuer is refused at once, not skipped; when every URL is 404 the tried URLs are named")
    func failures() async throws {
        let body = Array(try Self.examples.get().rfc8414_section_3_2_response.utf8)
        let transport = ScriptedTransport([TransportResponse(status: 200, body: body)])
        await #expect(throws: AuthClientError.issuerMismatch(expected: "https://other.example.com", actual: "https://server.example.com")) {
            try await ProviderMetadata.fetch(issuer: "https://other.example.com", transport: transport)
        }
        #expect(transport.requests.count == 1)
        let missing = ScriptedTransport([TransportResponse(status: 404)], repeatsLast: true)
        await #expect(
            throws: AuthClientError.authorizationServerMetadataNotFound(
                issuer: "https://a.example.com", tried: ProviderMetadata.discoveryURLs(forIssuer: "https://a.example.com"))
        ) { try await ProviderMetadata.fetch(issuer: "https://a.example.com", transport: missing) }
        let failing = ScriptedTransport([TransportResponse(status: 503)])
        await #expect(throws: AuthClientError.self) {
            try await ProviderMetadata.fetch(issuer: "https://a.example.com", transport: failing)
        }
        #expect(failing.requests.count == 1)
    }
}
