// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJSON
import AuthTesting
import Foundation
import TestVectors
import Testing

@Suite("ProtectedResourceMetadata: RFC 9728 §2, §3 and §5.1")
struct ProtectedResourceMetadataTests {
    static let examples = Result { try DiscoveryRegistrationExamples.load() }

    @Test("reads RFC 9728 §3.2's example response")
    func readsExample() throws {
        let examples = try Self.examples.get()
        let metadata = try ProtectedResourceMetadata(
            json: Array(examples.rfc9728_section_3_2_response.utf8), expectedResource: "https://resource.example.com")
        #expect(metadata.resource == "https://resource.example.com")
        #expect(metadata.authorizationServers == ["https://as1.example.com", "https://as2.example.net"])
        #expect(metadata.bearerMethodsSupported == ["header", "body"])
        #expect(metadata.scopesSupported == ["profile", "email", "phone"])
        #expect(metadata.acceptsAuthorizationHeader)
        #expect(metadata.document["resource_documentation"]?.stringValue == "https://resource.example.com/resource_documentation.html")
    }

    @Test("makes RFC 9728 §3.1's well-known URL, removing a terminating slash and keeping the query")
    func wellKnownURL() throws {
        let example = try Self.examples.get().rfc9728_section_3_1
        #expect(ProtectedResourceMetadata.wellKnownURL(forResource: try #require(example.resource)) == example.metadataURL)
        #expect(
            ProtectedResourceMetadata.wellKnownURL(forResource: "https://resource.example.com/")
                == "https://resource.example.com/.well-known/oauth-protected-resource")
        #expect(
            ProtectedResourceMetadata.wellKnownURL(forResource: "https://r.example.com:8443/a/b/?x=1")
                == "https://r.example.com:8443/.well-known/oauth-protected-resource/a/b?x=1")
    }

    @Test("refuses a document for another resource, even differing by a trailing slash or case (§3.3)")
    func mismatch() throws {
        let body = Array(try Self.examples.get().rfc9728_section_3_2_response.utf8)
        for expected in ["https://resource.example.com/", "https://RESOURCE.example.com", "https://resource.example.com/resource1"] {
            #expect(throws: AuthClientError.resourceMismatch(expected: expected, actual: "https://resource.example.com")) {
                try ProtectedResourceMetadata(json: body, expectedResource: expected)
            }
        }
    }

    @Test("refuses documents that are not valid: no resource, wrong types, an http authorization server")
    func invalid() throws {
        let example = try Self.examples.get().rfc9728_section_3_2_response
        let cases: [(String, String, Int)] = [
            (#""resource": "https://resource.example.com","#, "", 10251),
            (#""https://as1.example.com""#, #""http://as1.example.com""#, 10002),
            (#"["profile", "email", "phone"]"#, #""profile""#, 10251),
            (#"["header", "body"]"#, "[1]", 10251),
            ("{", "[{", 10251),
        ]
        for (original, replacement, code) in cases {
            let body = example.replacingOccurrences(of: original, with: replacement)
            #expect(body != example)
            do {
                _ = try ProtectedResourceMetadata(json: Array(body.utf8), expectedResource: "https://resource.example.com")
                Issue.record("accepted \(replacement)")
            } catch {
                #expect(error.code == code, "\(replacement)")
            }
        }
    }

    @Test("fetches from the well-known URL and from a challenge's resource_metadata; 404 is not found")
    func fetches() async throws {
        let server = FakeProtectedResource(provider: FakeOpenIDProvider())
        let resource = server.configuration.resource
        let fromWellKnown = try await ProtectedResourceMetadata.fetch(forResource: resource, transport: server)
        #expect(fromWellKnown.authorizationServers == ["https://fake-provider.authflow.test"])
        let fromChallenge = try await ProtectedResourceMetadata.fetch(from: server.metadataURL, forResource: resource, transport: server)
        #expect(fromChallenge == fromWellKnown)
        await #expect(throws: AuthClientError.resourceMetadataNotFound(resource: resource + "/x", tried: [server.metadataURL + "/x"])) {
            try await ProtectedResourceMetadata.fetch(forResource: resource + "/x", transport: server)
        }
        await #expect(throws: AuthClientError.insecureURL(name: "resource_metadata", url: "http://mcp.authflow.test/m")) {
            try await ProtectedResourceMetadata.fetch(from: "http://mcp.authflow.test/m", forResource: resource, transport: server)
        }
    }

    @Test("follows RFC 9728 §5.1's example challenge to the metadata document")
    func followsChallenge() async throws {
        let examples = try Self.examples.get()
        let challenge = try #require(try AuthenticationChallenge.parse(examples.rfc9728_section_5_1_challenge).first)
        let url = try #require(challenge.resourceMetadata)
        let transport = ScriptedTransport([TransportResponse(status: 200, body: Array(examples.rfc9728_section_3_2_response.utf8))])
        let metadata = try await ProtectedResourceMetadata.fetch(
            from: url, forResource: "https://resource.example.com", transport: transport)
        #expect(metadata.authorizationServers.count == 2)
        #expect(transport.requests.map(\.url) == ["https://resource.example.com/.well-known/oauth-protected-resource"])
    }
}
