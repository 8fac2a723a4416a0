// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJSON
import AuthTesting
import Foundation
import Testing

@Suite("ProviderMetadata: OpenID Connect Discovery §3 and §4.3")
struct ProviderMetadataTests {
    static let document = #"""
        {"issuer":"https://login.example.com","authorization_endpoint":"https://login.example.com/authorize",
         "token_endpoint":"https://login.example.com/token","jwks_uri":"https://login.example.com/jwks",
         "userinfo_endpoint":"https://login.example.com/userinfo","code_challenge_methods_supported":["S256","plain"],
         "authorization_response_iss_parameter_supported":true,"id_token_signing_alg_values_supported":["RS256"]}
        """#

    @Test("reads the endpoints and capabilities of a discovery document")
    func reads() throws {
        let metadata = try ProviderMetadata(json: Array(Self.document.utf8), expectedIssuer: "https://login.example.com")
        #expect(metadata.tokenEndpoint == "https://login.example.com/token")
        #expect(metadata.userinfoEndpoint == "https://login.example.com/userinfo")
        #expect(metadata.endSessionEndpoint == nil)
        #expect(metadata.authorizationResponseIssuerParameterSupported)
        #expect(metadata.idTokenSigningAlgorithmsSupported == ["RS256"])
    }

    @Test("refuses a document for another issuer, even one differing only by a trailing slash (§4.3)")
    func issuerMismatch() {
        for expected in ["https://login.example.com/", "https://LOGIN.example.com", "https://evil.example.com"] {
            do {
                _ = try ProviderMetadata(json: Array(Self.document.utf8), expectedIssuer: expected)
                Issue.record("accepted a document for \(expected)")
            } catch {
                #expect(error.code == 10004)
            }
        }
    }

    @Test("refuses missing endpoints, non-https endpoints, no S256, and wrong member types")
    func refusals() {
        let cases: [(String, String)] = [
            (#""token_endpoint":"https://login.example.com/token","#, ""),
            ("https://login.example.com/jwks", "http://login.example.com/jwks"),
            (#"["S256","plain"]"#, #"["plain"]"#),
            (#""authorization_response_iss_parameter_supported":true"#, #""authorization_response_iss_parameter_supported":"yes""#),
            (#"["RS256"]"#, "[1]"),
            (#"{"issuer""#, #"[{"issuer""#),
        ]
        for (original, replacement) in cases {
            let document = Self.document.replacingOccurrences(of: original, with: replacement)
            #expect(throws: AuthClientError.self, "\(replacement)") {
                try ProviderMetadata(json: Array(document.utf8), expectedIssuer: "https://login.example.com")
            }
        }
    }

    @Test("jwks_uri may be absent (RFC 8414 §2: optional), and is still refused when present and not https")
    func optionalKeySetURI() throws {
        let without = Self.document.replacingOccurrences(of: #""jwks_uri":"https://login.example.com/jwks","#, with: "")
        #expect(!without.contains("jwks_uri"))
        let metadata = try ProviderMetadata(json: Array(without.utf8), expectedIssuer: "https://login.example.com")
        #expect(metadata.jwksURI == nil)
        #expect(metadata.tokenEndpoint == "https://login.example.com/token")
        for refused in [#""jwks_uri":"http://login.example.com/jwks","#, #""jwks_uri":7,"#] {
            let document = Self.document.replacingOccurrences(of: #""jwks_uri":"https://login.example.com/jwks","#, with: refused)
            #expect(throws: AuthClientError.self, "\(refused)") {
                try ProviderMetadata(json: Array(document.utf8), expectedIssuer: "https://login.example.com")
            }
        }
    }

    @Test("advertisesOpenIDConnect is true only when scopes_supported lists openid")
    func advertisesOpenIDConnect() throws {
        func metadata(_ scopes: String) throws -> ProviderMetadata {
            let document = Self.document.replacingOccurrences(of: #""issuer":"#, with: #""scopes_supported":"# + scopes + #","issuer":"#)
            return try ProviderMetadata(json: Array(document.utf8), expectedIssuer: "https://login.example.com")
        }
        #expect(try metadata(#"["openid","email"]"#).advertisesOpenIDConnect)
        #expect(try metadata(#"["email","openid"]"#).scopesSupported == ["email", "openid"])
        #expect(try !metadata(#"["user","mcp:tools"]"#).advertisesOpenIDConnect)
        #expect(try !metadata(#"["OpenID"]"#).advertisesOpenIDConnect)
        #expect(try !metadata("null").advertisesOpenIDConnect)
        #expect(try !ProviderMetadata(json: Array(Self.document.utf8), expectedIssuer: "https://login.example.com").advertisesOpenIDConnect)
    }

    // Found by the provider-metadata fuzz target (Fuzz/): "httPs://" is an https URL, since schemes are
    // case-insensitive (RFC 3986 §3.1); the check must neither refuse it nor let "httpx://" or "http://" through.
    @Test("takes an endpoint's scheme in any case, as RFC 3986 §3.1 says, and still refuses http")
    func schemeCase() throws {
        let mixed = Self.document.replacingOccurrences(of: "https://login.example.com/jwks", with: "HTTPS://login.example.com/jwks")
        let metadata = try ProviderMetadata(json: Array(mixed.utf8), expectedIssuer: "https://login.example.com")
        #expect(metadata.jwksURI == "HTTPS://login.example.com/jwks")
        for insecure in ["HTTP://login.example.com/jwks", "httpx://login.example.com/jwks", "HTTPS:/login.example.com/jwks"] {
            let document = Self.document.replacingOccurrences(of: "https://login.example.com/jwks", with: insecure)
            #expect(throws: AuthClientError.self, "\(insecure)") {
                try ProviderMetadata(json: Array(document.utf8), expectedIssuer: "https://login.example.com")
            }
        }
    }

    @Test("discovery fetches the well-known document and builds a client; a failed fetch is a typed error")
    func discovery() async throws {
        let provider = FakeOpenIDProvider()
        let client = try await AuthClient.discover(provider.clientConfiguration, transport: provider)
        #expect(client.metadata.tokenEndpoint == provider.url(of: .token))
        #expect(provider.requestCount(.discovery) == 1)

        let failing: ScriptedTransport = .scripted([TransportResponse(status: 503)])
        do {
            _ = try await AuthClient.discover(provider.clientConfiguration, transport: failing)
            Issue.record("discovery succeeded on a 503")
        } catch {
            #expect(error.code == 10006)
        }
        #expect(failing.requests.first?.url == provider.configuration.issuer + "/.well-known/openid-configuration")
    }
}
