// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthDPoP
import AuthHTTP
import AuthJSON
import AuthResourceServer
import Testing

@Suite("ResourceServer.challenge(for:): WWW-Authenticate that parses back, RFC 6750 §3, RFC 9449 §7.1, RFC 9470, RFC 9728")
struct ResourceChallengeTests {
    static let metadataURL = "https://mcp.example.com/.well-known/oauth-protected-resource/mcp"

    @Test("no token: 401, Bearer and DPoP challenges without an error, with resource_metadata and algs; no body")
    func missingToken() throws {
        let challenge = Fixtures.server().challenge(for: .missingToken)
        #expect(challenge.status == 401)
        #expect(challenge.body.isEmpty)
        let parsed = challenge.challenges
        #expect(parsed.map(\.scheme) == ["Bearer", "DPoP"])
        for item in parsed {
            #expect(item.error == nil)
            #expect(item.resourceMetadata == Self.metadataURL)
        }
        #expect(parsed[1].algorithms == ["ES256", "EdDSA", "PS256", "RS256"])
        #expect(challenge.headerFields.filter { $0.hasName("WWW-Authenticate") }.count == 2)
    }

    @Test("invalid_token: 401, the error in both challenges, a fixed description and a JSON body")
    func invalidToken() throws {
        let challenge = Fixtures.server().challenge(for: .expired(expiresAt: 1, now: 2))
        #expect(challenge.status == 401)
        for item in challenge.challenges {
            #expect(item.error == .invalidToken)
            #expect(item.errorDescription == "the access token expired")
        }
        let body = try #require(Fixtures.json(challenge.body))
        #expect(body["error"] == "invalid_token")
        #expect(challenge.headerFields.contains(HeaderField(name: "Cache-Control", value: "no-store")))
    }

    @Test("invalid_request is 400")
    func invalidRequest() {
        let challenge = Fixtures.server().challenge(for: .invalidRequest("more than one Authorization header field"))
        #expect(challenge.status == 400)
        #expect(challenge.challenges.first?.error == .invalidRequest)
    }

    @Test("insufficient_scope: 403 with the needed scopes")
    func insufficientScope() {
        let challenge = Fixtures.server().challenge(for: .insufficientScope(required: ["mcp:tools", "admin"], granted: ["mcp:tools"]))
        #expect(challenge.status == 403)
        #expect(challenge.challenges.first?.error == .insufficientScope)
        #expect(challenge.challenges.first?.scope == ["mcp:tools", "admin"])
    }

    @Test("step-up: insufficient_user_authentication with acr_values and max_age (RFC 9470 §3)")
    func stepUp() {
        let challenge = Fixtures.server().challenge(for: .insufficientUserAuthentication(acrValues: ["urn:mfa", "phr"], maxAge: 300))
        #expect(challenge.status == 401)
        let bearer = challenge.challenges[0]
        #expect(bearer.error == .insufficientUserAuthentication)
        #expect(bearer.acrValues == ["urn:mfa", "phr"])
        #expect(bearer.maxAge == 300)
    }

    @Test("a DPoP proof's error goes in the DPoP challenge only")
    func dpopErrors() {
        let challenge = Fixtures.server().challenge(for: .missingDPoPProof)
        #expect(challenge.status == 401)
        #expect(challenge.challenges[0].isScheme("Bearer") && challenge.challenges[0].error == nil)
        #expect(challenge.challenges[1].isScheme("DPoP") && challenge.challenges[1].error == .invalidDPoPProof)
        let nonce = Fixtures.server().challenge(for: .dpopProof(.useDPoPNonce(nonce: "n-123")))
        #expect(nonce.headerFields.contains(HeaderField(name: "DPoP-Nonce", value: "n-123")))
        #expect(nonce.challenges[1].error == .useDPoPNonce)
    }

    @Test("the policy decides the schemes offered")
    func schemes() {
        var configuration = Fixtures.configuration()
        configuration.dpop = .disabled
        #expect(Fixtures.server(configuration).challenge(for: .missingToken).challenges.map(\.scheme) == ["Bearer"])
        configuration.dpop = .required
        #expect(Fixtures.server(configuration).challenge(for: .missingToken).challenges.map(\.scheme) == ["DPoP"])
    }

    @Test("quotes, backslashes and line breaks in a value are escaped or dropped: the field parses back to the value")
    func escaping() throws {
        var configuration = Fixtures.configuration()
        configuration.realm = #"a "quoted" \ realm, with=commas"# + "\r\nX-Injected: 1"
        let challenge = Fixtures.server(configuration).challenge(for: .insufficientScope(required: [#"s"1"#, #"s\2"#], granted: []))
        let fields = challenge.headerFields.filter { $0.hasName("WWW-Authenticate") }.map(\.value)
        for field in fields { #expect(!field.contains("\r") && !field.contains("\n")) }
        let parsed = try AuthenticationChallenge.parse(fields)
        #expect(parsed[0].realm == #"a "quoted" \ realm, with=commasX-Injected: 1"#)
        #expect(parsed[0].scope == [#"s"1"#, #"s\2"#])
        #expect(parsed.count == 2)
    }

    @Test("server trouble is 503 without a challenge; a configuration error is 500")
    func serverErrors() throws {
        let server = Fixtures.server()
        for error: ResourceServerError in [
            .keysUnavailable(.transportFailed(TransportFailure(.timedOut))), .discoveryFailed(issuer: "x", reason: "y"),
            .introspectionFailed("z"),
        ] {
            let challenge = server.challenge(for: error)
            #expect(challenge.status == 503)
            #expect(challenge.challenges.isEmpty)
            #expect(Fixtures.json(challenge.body)?["error"] == "temporarily_unavailable")
        }
        #expect(server.challenge(for: .invalidConfiguration("x")).status == 500)
    }

    @Test("no description repeats a token or a claim's value")
    func descriptions() {
        let server = Fixtures.server()
        let token = Fixtures.token()
        let errors: [ResourceServerError] = [
            .untrustedIssuer("https://evil.example.com/\(token)"), .audienceMismatch(expected: Fixtures.resource, actual: [token]),
            .invalidTokenType(token), .algorithmNotAllowed(token), .unsupportedScheme(token),
        ]
        for error in errors {
            let challenge = server.challenge(for: error)
            let text = challenge.headerFields.map(\.value).joined() + String(decoding: challenge.body, as: UTF8.self)
            #expect(!text.contains(token))
            #expect(!text.contains("evil"))
        }
    }
}

@Suite("RFC 9728: the metadata path and document")
struct ResourceMetadataTests {
    @Test(
        "the well-known path is inserted before the resource's path, without a terminating slash",
        arguments: [
            ("https://mcp.example.com/mcp", "/.well-known/oauth-protected-resource/mcp"),
            ("https://api.example.com", "/.well-known/oauth-protected-resource"),
            ("https://api.example.com/", "/.well-known/oauth-protected-resource"),
            ("https://api.example.com/v1/", "/.well-known/oauth-protected-resource/v1"),
            ("https://api.example.com:8443/a/b", "/.well-known/oauth-protected-resource/a/b"),
        ])
    func path(_ resource: String, _ expected: String) {
        let configuration = ResourceServerConfiguration(resource: resource, authorizationServers: [Fixtures.issuer])
        let server = ResourceServer(configuration: configuration, transport: Network())
        #expect(server.metadataPath == expected)
        #expect(server.metadataURL.hasSuffix(expected))
    }

    @Test("the document reads back with the client's RFC 9728 reader, resource checked")
    func document() throws {
        var configuration = Fixtures.configuration()
        configuration.resourceName = "MCP example"
        let server = Fixtures.server(configuration)
        let metadata = try ProtectedResourceMetadata(json: server.metadataDocument(), expectedResource: Fixtures.resource)
        #expect(metadata.authorizationServers == [Fixtures.issuer])
        #expect(metadata.scopesSupported == ["mcp:tools"])
        #expect(metadata.bearerMethodsSupported == ["header"])
        #expect(metadata.resourceName == "MCP example")
        #expect(metadata.document["dpop_signing_alg_values_supported"] == ["ES256", "EdDSA", "PS256", "RS256"])
        #expect(metadata.document["dpop_bound_access_tokens_required"] == nil)
        configuration.dpop = .required
        let required = try ProtectedResourceMetadata(
            json: Fixtures.server(configuration).metadataDocument(), expectedResource: Fixtures.resource)
        #expect(required.document["dpop_bound_access_tokens_required"] == true)
        configuration.dpop = .disabled
        let bearerOnly = try ProtectedResourceMetadata(
            json: Fixtures.server(configuration).metadataDocument(), expectedResource: Fixtures.resource)
        #expect(bearerOnly.document["dpop_signing_alg_values_supported"] == nil)
    }
}
