// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthSession
import AuthTesting
import Testing

@Suite("MCPAuthorization: registration order, several authorization servers and DPoP (MCP 2025-11-25)")
struct MCPAuthorizationClientIDMetadataTests {
    static let documentURL = "https://agent.authflow.test/oauth/client.json"

    /// The app's hosting: serves `clientID`'s document at ``documentURL`` (its own URL unless told otherwise).
    static func host(clientID: String = documentURL) throws -> ScriptedTransport {
        let document = try ClientIDMetadataDocument(
            clientID: clientID, clientName: "AuthFlow tests", redirectURIs: [MCPFixture.redirectURI])
        return ScriptedTransport([TransportResponse(status: 200, body: document.json.serialized())], repeatsLast: true)
    }

    static func fixture(supports: Bool = true, host: ScriptedTransport? = nil, registration: FakeOpenIDProvider.RegistrationPolicy = .open)
        -> MCPFixture
    {
        MCPFixture(provider: {
            $0.supportsClientIDMetadataDocuments = supports
            $0.clientMetadataDocumentHost = host
            $0.registration = registration
        })
    }

    static func options(_ fixture: MCPFixture) -> MCPAuthorization.Options {
        var options = fixture.options
        options.clientIDMetadataDocumentURL = documentURL
        return options
    }

    @Test("a server with client_id_metadata_document_supported gets the document URL as client_id: no registration, and it logs in")
    func usesDocument() async throws {
        let host = try Self.host()
        let fixture = Self.fixture(host: host)
        let mcp = try await fixture.discover(Self.options(fixture))
        #expect(mcp.authorizationServer.supportsClientIDMetadataDocuments)
        #expect(mcp.client.configuration.clientID == Self.documentURL)
        #expect(mcp.registration == nil && !mcp.registeredNow)
        #expect(fixture.provider.requestCount(.registration) == 0)
        #expect(try await fixture.store.clientRegistration(forIssuer: mcp.authorizationServer.issuer) == nil)

        let user = try await mcp.login(with: fixture.provider.browser())
        #expect(fixture.provider.clientMetadataDocumentFetches == 1)
        #expect(host.requests.map(\.url) == [Self.documentURL])
        #expect(fixture.provider.lastAuthorizationParameters.contains(FormParameter(name: "client_id", value: Self.documentURL)))
        #expect(try await user.send(TransportRequest(method: .post, url: mcp.resource)).status == 200)
    }

    @Test("without the server's support, dynamic registration is the fallback")
    func fallsBackToRegistration() async throws {
        let fixture = Self.fixture(supports: false, host: try Self.host())
        let mcp = try await fixture.discover(Self.options(fixture))
        #expect(mcp.registeredNow)
        #expect(mcp.client.configuration.clientID == mcp.registration?.clientID)
        #expect(mcp.client.configuration.clientID != Self.documentURL)
    }

    @Test("no metadata document support and no registration endpoint: clientIDMetadataDocumentUnsupported, nothing registered")
    func noApproachLeft() async throws {
        let fixture = Self.fixture(supports: false, registration: .disabled)
        await #expect(throws: AuthClientError.clientIDMetadataDocumentUnsupported(issuer: fixture.provider.configuration.issuer)) {
            try await fixture.discover(Self.options(fixture))
        }
        #expect(fixture.provider.requestCount(.registration) == 0)
        #expect(AuthClientError.clientIDMetadataDocumentUnsupported(issuer: "x").code == 10259)
    }

    @Test("a pre-registered client id comes before the metadata document")
    func preRegisteredFirst() async throws {
        let fixture = Self.fixture(host: try Self.host())
        var options = Self.options(fixture)
        options.clientID = fixture.provider.configuration.clientID
        options.clientIssuer = fixture.provider.configuration.issuer
        let mcp = try await fixture.discover(options)
        #expect(mcp.client.configuration.clientID == fixture.provider.configuration.clientID)
    }

    @Test("a hosted document whose client_id is not its URL: the provider refuses the client, and fetch says why")
    func hostedMismatch() async throws {
        let host = try Self.host(clientID: "https://agent.authflow.test/oauth/other.json")
        let fixture = Self.fixture(host: host)
        let mcp = try await fixture.discover(Self.options(fixture))
        await #expect(throws: AuthClientError.session(.userAgentFailed("the provider shows an error page: unknown client_id"))) {
            try await mcp.login(with: fixture.provider.browser())
        }
        #expect(fixture.provider.requestCount(.token) == 0)
        await #expect(
            throws: AuthClientError.clientMetadataDocumentMismatch(
                url: Self.documentURL, clientID: "https://agent.authflow.test/oauth/other.json")
        ) {
            try await ClientIDMetadataDocument.fetch(from: Self.documentURL, transport: host)
        }
    }

    @Test("a metadata document URL that is not https with a path is refused before any request")
    func invalidURL() async throws {
        for url in ["http://agent.example.com/client.json", "https://agent.example.com"] {
            let transport = ScriptedTransport([])
            var options = MCPAuthorization.Options(redirectURI: MCPFixture.redirectURI, clientName: "tests")
            options.clientIDMetadataDocumentURL = url
            await #expect(throws: AuthClientError.self) {
                try await MCPAuthorization.discover(serverURL: "https://mcp.example.com/mcp", options: options, transport: transport)
            }
            #expect(transport.requests.isEmpty)
        }
    }

    // MARK: Several authorization servers (RFC 9728 §7.6)

    static let otherIssuer = "https://other-provider.authflow.test"

    /// A resource that lists `servers` (the fixture's provider is "genuine"), with a second provider at
    /// ``otherIssuer`` that records what reaches it.
    static func twoServers(_ servers: [String]) -> (MCPFixture, FakeOpenIDProvider, RecordingRouter) {
        let fixture = MCPFixture(server: { $0.authorizationServers = servers })
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.issuer = otherIssuer
        let other = FakeOpenIDProvider(configuration, clock: .manual(fixture.time))
        return (fixture, other, RecordingRouter([(otherIssuer, other)], fallback: fixture.server))
    }

    static func discover(_ fixture: MCPFixture, _ options: MCPAuthorization.Options, via router: RecordingRouter)
        async throws(AuthClientError)
        -> MCPAuthorization
    {
        try await MCPAuthorization.discover(
            serverURL: fixture.server.configuration.resource, options: options, transport: router, store: fixture.store,
            clock: .manual(fixture.time))
    }

    @Test("the app's issuer list chooses the second of two authorization servers, and the first gets no request")
    func preferenceByIssuers() async throws {
        let genuine = "https://fake-provider.authflow.test"
        let (fixture, other, router) = Self.twoServers([Self.otherIssuer, genuine])
        var options = fixture.options
        options.authorizationServerPreference = .issuers(["https://unknown.example", genuine])
        let mcp = try await Self.discover(fixture, options, via: router)
        #expect(mcp.authorizationServer.issuer == genuine)
        #expect(!router.requests.contains { $0.url.hasPrefix(Self.otherIssuer) })
        for endpoint in FakeOpenIDProvider.Endpoint.allCases { #expect(other.requestCount(endpoint) == 0, "\(endpoint)") }
        // Without a preference, the first listed is used, as before.
        let first = try await Self.discover(fixture, fixture.options, via: router)
        #expect(first.authorizationServer.issuer == Self.otherIssuer)
    }

    @Test("a closure chooses; when it accepts none, noAcceptableAuthorizationServer before any request to them")
    func preferenceByClosure() async throws {
        let genuine = "https://fake-provider.authflow.test"
        let (fixture, other, router) = Self.twoServers([Self.otherIssuer, genuine])
        var options = fixture.options
        options.authorizationServerPreference = .choose { servers in servers.last }
        #expect(try await Self.discover(fixture, options, via: router).authorizationServer.issuer == genuine)
        options.authorizationServerPreference = .choose { _ in "https://not-listed.example" }
        await #expect(throws: AuthClientError.noAcceptableAuthorizationServer(authorizationServers: [Self.otherIssuer, genuine])) {
            try await Self.discover(fixture, options, via: router)
        }
        #expect(!router.requests.contains { $0.url.hasPrefix(Self.otherIssuer) })
        #expect(other.requestCount(.authorizationServerMetadata) == 0)
        #expect(AuthClientError.noAcceptableAuthorizationServer(authorizationServers: []).code == 10262)
    }

    // MARK: DPoP, and resource on refresh

    @Test("with usesDPoP the login's tokens are DPoP-bound, and the MCP server takes them with their proof")
    func dpop() async throws {
        let fixture = MCPFixture()
        var options = fixture.options
        options.usesDPoP = true
        let mcp = try await fixture.discover(options)
        #expect(mcp.client.configuration.usesDPoP)
        let user = try await mcp.login(with: fixture.provider.browser())
        let tokens = try await user.validTokens()
        #expect(tokens.isDPoPBound && tokens.dpopKey != nil)
        #expect(fixture.provider.boundKeyThumbprint(ofAccessToken: tokens.accessToken) != nil)
        #expect(try await user.send(TransportRequest(method: .post, url: mcp.resource)).status == 200)
        // The same token as a bearer token is refused: it is bound to the key.
        var bearer = TransportRequest(method: .post, url: mcp.resource)
        bearer.setHeader("Authorization", "Bearer " + tokens.accessToken)
        #expect(try await fixture.server.send(bearer).status == 401)
    }

    @Test("an automatic refresh sends resource (RFC 8707 §2.2), as the login's requests do")
    func resourceOnRefresh() async throws {
        let fixture = MCPFixture()
        let router = RecordingRouter([], fallback: fixture.server)
        let mcp = try await MCPAuthorization.discover(
            serverURL: fixture.server.configuration.resource, options: fixture.options, transport: router, store: fixture.store,
            clock: .manual(fixture.time))
        let user = try await mcp.login(with: fixture.provider.browser())
        fixture.time.advance(by: 7200)
        #expect(try await user.send(TransportRequest(method: .post, url: mcp.resource)).status == 200)
        let tokenRequests = router.requests.filter { $0.url == fixture.provider.url(of: .token) }
        #expect(tokenRequests.count == 2)
        for request in tokenRequests {
            let form = try FormParameter.parse(request.body)
            #expect(form.contains(FormParameter(name: "resource", value: mcp.resource)), "\(form.map(\.name))")
        }
        #expect(try FormParameter.parse(tokenRequests[1].body).contains(FormParameter(name: "grant_type", value: "refresh_token")))
    }
}
