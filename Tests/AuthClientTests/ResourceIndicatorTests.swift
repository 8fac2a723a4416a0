// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import Testing

@Suite("Resource indicators (RFC 8707): resource on authorize, code exchange and refresh; one token per resource")
struct ResourceIndicatorTests {
    static let api = "https://api.authflow.test/"
    static let files = "https://files.authflow.test/"

    static func withResources(_ configuration: inout ClientConfiguration) {
        configuration.resources = [api, files]
    }

    @Test("the configured resources reach the authorization request and the code exchange: the token's audience is them")
    func loginWithResources() async throws {
        let fixture = try Fixture(client: Self.withResources)
        var generator = SeededRandomNumberGenerator(seed: 1)
        let request = try fixture.client.authorizationRequest(using: &generator)
        #expect(try request.url.queryParameters().filter { $0.name == "resource" }.map(\.value) == [Self.api, Self.files])
        let user = try await fixture.login()
        let tokens = try #require(await user.tokens)
        #expect(fixture.provider.audience(ofAccessToken: tokens.accessToken) == [Self.api, Self.files])
        // A login's own resources replace the configuration's, in the exchange too.
        let narrow = try await fixture.client.login(
            with: fixture.provider.browser(), options: .init(resources: [Self.files]), using: &generator)
        let narrowTokens = try #require(await narrow.tokens)
        #expect(fixture.provider.audience(ofAccessToken: narrowTokens.accessToken) == [Self.files])
    }

    /// Forwards to the provider and keeps the form bodies sent to the token endpoint.
    actor TokenRequests {
        var forms: [[FormParameter]] = []
        func record(_ form: [FormParameter]) { forms.append(form) }
    }

    struct Recording: HTTPTransport {
        let provider: FakeOpenIDProvider
        let log = TokenRequests()
        func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
            if request.url == provider.url(of: .token), let form = try? FormParameter.parse(request.body) { await log.record(form) }
            return try await provider.send(request)
        }
    }

    @Test("the code exchange repeats the resources; a resource token's refresh asks for that one resource only")
    func resourcesOnTheWire() async throws {
        let fixture = try Fixture(client: Self.withResources)
        let wire = Recording(provider: fixture.provider)
        let client = try AuthClient(
            configuration: fixture.client.configuration, metadata: fixture.provider.metadata, transport: wire, clock: .manual(fixture.time))
        var generator = SeededRandomNumberGenerator(seed: 1)
        let user = try await client.login(with: fixture.provider.browser(), using: &generator)
        _ = try await user.accessToken(forResource: Self.files)
        _ = try await user.refreshTokens()
        let forms = await wire.log.forms
        func resources(_ index: Int) -> [String] { forms[index].filter { $0.name == "resource" }.map(\.value) }
        try #require(forms.count == 3)
        #expect(forms[0].first { $0.name == "grant_type" }?.value == "authorization_code")
        #expect(resources(0) == [Self.api, Self.files])
        #expect(resources(1) == [Self.files])
        #expect(resources(2) == [Self.api, Self.files])  // an ordinary refresh asks for the configuration's resources
    }

    @Test("one refresh token gives a token per resource, cached; a rotated refresh token goes to the main set and the store")
    func perResourceTokens() async throws {
        let fixture = try Fixture(client: Self.withResources)
        let user = try await fixture.login()
        let before = try #require(await user.tokens)
        let token = try await user.accessToken(forResource: Self.files)
        #expect(fixture.provider.audience(ofAccessToken: token) == [Self.files])
        let after = try #require(await user.tokens)
        #expect(after.accessToken == before.accessToken)
        #expect(after.refreshToken != before.refreshToken)  // the fake rotates
        #expect(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens?.refreshToken == after.refreshToken)
        #expect(try await user.accessToken(forResource: Self.files) == token)
        #expect(fixture.provider.requestCount(.token) == 2)
        // The main set refreshes with the new refresh token, and the resource token is asked again when it expires.
        fixture.time.advance(by: 3600)
        _ = try await user.validTokens()
        let renewed = try await user.accessToken(forResource: Self.files)
        #expect(renewed != token)
        #expect(fixture.provider.audience(ofAccessToken: renewed) == [Self.files])
    }

    @Test("resource tokens and refreshes at the same time take turns: no rotated refresh token is spent twice")
    func concurrentUse() async throws {
        let fixture = try Fixture(client: Self.withResources)
        let user = try await fixture.login()
        async let files = user.accessToken(forResource: Self.files)
        async let api = user.accessToken(forResource: Self.api)
        async let refreshed = user.refreshTokens()
        async let again = user.accessToken(forResource: Self.files)
        let (filesToken, apiToken, tokens, filesAgain) = try await (files, api, refreshed, again)
        #expect(fixture.provider.audience(ofAccessToken: filesToken) == [Self.files])
        #expect(fixture.provider.audience(ofAccessToken: apiToken) == [Self.api])
        #expect(filesAgain == filesToken)
        #expect(await user.isLoggedIn)
        let current = try #require(await user.tokens)
        #expect(current.accessToken == tokens.accessToken)
        #expect(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens?.refreshToken == current.refreshToken)
        #expect(fixture.provider.requestCount(.token) == 4)  // the code, two resources, one refresh
    }

    @Test("a resource the provider does not serve is refused with invalid_target at authorize and at the token endpoint")
    func refusedResource() async throws {
        let fixture = try Fixture(client: Self.withResources)
        var generator = SeededRandomNumberGenerator(seed: 1)
        do {
            _ = try await fixture.client.login(
                with: fixture.provider.browser(), options: .init(resources: ["https://unknown.example/"]), using: &generator)
            Issue.record("an unknown resource was granted")
        } catch {
            #expect(error.oauthError == .invalidTarget)
        }
        let user = try await fixture.login()
        do {
            _ = try await user.accessToken(forResource: "https://unknown.example/")
            Issue.record("a token for an unknown resource was issued")
        } catch {
            #expect(error.oauthError == .invalidTarget)
        }
        #expect(await user.isLoggedIn)
    }

    @Test("a resource that is not an absolute URI, or has a fragment, is refused before any request")
    func invalidResource() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let count = fixture.provider.requestCount(.token)
        for resource in ["api.example.com/path", "https://api.example.com/#part", ""] {
            await #expect(throws: AuthClientError.invalidResource(resource)) { try await user.accessToken(forResource: resource) }
        }
        var generator = SeededRandomNumberGenerator(seed: 1)
        #expect(throws: AuthClientError.invalidResource("relative/path")) {
            try fixture.client.authorizationRequest(.init(resources: ["relative/path"]), using: &generator)
        }
        #expect(fixture.provider.requestCount(.token) == count)
    }

    @Test("a user without a refresh token cannot get a resource token")
    func noRefreshToken() async throws {
        let fixture = try Fixture(configure: { $0.issuesRefreshTokens = false })
        let user = try await fixture.login()
        await #expect(throws: AuthClientError.resourceTokenUnavailable(resource: Self.api)) {
            try await user.accessToken(forResource: Self.api)
        }
    }

    @Test("a resource answer refused after it arrived still hands its rotated refresh token to the user and the store")
    func salvagedRotation() async throws {
        let fixture = try Fixture(client: Self.withResources)
        let mangler = TokenTypeMangler(fixture.provider)
        let client = try fixture.secondClient(transport: mangler, store: fixture.store)
        var generator = SeededRandomNumberGenerator(seed: 1)
        let user = try await client.login(with: fixture.provider.browser(), using: &generator)
        let before = try #require(await user.tokens)
        mangler.manglesNextTokenResponse()
        await #expect(throws: AuthClientError.tokenEndpoint(.unsupportedTokenType("N_A"))) {
            try await user.accessToken(forResource: Self.files)
        }
        let after = try #require(await user.tokens)
        #expect(after.refreshToken != before.refreshToken && after.accessToken == before.accessToken)
        #expect(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens?.refreshToken == after.refreshToken)
        // The provider spent the old refresh token: only the salvaged one still works.
        #expect(try await user.accessToken(forResource: Self.files).isEmpty == false)
        #expect(await user.tokens != nil)
    }
}

/// The fake provider, with the `token_type` of one token response changed to one no client accepts.
final class TokenTypeMangler: HTTPTransport, Sendable {
    let provider: FakeOpenIDProvider
    private let armed = Locked(false)

    init(_ provider: FakeOpenIDProvider) { self.provider = provider }

    func manglesNextTokenResponse() { armed.withLock { $0 = true } }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        var response = try await provider.send(request)
        guard request.url == provider.url(of: .token), response.status == 200, armed.withLock({ $0 }),
            let object = (try? JSONValue(parsing: response.body))?.objectValue
        else { return response }
        armed.withLock { $0 = false }
        var changed = JSONObject()
        for (name, value) in object.members { try? changed.append(name, name == "token_type" ? "N_A" : value) }
        response.body = JSONValue.object(changed).serialized()
        return response
    }
}
