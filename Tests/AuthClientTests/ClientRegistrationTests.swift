// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthTesting
import TestVectors
import Testing

@Suite("ClientRegistration: RFC 7591 dynamic registration of a native client")
struct ClientRegistrationTests {
    static let examples = Result { try DiscoveryRegistrationExamples.load() }
    static let metadata = ProviderMetadata(
        issuer: "https://server.example.com", authorizationEndpoint: "https://server.example.com/authorize",
        tokenEndpoint: "https://server.example.com/token", jwksURI: "https://server.example.com/jwks")

    static func metadataWithRegistration() throws -> ProviderMetadata {
        try ProviderMetadata(
            json: Array(try examples.get().rfc8414_section_3_2_response.utf8), expectedIssuer: "https://server.example.com")
    }

    @Test("reads RFC 7591 §3.2.1's example response and keeps the secret out of the description")
    func readsExample() async throws {
        let body = Array(try Self.examples.get().rfc7591_section_3_2_1_response.utf8)
        let transport = ScriptedTransport([TransportResponse(status: 201, body: body)])
        let registration = try ClientRegistration(
            clientName: "My Example Client", redirectURIs: ["https://client.example.org/callback"],
            tokenEndpointAuthMethod: "client_secret_basic")
        let registered = try await registration.register(at: try Self.metadataWithRegistration(), transport: transport)
        #expect(registered.clientID == "s6BhdRkqt3")
        #expect(registered.clientSecret == "cf136dc3c1fc93f31185e5885805d")
        #expect(registered.clientIDIssuedAt == 2_893_256_800)
        #expect(registered.clientSecretExpiresAt == 2_893_276_800)
        #expect(registered.redirectURIs == ["https://client.example.org/callback", "https://client.example.org/callback2"])
        #expect(registered.tokenEndpointAuthMethod == "client_secret_basic")
        #expect(!registered.isSecretExpired(atSecondsSince1970: 2_893_276_799))
        #expect(registered.isSecretExpired(atSecondsSince1970: 2_893_276_800))
        #expect(!"\(registered)".contains("cf136dc3c1fc93f31185e5885805d"))
        let sent = try #require(transport.requests.first)
        #expect(sent.url == "https://server.example.com/register")
        #expect(sent.header("Content-Type") == "application/json")
    }

    @Test("reads RFC 7591 §3.2.2's error responses as registrationRefused with the OAuth error")
    func readsErrors() async throws {
        let errors = try Self.examples.get().rfc7591_section_3_2_2_errors
        let metadata = try Self.metadataWithRegistration()
        for (body, code) in zip(errors, [OAuthErrorCode.invalidRedirectURI, .invalidClientMetadata]) {
            let transport = ScriptedTransport([TransportResponse(status: 400, body: Array(body.utf8))])
            do {
                _ = try await ClientRegistration(clientName: "x", redirectURIs: ["com.example.app:/cb"])
                    .register(at: metadata, transport: transport)
                Issue.record("registered")
            } catch {
                #expect(error.code == 10256)
                #expect(error.oauthError == code)
            }
        }
    }

    @Test("sends a public native client's metadata and gets a client id from the fake provider")
    func publicClient() async throws {
        let provider = FakeOpenIDProvider()
        let registration = try ClientRegistration(clientName: "CLI", redirectURIs: ["http://127.0.0.1:8123/cb", "com.example.app:/cb"])
        #expect(registration.json["token_endpoint_auth_method"]?.stringValue == "none")
        #expect(registration.json["grant_types"] == ["authorization_code", "refresh_token"])
        #expect(registration.json["response_types"] == ["code"])
        let registered = try await registration.register(
            at: try await ProviderMetadata.fetch(issuer: provider.configuration.issuer, transport: provider), transport: provider)
        #expect(registered.clientSecret == nil)
        #expect(registered.tokenEndpointAuthMethod == "none")
        #expect(registered.registrationAccessToken != nil)
        #expect(registered.redirectURIs == registration.redirectURIs)
    }

    @Test("a client that asks for client_secret_basic gets a secret it can log in with")
    func confidentialClient() async throws {
        let provider = FakeOpenIDProvider()
        let metadata = try await ProviderMetadata.fetch(issuer: provider.configuration.issuer, transport: provider)
        let registered = try await ClientRegistration(
            clientName: "CLI", redirectURIs: ["com.example.app:/cb"], tokenEndpointAuthMethod: "client_secret_basic"
        ).register(at: metadata, transport: provider)
        let secret = try #require(registered.clientSecret)
        let configuration = try ClientConfiguration(
            issuer: metadata.issuer, clientID: registered.clientID, clientAuthentication: .clientSecretBasic(secret),
            redirectURI: "com.example.app:/cb")
        let client = try AuthClient(configuration: configuration, metadata: metadata, transport: provider)
        let user = try await client.login(with: provider.browser())
        #expect(user.subject == "alice")
    }

    @Test("the fake provider refuses a web redirect over http; no endpoint is endpointNotAvailable; bad requests are caught early")
    func refusals() async throws {
        let provider = FakeOpenIDProvider()
        var request = TransportRequest(method: .post, url: provider.url(of: .registration))
        request.body = Array(#"{"redirect_uris":["http://sketchy.example.com/cb"]}"#.utf8)
        let answer = try await provider.send(request)
        #expect(answer.status == 400)
        #expect(answer.body.count > 0)

        await #expect(throws: AuthClientError.endpointNotAvailable("registration")) {
            try await ClientRegistration(clientName: "x", redirectURIs: ["com.example.app:/cb"]).register(
                at: Self.metadata, transport: provider)
        }
        #expect(throws: AuthClientError.self) { try ClientRegistration(clientName: "x", redirectURIs: []) }
        #expect(throws: AuthClientError.self) { try ClientRegistration(clientName: "x", redirectURIs: ["http://localhost:8080/cb"]) }
        #expect(throws: AuthClientError.self) { try ClientRegistration(clientName: "", redirectURIs: ["com.example.app:/cb"]) }
    }

    @Test("a response without client_id, or a secret method without a secret, is not valid (§3.2.1)")
    func invalidResponses() async throws {
        let registration = try ClientRegistration(clientName: "x", redirectURIs: ["com.example.app:/cb"])
        let metadata = try Self.metadataWithRegistration()
        for body in [
            #"{"client_secret":"s"}"#, #"{"client_id":""}"#, #"{"client_id":"a","token_endpoint_auth_method":"client_secret_basic"}"#, "[]",
        ] {
            let transport = ScriptedTransport([TransportResponse(status: 201, body: Array(body.utf8))])
            do {
                _ = try await registration.register(at: metadata, transport: transport)
                Issue.record("accepted \(body)")
            } catch {
                #expect(error.code == 10257, "\(body)")
            }
        }
    }
}
