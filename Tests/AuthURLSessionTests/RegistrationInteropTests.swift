// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthURLSession
import Foundation
import Testing

let registrationInteropIssuer = ProcessInfo.processInfo.environment["AUTHFLOW_REGISTRATION_INTEROP_ISSUER"]

/// Dynamic client registration (RFC 7591) and the RFC 8414 / RFC 9728 metadata against django-oauth-toolkit
/// 3.4.1, started by `.ci/interop-registration` with open registration. Skipped unless
/// `AUTHFLOW_REGISTRATION_INTEROP_ISSUER` is `http://127.0.0.1:PORT` (the script fails when they are skipped).
@Suite("Registration interop with django-oauth-toolkit", .enabled(if: registrationInteropIssuer != nil), .serialized)
struct RegistrationInteropTests {
    let issuer = registrationInteropIssuer ?? ""
    let transport = URLSessionTransport(timeout: 60)

    func metadata() async throws -> ProviderMetadata {
        try await ProviderMetadata.fetch(issuer: issuer, transport: transport, allowsInsecureLoopback: true)
    }

    @Test("DOT's RFC 8414 document is found first, for this issuer, with a registration endpoint and S256")
    func authorizationServerMetadata() async throws {
        let metadata = try await metadata()
        #expect(metadata.issuer == issuer)
        #expect(metadata.registrationEndpoint == issuer + "/register/")
        #expect(metadata.advertisesS256)
    }

    @Test("DOT's RFC 9728 document names the resource it was fetched for and this authorization server")
    func protectedResourceMetadata() async throws {
        let metadata = try await ProtectedResourceMetadata.fetch(
            forResource: issuer + "/mcp", transport: transport, allowsInsecureLoopback: true)
        #expect(metadata.resource == issuer + "/mcp")
        #expect(metadata.authorizationServers == [issuer])
    }

    @Test("a public native client with a loopback redirect URI is registered with token_endpoint_auth_method none")
    func publicClient() async throws {
        let registration = try ClientRegistration(clientName: "AuthFlow interop", redirectURIs: ["http://127.0.0.1:53682/callback"])
        let registered = try await registration.register(at: try await metadata(), transport: transport, allowsInsecureLoopback: true)
        #expect(!registered.clientID.isEmpty)
        #expect(registered.clientSecret == nil)
        #expect(registered.tokenEndpointAuthMethod == "none")
        #expect(registered.redirectURIs == ["http://127.0.0.1:53682/callback"])
        #expect(registered.registrationAccessToken != nil)
        #expect(registered.registrationClientURI?.hasPrefix(issuer + "/register/") == true)
        let store = InMemoryCredentialStore()
        try await store.saveClientRegistration(registered)
        #expect(try await store.clientRegistration(forIssuer: issuer) == registered)
    }

    @Test("a client that asks for client_secret_basic gets a secret, kept out of the description")
    func confidentialClient() async throws {
        let registration = try ClientRegistration(
            clientName: "AuthFlow interop (confidential)", redirectURIs: ["http://127.0.0.1:53682/callback"],
            tokenEndpointAuthMethod: "client_secret_basic")
        let registered = try await registration.register(at: try await metadata(), transport: transport, allowsInsecureLoopback: true)
        let secret = try #require(registered.clientSecret)
        #expect(registered.tokenEndpointAuthMethod == "client_secret_basic")
        #expect(!"\(registered)".contains(secret))
    }

    @Test("metadata DOT cannot honour is refused as invalid_client_metadata (RFC 7591 §3.2.2)")
    func refused() async throws {
        // DOT keeps one grant type per application (dynamic_client_registration.py, _resolve_grant_type).
        let registration = try ClientRegistration(
            clientName: "AuthFlow interop", redirectURIs: ["http://127.0.0.1:53682/callback"],
            grantTypes: ["authorization_code", "urn:ietf:params:oauth:grant-type:device_code"])
        let metadata = try await metadata()
        do {
            _ = try await registration.register(at: metadata, transport: transport, allowsInsecureLoopback: true)
            Issue.record("DOT registered a client with two grant types")
        } catch {
            #expect(error.code == 10256)
            #expect(error.oauthError == .invalidClientMetadata)
        }
    }
}
