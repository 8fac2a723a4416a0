// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJSON
import AuthTesting
import Foundation
import TestVectors
import Testing

@Suite(
    "ClientIDMetadataDocument: the client's metadata at its client_id URL (MCP 2025-11-25, draft-ietf-oauth-client-id-metadata-document)")
struct ClientIDMetadataDocumentTests {
    @Test("the MCP specification's example document is read, with its client_id equal to its URL")
    func specificationExample() throws {
        let examples = try MCPAuthorizationExamples.load()
        let document = try ClientIDMetadataDocument(
            json: Array(examples.client_metadata_document.utf8), url: examples.client_metadata_document_url)
        #expect(document.clientID == "https://app.example.com/oauth/client-metadata.json")
        #expect(document.clientName == "Example MCP Client")
        #expect(document.redirectURIs == ["http://127.0.0.1:3000/callback", "http://localhost:3000/callback"])
        #expect(document.grantTypes == ["authorization_code"])
        #expect(document.clientURI == "https://app.example.com")
        #expect(document.logoURI == "https://app.example.com/logo.png")
    }

    @Test("a document served at another URL than its client_id is refused with clientMetadataDocumentMismatch")
    func mismatch() throws {
        let examples = try MCPAuthorizationExamples.load()
        for url in [
            "https://app.example.com/oauth/client-metadata.json/", "https://APP.example.com/oauth/client-metadata.json",
            "https://app.example.com/oauth/other.json",
        ] {
            #expect(throws: AuthClientError.clientMetadataDocumentMismatch(url: url, clientID: examples.client_metadata_document_url)) {
                try ClientIDMetadataDocument(json: Array(examples.client_metadata_document.utf8), url: url)
            }
        }
        #expect(AuthClientError.clientMetadataDocumentMismatch(url: "a", clientID: "b").code == 10260)
    }

    @Test("the written document has the members the MCP specification requires, as Foundation's JSON parser reads them")
    func writes() throws {
        let document = try ClientIDMetadataDocument(
            clientID: "https://agent.example.com/oauth/client.json", clientName: "My Agent",
            redirectURIs: ["http://127.0.0.1:53682/callback"], clientURI: "https://agent.example.com")
        let bytes = document.json.serialized(pretty: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["client_id"] as? String == "https://agent.example.com/oauth/client.json")
        #expect(object["client_name"] as? String == "My Agent")
        #expect(object["redirect_uris"] as? [String] == ["http://127.0.0.1:53682/callback"])
        #expect(object["token_endpoint_auth_method"] as? String == "none")
        #expect(object["response_types"] as? [String] == ["code"])
        #expect(object["client_uri"] as? String == "https://agent.example.com")
        #expect(object["client_secret"] == nil && object["logo_uri"] == nil)
        #expect(try ClientIDMetadataDocument(json: bytes, url: document.clientID) == document)
    }

    @Test(
        "a client_id that is not an https URL with a path, or has user information or dot segments, is refused; so is a document with a shared secret"
    )
    func refusals() throws {
        for clientID in [
            "http://agent.example.com/client.json", "https://agent.example.com", "https://agent.example.com/",
            "https://agent.example.com/client.json#x", "agent", "https://user:pw@agent.example.com/client.json",
            "https://agent.example.com/a/../client.json", "https://agent.example.com/./client.json",
        ] {
            #expect(throws: AuthClientError.self) {
                try ClientIDMetadataDocument(clientID: clientID, clientName: "A", redirectURIs: ["http://127.0.0.1:1/cb"])
            }
        }
        let url = "https://agent.example.com/client.json"
        for extra in [#""client_secret":"s3cret""#, #""token_endpoint_auth_method":"client_secret_basic""#] {
            let json = #"{"client_id":"\#(url)","client_name":"A","redirect_uris":["http://127.0.0.1:1/cb"],\#(extra)}"#
            #expect(throws: AuthClientError.self) { try ClientIDMetadataDocument(json: Array(json.utf8), url: url) }
        }
        let noRedirects = #"{"client_id":"\#(url)","client_name":"A"}"#
        #expect(throws: AuthClientError.invalidClientMetadataDocument("'redirect_uris' is missing")) {
            try ClientIDMetadataDocument(json: Array(noRedirects.utf8), url: url)
        }
    }

    @Test("fetch reads the document at its URL and checks it; a 404 is an unexpected response")
    func fetch() async throws {
        let examples = try MCPAuthorizationExamples.load()
        let host = ScriptedTransport([
            TransportResponse(status: 200, body: Array(examples.client_metadata_document.utf8)), TransportResponse(status: 404),
        ])
        let fetched = try await ClientIDMetadataDocument.fetch(from: examples.client_metadata_document_url, transport: host)
        #expect(fetched.clientName == "Example MCP Client")
        #expect(host.requests.first?.url == examples.client_metadata_document_url)
        await #expect(throws: AuthClientError.self) {
            try await ClientIDMetadataDocument.fetch(from: examples.client_metadata_document_url, transport: host)
        }
        let large = ScriptedTransport([
            TransportResponse(status: 200, body: Array(repeating: UInt8(ascii: " "), count: ClientIDMetadataDocument.maximumBodyBytes + 1))
        ])
        do {
            _ = try await ClientIDMetadataDocument.fetch(from: examples.client_metadata_document_url, transport: large)
            Issue.record("a document over the size limit was read")
        } catch {
            guard case .unexpectedResponse(_, 200, let reason) = error else { throw error }
            #expect(reason.contains("over the limit"))
        }
    }

    @Test("a client_id URL is accepted exactly when the MCP Python SDK's is_valid_client_metadata_url accepts it")
    func agreesWithTheSDK() throws {
        for vector in try MCPSDKClientIDURLs.load().cases {
            let accepted =
                (try? ClientIDMetadataDocument(clientID: vector.url, clientName: "A", redirectURIs: ["http://127.0.0.1:1/cb"])) != nil
            #expect(accepted == vector.valid, "\(vector.url)")
        }
    }
}
