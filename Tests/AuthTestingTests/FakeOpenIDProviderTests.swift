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

@Suite("FakeOpenIDProvider: a provider that checks what a real one checks")
struct FakeOpenIDProviderTests {
    static func form(_ text: String) -> TransportRequest {
        TransportRequest(
            method: .post, url: "https://fake-provider.authflow.test/token",
            headerFields: [HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded")], body: Array(text.utf8))
    }

    static func json(_ response: TransportResponse) throws -> JSONObject {
        try #require(try JSONValue(parsing: response.body).objectValue)
    }

    @Test("publishes a discovery document for its issuer with S256 and iss support")
    func discovery() async throws {
        let provider = FakeOpenIDProvider()
        let response = try await provider.send(TransportRequest(method: .get, url: provider.url(of: .discovery)))
        let document = try Self.json(response)
        #expect(response.status == 200)
        #expect(document["issuer"]?.stringValue == "https://fake-provider.authflow.test")
        #expect(document["code_challenge_methods_supported"] == ["S256"])
        #expect(document["authorization_response_iss_parameter_supported"] == true)
        #expect(try await provider.send(TransportRequest(method: .get, url: provider.configuration.issuer + "/nope")).status == 404)
        #expect(try await provider.send(TransportRequest(method: .delete, url: provider.url(of: .token))).status == 405)
    }

    @Test("refuses an authorization request without S256 PKCE, with an unregistered redirect URI, or without openid")
    func authorizeChecks() async throws {
        let provider = FakeOpenIDProvider()
        let callback = try Callback.customScheme("com.example.app")
        func present(_ query: String) async throws(AuthSessionError) -> Redirect {
            let url = try! URI(parsing: provider.url(of: .authorization) + "?" + query)
            return try await provider.browser().present(UserAgentRequest(url: url, callback: callback))
        }
        let base = "response_type=code&client_id=demo-app&redirect_uri=com.example.app%3A%2Foauth%2Fcallback&state=s"
        let noPKCE = try await present(base + "&scope=openid")
        #expect(noPKCE.callbackURL.text.contains("error=invalid_request"))
        let plain = try await present(base + "&scope=openid&code_challenge=abc&code_challenge_method=plain")
        #expect(plain.callbackURL.text.contains("error=invalid_request"))
        let noOpenID = try await present(base + "&scope=email&code_challenge=abc&code_challenge_method=S256")
        #expect(noOpenID.callbackURL.text.contains("error=invalid_scope"))
        await #expect(throws: AuthSessionError.self) {
            try await present("response_type=code&client_id=demo-app&redirect_uri=com.evil.app%3A%2Fcb&state=s&scope=openid")
        }
        await #expect(throws: AuthSessionError.self) {
            try await present("response_type=code&client_id=someone-else&redirect_uri=com.example.app%3A%2Foauth%2Fcallback&scope=openid")
        }
    }

    /// The OAuth-only provider (``FakeOpenIDProvider/Configuration/supportsOpenIDConnect`` false).
    static func oauthOnly() -> FakeOpenIDProvider {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.supportsOpenIDConnect = false
        return FakeOpenIDProvider(configuration)
    }

    @Test("OAuth-only: no openid-configuration, JWKS or userinfo; RFC 8414 metadata without jwks_uri, userinfo or openid")
    func oauthOnlyMetadata() async throws {
        let provider = Self.oauthOnly()
        for endpoint: FakeOpenIDProvider.Endpoint in [.discovery, .jwks, .userinfo, .endSession] {
            #expect(try await provider.send(TransportRequest(method: .get, url: provider.url(of: endpoint))).status == 404, "\(endpoint)")
        }
        let response = try await provider.send(TransportRequest(method: .get, url: provider.url(of: .authorizationServerMetadata)))
        let document = try Self.json(response)
        #expect(response.status == 200)
        for member in [
            "jwks_uri", "userinfo_endpoint", "end_session_endpoint", "id_token_signing_alg_values_supported", "scopes_supported",
        ] {
            #expect(document[member] == nil || document[member] == .null, "\(member)")
        }
        #expect(document["code_challenge_methods_supported"] == ["S256"])
        let metadata = try await ProviderMetadata.fetch(issuer: provider.configuration.issuer, transport: provider)
        #expect(metadata.jwksURI == nil)
        #expect(!metadata.advertisesOpenIDConnect)
        #expect(provider.metadata.jwksURI == nil && provider.metadata.userinfoEndpoint == nil)
        #expect(try !provider.clientConfiguration.isOpenIDConnect)
        // The OpenID Provider lists openid, in both documents.
        let openID = FakeOpenIDProvider()
        #expect(try await ProviderMetadata.fetch(issuer: openID.configuration.issuer, transport: openID).advertisesOpenIDConnect)
        #expect(
            try Self.json(try await openID.send(TransportRequest(method: .get, url: openID.url(of: .discovery))))["scopes_supported"] != nil
        )
    }

    @Test("OAuth-only: scope=openid is refused with invalid_scope; any other scope, or none, gets a code and tokens without an ID token")
    func oauthOnlyGrants() async throws {
        let provider = Self.oauthOnly()
        let client = try AuthClient(configuration: try provider.clientConfiguration, metadata: provider.metadata, transport: provider)
        var generator = SeededRandomNumberGenerator(seed: 5)
        let callback = try Callback.customScheme("com.example.app")
        let base = "response_type=code&client_id=demo-app&redirect_uri=com.example.app%3A%2Foauth%2Fcallback&state=s"
        let url = try URI(
            parsing: provider.url(of: .authorization) + "?" + base + "&scope=openid%20email&code_challenge=abc&code_challenge_method=S256")
        let refused = try await provider.browser().present(UserAgentRequest(url: url, callback: callback))
        #expect(refused.callbackURL.text.contains("error=invalid_scope"))

        let request = try client.authorizationRequest(using: &generator)
        #expect(try !request.url.queryParameters().contains { $0.name == "scope" || $0.name == "nonce" })
        let redirect = try await provider.browser().present(UserAgentRequest(url: request.url, callback: request.callback))
        let tokens = try await client.exchangeCode(try request.response(from: redirect).code, for: request)
        #expect(tokens.idToken == nil)
        let refreshed = try await client.refreshTokens(tokens)
        #expect(refreshed.idToken == nil)
        #expect(provider.requestCount(.jwks) == 0)
    }

    @Test("authenticates the client as configured: a missing or wrong secret gets 401 invalid_client")
    func clientAuthentication() async throws {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.clientAuthentication = .clientSecretPost("right")
        let provider = FakeOpenIDProvider(configuration)
        for body in [
            "grant_type=refresh_token&refresh_token=x&client_id=demo-app",
            "grant_type=refresh_token&refresh_token=x&client_id=demo-app&client_secret=wrong",
        ] {
            let response = try await provider.send(Self.form(body))
            #expect(response.status == 401)
            #expect(try Self.json(response)["error"] == "invalid_client")
        }
        let known = try await provider.send(Self.form("grant_type=refresh_token&refresh_token=x&client_id=demo-app&client_secret=right"))
        #expect(try Self.json(known)["error"] == "invalid_grant")
    }

    @Test("answerDPoPRequestsWithBearer: a DPoP code exchange gets an unbound Bearer access token; turned off, a bound DPoP one")
    func bearerAnswerToDPoP() async throws {
        let provider = FakeOpenIDProvider()
        var configuration = try provider.clientConfiguration
        configuration.usesDPoP = true
        let client = try AuthClient(configuration: configuration, metadata: provider.metadata, transport: provider)
        provider.answerDPoPRequestsWithBearer()
        let bearer = try #require(await client.login(with: provider.browser()).tokens)
        #expect(!bearer.isDPoPBound && bearer.dpopKey != nil)
        #expect(provider.boundKeyThumbprint(ofAccessToken: bearer.accessToken) == nil)
        provider.answerDPoPRequestsWithBearer(false)
        let bound = try #require(await client.login(with: provider.browser()).tokens)
        #expect(bound.isDPoPBound)
        #expect(provider.boundKeyThumbprint(ofAccessToken: bound.accessToken) == bound.dpopKey?.thumbprint)
    }

    @Test("injected failures apply to the next requests of that endpoint only, in order")
    func failures() async throws {
        let provider = FakeOpenIDProvider()
        provider.fail(.jwks, with: .status(503), times: 2)
        provider.fail(.jwks, with: .oauthError(.temporarilyUnavailable))
        let jwks = TransportRequest(method: .get, url: provider.url(of: .jwks))
        #expect(try await provider.send(jwks).status == 503)
        #expect(try await provider.send(TransportRequest(method: .get, url: provider.url(of: .discovery))).status == 200)
        #expect(try await provider.send(jwks).status == 503)
        #expect(try Self.json(try await provider.send(jwks))["error"] == "temporarily_unavailable")
        #expect(try await provider.send(jwks).status == 200)
        provider.fail(.userinfo, with: .noResponse)
        await #expect { try await provider.send(TransportRequest(method: .get, url: provider.url(of: .userinfo))) } throws: {
            ($0 as? AuthHTTPError)?.code == 11001
        }
        #expect(provider.requestCount(.jwks) == 4)
    }

    @Test("userinfo without a valid bearer token is 401 with WWW-Authenticate (RFC 6750 §3.1)")
    func userinfo() async throws {
        let provider = FakeOpenIDProvider()
        var request = TransportRequest(method: .get, url: provider.url(of: .userinfo))
        request.setHeader("Authorization", "Bearer made-up")
        let response = try await provider.send(request)
        #expect(response.status == 401)
        #expect(response.header("WWW-Authenticate") == "Bearer error=\"invalid_token\"")
    }
}
