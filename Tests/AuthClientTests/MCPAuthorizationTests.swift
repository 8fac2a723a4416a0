// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthSession
import AuthTesting
import TestVectors
import Testing

@Suite("MCPAuthorization: the MCP client authorization profile against the fake provider and server")
struct MCPAuthorizationTests {
    @Test("a 401 leads to the resource metadata, the server metadata, a registration, and tokens the server accepts")
    func endToEnd() async throws {
        let fixture = MCPFixture()
        let mcp = try await fixture.discover()
        #expect(mcp.resource == "https://mcp.authflow.test/mcp")
        #expect(mcp.challenge?.resourceMetadata == "https://mcp.authflow.test/.well-known/oauth-protected-resource/mcp")
        #expect(mcp.authorizationServer.issuer == fixture.provider.configuration.issuer)
        #expect(mcp.registeredNow)
        #expect(mcp.client.configuration.clientID == mcp.registration?.clientID)
        #expect(mcp.client.configuration.scopes.map(\.rawValue) == ["openid", "mcp:tools"])
        #expect(fixture.provider.requestCount(.authorizationServerMetadata) == 1)
        #expect(fixture.provider.requestCount(.discovery) == 0)

        var generator = SeededRandomNumberGenerator(seed: 7)
        let request = try mcp.authorizationRequest(using: &generator)
        #expect(try request.url.queryParameters().contains(FormParameter(name: "resource", value: mcp.resource)))
        let user = try await mcp.login(with: fixture.provider.browser(), using: &generator)
        let answer = try await user.send(TransportRequest(method: .post, url: mcp.resource))
        #expect(answer.status == 200)
        #expect(try await fixture.store.clientRegistration(forIssuer: mcp.authorizationServer.issuer) == mcp.registration)
    }

    @Test("a second discovery uses the stored registration instead of registering again")
    func reusesRegistration() async throws {
        let fixture = MCPFixture()
        let first = try await fixture.discover()
        let second = try await fixture.discover()
        #expect(!second.registeredNow)
        #expect(second.registration == first.registration)
        #expect(fixture.provider.requestCount(.registration) == 1)
        // Another redirect URI is another registration.
        var options = fixture.options
        options.redirectURI = "com.example.agent:/callback"
        let third = try await fixture.discover(options)
        #expect(third.registeredNow)
        #expect(fixture.provider.requestCount(.registration) == 2)
    }

    @Test("without resource_metadata and without path-inserted metadata, the root document is read for the origin (RFC 9728 §3.1)")
    func rootFallback() async throws {
        let root = #"{"resource":"https://mcp.example.com","authorization_servers":["https://login.example.com"]}"#
        let transport = ScriptedTransport([
            TransportResponse(status: 401, headerFields: [HeaderField(name: "WWW-Authenticate", value: "Bearer")]),
            TransportResponse(status: 404),
            TransportResponse(status: 200, body: Array(root.utf8)),
            TransportResponse(status: 404), TransportResponse(status: 404),
        ])
        let options = MCPAuthorization.Options(redirectURI: MCPFixture.redirectURI, clientName: "tests")
        await #expect(
            throws: AuthClientError.authorizationServerMetadataNotFound(
                issuer: "https://login.example.com", tried: ProviderMetadata.discoveryURLs(forIssuer: "https://login.example.com"))
        ) { try await MCPAuthorization.discover(serverURL: "https://mcp.example.com/mcp", options: options, transport: transport) }
        #expect(
            transport.requests.map(\.url).prefix(3) == [
                "https://mcp.example.com/mcp", "https://mcp.example.com/.well-known/oauth-protected-resource/mcp",
                "https://mcp.example.com/.well-known/oauth-protected-resource",
            ])
    }

    @Test("a configured client id skips registration")
    func configuredClient() async throws {
        let fixture = MCPFixture(provider: { $0.redirectURIs = [MCPFixture.redirectURI] })
        var options = fixture.options
        options.clientID = fixture.provider.configuration.clientID
        options.clientIssuer = fixture.provider.configuration.issuer
        let mcp = try await fixture.discover(options)
        #expect(mcp.registration == nil)
        #expect(fixture.provider.requestCount(.registration) == 0)
        let user = try await mcp.login(with: fixture.provider.browser())
        #expect(try await user.send(TransportRequest(method: .get, url: mcp.resource)).status == 200)
    }

    @Test("without resource_metadata in the challenge, the well-known URL is used; OpenID discovery when RFC 8414 is absent")
    func wellKnownFallbacks() async throws {
        let fixture = MCPFixture(
            provider: { $0.servesAuthorizationServerMetadata = false }, server: { $0.sendsResourceMetadataInChallenge = false })
        let mcp = try await fixture.discover()
        #expect(mcp.challenge?.resourceMetadata == nil)
        #expect(mcp.resource == fixture.server.configuration.resource)
        #expect(fixture.provider.requestCount(.authorizationServerMetadata) == 1)
        #expect(fixture.provider.requestCount(.discovery) == 1)
    }

    @Test("metadata that names another resource is refused (RFC 9728 §3.3)")
    func resourceMismatch() async {
        let fixture = MCPFixture(server: { $0.statedResource = "https://evil.example.com/mcp" })
        await #expect(
            throws: AuthClientError.resourceMismatch(expected: "https://mcp.authflow.test/mcp", actual: "https://evil.example.com/mcp")
        ) {
            try await fixture.discover()
        }
    }

    @Test("authorization server metadata for another issuer is refused (RFC 8414 §3.3)")
    func issuerMismatch() async {
        let fixture = MCPFixture(server: { $0.authorizationServers = ["https://fake-provider.authflow.test/"] })
        await #expect(
            throws: AuthClientError.issuerMismatch(
                expected: "https://fake-provider.authflow.test/", actual: "https://fake-provider.authflow.test")
        ) { try await fixture.discover() }
    }

    @Test("a server that does not advertise S256 is refused before any registration")
    func noS256() async {
        let fixture = MCPFixture(provider: { $0.advertisesS256 = false })
        await #expect(throws: AuthClientError.pkceNotAdvertised(issuer: fixture.provider.configuration.issuer)) {
            try await fixture.discover()
        }
        #expect(fixture.provider.requestCount(.registration) == 0)
    }

    @Test("a refused registration is a typed error with the OAuth error, and nothing is stored")
    func registrationRefused() async throws {
        let fixture = MCPFixture(provider: { $0.registration = .refuse(.invalidClientMetadata) })
        do {
            _ = try await fixture.discover()
            Issue.record("discovery succeeded")
        } catch {
            #expect(error.code == 10256)
            #expect(error.oauthError == .invalidClientMetadata)
        }
        #expect(try await fixture.store.clientRegistration(forIssuer: fixture.provider.configuration.issuer) == nil)
    }

    @Test("an initial access token is sent when configured, and its absence is refused")
    func initialAccessToken() async throws {
        let fixture = MCPFixture(provider: { $0.registration = .requiresInitialAccessToken("let-me-in") })
        do {
            _ = try await fixture.discover()
            Issue.record("registered without the initial access token")
        } catch {
            #expect(error.code == 10256)
            if case .registrationRefused(let status, let response) = error {
                #expect(status == 401)
                #expect(response.error.rawValue == "invalid_token")
            }
        }
        var options = fixture.options
        options.initialAccessToken = "let-me-in"
        #expect(try await fixture.discover(options).registeredNow)
    }

    @Test("a server that does not answer 401 is an unexpected response, and one without metadata is not found")
    func notProtected() async {
        let fixture = MCPFixture(server: {
            $0.sendsResourceMetadataInChallenge = false
            $0.servesMetadata = false
        })
        do {
            _ = try await fixture.discover()
            Issue.record("discovery succeeded")
        } catch {
            #expect(error.code == 10253)
        }
        let open = MCPFixture()
        var options = open.options
        options.probe = TransportRequest(method: .get, url: open.provider.url(of: .jwks))
        await #expect(throws: AuthClientError.self) {
            try await MCPAuthorization.discover(serverURL: open.server.configuration.resource, options: options, transport: open.server)
        }
    }

    @Test("the server refuses a token issued for another resource, or for none (RFC 8707)")
    func wrongAudience() async throws {
        let fixture = MCPFixture()
        let mcp = try await fixture.discover()
        let user = try await mcp.login(with: fixture.provider.browser())
        let tokens = try await user.validTokens()
        var other = FakeProtectedResource.Configuration(resource: "https://other.authflow.test/mcp")
        other.scopesSupported = []
        let otherServer = FakeProtectedResource(other, provider: fixture.provider)
        var request = TransportRequest(method: .post, url: other.resource)
        request.setHeader("Authorization", "Bearer " + tokens.accessToken)
        let refused = try await otherServer.send(request)
        #expect(refused.status == 401)
        #expect(refused.header("WWW-Authenticate")?.contains("error=\"invalid_token\"") == true)

        // A plain login, without `resource`, gets a token for no resource: the server refuses it too.
        var plain = FakeOpenIDProvider.Configuration()
        plain.redirectURIs = [MCPFixture.redirectURI]
        let provider = FakeOpenIDProvider(plain, clock: .manual(fixture.time))
        let server = FakeProtectedResource(provider: provider)
        let client = try AuthClient(
            configuration: try provider.clientConfiguration, metadata: provider.metadata, transport: server, clock: .manual(fixture.time))
        let plainUser = try await client.login(with: provider.browser())
        var direct = TransportRequest(method: .post, url: server.configuration.resource)
        direct.setHeader("Authorization", "Bearer " + (try await plainUser.validTokens()).accessToken)
        #expect(try await server.send(direct).status == 401)
    }

    @Test("the initial access token and a configured secret stay out of dump, and so does a registration's secret")
    func redacted() async throws {
        var options = MCPFixture().options
        options.initialAccessToken = "SECRET-INITIAL"
        options.clientAuthentication = .clientSecretBasic("SECRET-CLIENT")
        #expect(!dumped(options).contains("SECRET"))
        #expect(dumped(options).contains("AuthFlow tests"))
        let fixture = MCPFixture(provider: { $0.registration = .open })
        var confidential = fixture.options
        confidential.clientName = "confidential"
        let mcp = try await fixture.discover(confidential)
        let registration = try #require(mcp.registration)
        #expect(!dumped(mcp).contains(registration.registrationAccessToken ?? "-"))
    }

    @Test("a registration goes through a wrapping store to the store it wraps")
    func wrappedStore() async throws {
        let fixture = MCPFixture()
        let store = FaultyCredentialStore(fixture.store)
        let mcp = try await MCPAuthorization.discover(
            serverURL: fixture.server.configuration.resource, options: fixture.options, transport: fixture.server, store: store,
            clock: .manual(fixture.time))
        #expect(try await fixture.store.clientRegistration(forIssuer: mcp.authorizationServer.issuer) == mcp.registration)
    }

    // MARK: Configured credentials stay with their issuer

    static let attackerIssuer = "https://attacker.authflow.test"
    static let secret = "SECRET-OF-THE-PRE-REGISTERED-CLIENT"

    /// The genuine provider with a confidential client, an attacker's authorization server, and an MCP
    /// server listing `servers`, all behind one recording transport.
    static func attacked(listing servers: (_ genuine: String) -> [String]) -> (MCPFixture, FakeOpenIDProvider, RecordingRouter) {
        let fixture = MCPFixture(
            provider: {
                $0.redirectURIs = [MCPFixture.redirectURI]
                $0.clientAuthentication = .clientSecretBasic(Self.secret)
            },
            server: { $0.authorizationServers = servers("https://fake-provider.authflow.test") })
        var attackerConfiguration = FakeOpenIDProvider.Configuration()
        attackerConfiguration.issuer = Self.attackerIssuer
        attackerConfiguration.redirectURIs = [MCPFixture.redirectURI]
        let attacker = FakeOpenIDProvider(attackerConfiguration, clock: .manual(fixture.time))
        let router = RecordingRouter([(Self.attackerIssuer, attacker)], fallback: fixture.server)
        return (fixture, attacker, router)
    }

    static func confidentialOptions(_ fixture: MCPFixture) -> MCPAuthorization.Options {
        var options = fixture.options
        options.clientID = fixture.provider.configuration.clientID
        options.clientIssuer = fixture.provider.configuration.issuer
        options.clientAuthentication = .clientSecretBasic(Self.secret)
        return options
    }

    /// Whether a request carries client credentials: any `Authorization` field (HTTP Basic hides the secret
    /// in base64), or the secret or `client_id` anywhere in the URL, header fields or body.
    static func carriesCredentials(_ request: TransportRequest, clientID: String) -> Bool {
        let text =
            request.url + " " + request.headerFields.map { $0.name + ": " + $0.value }.joined(separator: " ") + " "
            + String(decoding: request.body, as: UTF8.self)
        return request.header("Authorization") != nil || text.contains(Self.secret) || text.contains("client_id=" + clientID)
    }

    @Test("an MCP server whose metadata names an attacker's issuer gets clientIssuerMismatch, and no request carries the secret")
    func attackerIssuer() async throws {
        let (fixture, attacker, router) = Self.attacked { _ in [Self.attackerIssuer] }
        let options = Self.confidentialOptions(fixture)
        await #expect(
            throws: AuthClientError.clientIssuerMismatch(
                clientIssuer: fixture.provider.configuration.issuer, authorizationServers: [Self.attackerIssuer])
        ) {
            try await MCPAuthorization.discover(
                serverURL: fixture.server.configuration.resource, options: options, transport: router, store: fixture.store,
                clock: .manual(fixture.time))
        }
        #expect(!router.requests.isEmpty)
        for request in router.requests {
            #expect(!request.url.hasPrefix(Self.attackerIssuer), "\(request)")
            #expect(!Self.carriesCredentials(request, clientID: options.clientID ?? ""), "\(request)")
        }
        for endpoint in FakeOpenIDProvider.Endpoint.allCases { #expect(attacker.requestCount(endpoint) == 0, "\(endpoint)") }
        let error = AuthClientError.clientIssuerMismatch(clientIssuer: "https://a.example", authorizationServers: ["https://b.example"])
        #expect(error.code == 10258)
        #expect(error.description.contains("'https://a.example'") && error.description.contains("'https://b.example'"))
    }

    @Test("a configured client whose issuer is among several authorization servers uses it, and the others get nothing")
    func configuredIssuerAmongSeveral() async throws {
        let (fixture, attacker, router) = Self.attacked { genuine in [Self.attackerIssuer, genuine] }
        let options = Self.confidentialOptions(fixture)
        let mcp = try await MCPAuthorization.discover(
            serverURL: fixture.server.configuration.resource, options: options, transport: router, store: fixture.store,
            clock: .manual(fixture.time))
        #expect(mcp.authorizationServer.issuer == fixture.provider.configuration.issuer)
        let user = try await mcp.login(with: fixture.provider.browser())
        #expect(try await user.send(TransportRequest(method: .post, url: mcp.resource)).status == 200)
        #expect(router.requests.contains { $0.url == fixture.provider.url(of: .token) })
        #expect(!router.requests.contains { $0.url.hasPrefix(Self.attackerIssuer) })
        for endpoint in FakeOpenIDProvider.Endpoint.allCases { #expect(attacker.requestCount(endpoint) == 0, "\(endpoint)") }
    }

    @Test("a configured client id without clientIssuer is refused before any request, public or confidential")
    func clientIssuerRequired() async throws {
        for authentication in [ClientAuthentication.none, .clientSecretPost(Self.secret)] {
            let transport = ScriptedTransport([])
            var options = MCPAuthorization.Options(redirectURI: MCPFixture.redirectURI, clientName: "tests", clientID: "agent")
            options.clientAuthentication = authentication
            await #expect(throws: AuthClientError.self) {
                try await MCPAuthorization.discover(serverURL: "https://mcp.example.com/mcp", options: options, transport: transport)
            }
            #expect(transport.requests.isEmpty)
        }
    }

    @Test("a dynamic registration is not affected: with no client id the first authorization server is used")
    func registrationUnbound() async throws {
        let fixture = MCPFixture()
        var options = fixture.options
        options.clientIssuer = "https://somewhere-else.example"  // ignored without a client id
        let mcp = try await fixture.discover(options)
        #expect(mcp.registeredNow)
        #expect(mcp.authorizationServer.issuer == fixture.provider.configuration.issuer)
    }

    // MARK: An OAuth-only authorization server

    static func oauthOnly() -> MCPFixture {
        MCPFixture(provider: { $0.supportsOpenIDConnect = false })
    }

    @Test("against an OAuth-only authorization server, discovery asks for no openid and the code exchange needs no ID token")
    func oauthOnlyServer() async throws {
        let fixture = Self.oauthOnly()
        let mcp = try await fixture.discover()
        #expect(mcp.authorizationServer.jwksURI == nil)
        #expect(!mcp.authorizationServer.advertisesOpenIDConnect)
        #expect(mcp.client.configuration.scopes.map(\.rawValue) == ["mcp:tools"])
        #expect(!mcp.client.configuration.isOpenIDConnect)
        #expect(fixture.provider.requestCount(.discovery) == 0)

        var generator = SeededRandomNumberGenerator(seed: 7)
        let request = try mcp.authorizationRequest(using: &generator)
        let parameters = try request.url.queryParameters()
        #expect(parameters.first { $0.name == "scope" }?.value == "mcp:tools")
        #expect(!parameters.contains { $0.name == "nonce" })
        let redirect = try await fixture.provider.browser().present(UserAgentRequest(url: request.url, callback: request.callback))
        let response = try request.response(from: redirect)
        let tokens = try await mcp.client.exchangeCode(response.code, for: request)
        #expect(tokens.idToken == nil)
        var call = TransportRequest(method: .post, url: mcp.resource)
        call.setHeader("Authorization", "Bearer " + tokens.accessToken)
        #expect(try await fixture.server.send(call).status == 200)
        #expect(fixture.provider.requestCount(.jwks) == 0)
    }

    @Test("openid that the app asks for is kept, and openid the resource lists is dropped when the server does not list it")
    func openIDScopeChoice() async throws {
        let fixture = Self.oauthOnly()
        var options = fixture.options
        options.scopes = [Scope(rawValue: "mcp:tools"), .openID]
        #expect(try await fixture.discover(options).client.configuration.scopes.map(\.rawValue) == ["openid", "mcp:tools"])

        let listing = MCPFixture(provider: { $0.supportsOpenIDConnect = false }, server: { $0.scopesSupported = ["openid", "mcp:tools"] })
        #expect(try await listing.discover().client.configuration.scopes.map(\.rawValue) == ["mcp:tools"])
    }

    @Test("the whole login against an OAuth-only server gives a user whose tokens the MCP server accepts, named by its grant")
    func oauthOnlyLogin() async throws {
        let fixture = Self.oauthOnly()
        let mcp = try await fixture.discover()
        var generator = SeededRandomNumberGenerator(seed: 7)
        let user = try await mcp.login(with: fixture.provider.browser(), using: &generator)
        #expect(try await user.send(TransportRequest(method: .post, url: mcp.resource)).status == 200)
        #expect(fixture.provider.requestCount(.jwks) == 0)
        #expect(user.subject == nil)
        #expect(
            user.grant
                == GrantIdentity(
                    issuer: mcp.authorizationServer.issuer, clientID: mcp.client.configuration.clientID, resources: [mcp.resource]))
        #expect(await user.tokens?.idToken == nil)
        // Resumed by its grant alone, with no subject to key it by.
        let resumed = try #require(try await mcp.client.resumeLastUser())
        #expect(resumed === user)
    }
}
