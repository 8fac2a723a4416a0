// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJSON
import AuthJWT
import Foundation
import TestVectors
import Testing

/// The RFC 7517 Appendix A keys (RFC/jose-examples.json): A.1's public EC and RSA keys, A.2's private EC key
/// (with `d`), A.3's symmetric keys.
enum RFC7517Keys {
    static func member(_ name: String) throws -> JSONValue {
        let root = try JSONValue(parsing: Array(Vectors.data("RFC/jose-examples.json")))
        return try #require(root[name])
    }

    static func publicKeys() throws -> [JSONObject] {
        try #require(try member("rfc7517_a1")["keys"]?.arrayValue?.compactMap(\.objectValue))
    }

    static func privateEC() throws -> JSONObject { try #require(try member("rfc7517_a2_private_ec").objectValue) }

    static func symmetric() throws -> JSONObject {
        try #require(try member("rfc7517_a3")["keys"]?.arrayValue?.last?.objectValue)
    }
}

@Suite(
    "ClientIDMetadataDocument with private_key_jwt: jwks or jwks_uri, public keys only (draft-ietf-oauth-client-id-metadata-document §4.1)")
struct ClientIDMetadataDocumentPrivateKeyJWTTests {
    static let url = "https://agent.authflow.test/oauth/client.json"
    static let redirect = "http://127.0.0.1:53682/callback"

    static func document(_ keys: ClientIDMetadataDocument.Keys) throws(AuthClientError) -> ClientIDMetadataDocument {
        try ClientIDMetadataDocument(clientID: url, clientName: "Agent", redirectURIs: [redirect], privateKeyJWT: keys)
    }

    @Test("a document with RFC 7517 A.1's public keys writes token_endpoint_auth_method private_key_jwt and jwks, and reads back")
    func writesJWKS() throws {
        let keys = try RFC7517Keys.publicKeys()
        let document = try Self.document(.jwks(keys))
        let json = document.json
        #expect(json["token_endpoint_auth_method"]?.stringValue == "private_key_jwt")
        #expect(json["jwks"]?["keys"]?.arrayValue?.count == 2)
        #expect(json["jwks_uri"] == nil)
        let read = try ClientIDMetadataDocument(json: json.serialized(), url: Self.url)
        #expect(read == document)
        #expect(read.keys == .jwks(keys))
    }

    @Test("a jwks_uri document writes the URL and no jwks; an http or fragment jwks_uri is refused")
    func writesJWKSURI() throws {
        let document = try Self.document(.jwksURI("https://agent.authflow.test/oauth/jwks.json"))
        #expect(document.json["jwks_uri"]?.stringValue == "https://agent.authflow.test/oauth/jwks.json")
        #expect(document.json["jwks"] == nil)
        #expect(try ClientIDMetadataDocument(json: document.json.serialized(), url: Self.url).keys == document.keys)
        for bad in ["http://agent.authflow.test/jwks.json", "https://agent.authflow.test/jwks.json#k", "jwks.json"] {
            #expect(throws: AuthClientError.invalidClientMetadataDocument("'jwks_uri' is not an https URL without a fragment")) {
                try Self.document(.jwksURI(bad))
            }
        }
    }

    @Test("RFC 7517 A.2's private EC key (it has d) is refused with clientMetadataDocumentPrivateKey, naming its kid only")
    func refusesPrivateKey() throws {
        let key = try RFC7517Keys.privateEC()
        #expect(throws: AuthClientError.clientMetadataDocumentPrivateKey(keyID: "1")) { try Self.document(.jwks([key])) }
        let error = AuthClientError.clientMetadataDocumentPrivateKey(keyID: "1")
        #expect(error.code == 10264)
        #expect(!"\(error)".contains("870MB6gfuTJ4HtUnUvYMyJpr5eUZNP4Bk43bVdj3eAE"), "the private key is never in the message")
        // Each private member alone is enough.
        let publicKey = try RFC7517Keys.publicKeys()[0]
        for name in ["d", "p", "q", "dp", "dq", "qi", "oth"] {
            var withPrivate = publicKey
            try withPrivate.append(name, "AQAB")
            #expect(throws: AuthClientError.clientMetadataDocumentPrivateKey(keyID: "1")) { try Self.document(.jwks([withPrivate])) }
        }
        #expect(throws: Never.self) { try Self.document(.jwks([publicKey])) }
    }

    @Test("RFC 7517 A.3's symmetric key is refused: a shared secret has no place in a public document")
    func refusesSymmetricKey() throws {
        let key = try RFC7517Keys.symmetric()
        #expect(throws: AuthClientError.clientMetadataDocumentPrivateKey(keyID: "HMAC key used in JWS spec Appendix A.1 example")) {
            try Self.document(.jwks([key]))
        }
    }

    @Test("reading refuses a private key, both jwks and jwks_uri, private_key_jwt without keys, and an empty jwks")
    func readingRules() throws {
        let publicKey = JSONValue.object(try RFC7517Keys.publicKeys()[0])
        let privateKey = JSONValue.object(try RFC7517Keys.privateEC())
        func read(_ extra: [(String, JSONValue)]) throws(AuthClientError) -> ClientIDMetadataDocument {
            var object = JSONObject()
            try? object.append("client_id", .string(Self.url))
            try? object.append("client_name", "Agent")
            try? object.append("redirect_uris", [.string(Self.redirect)])
            for (name, value) in extra { try? object.append(name, value) }
            return try ClientIDMetadataDocument(json: JSONValue.object(object).serialized(), url: Self.url)
        }
        let method: (String, JSONValue) = ("token_endpoint_auth_method", "private_key_jwt")
        #expect(throws: AuthClientError.clientMetadataDocumentPrivateKey(keyID: "1")) {
            try read([method, ("jwks", ["keys": [privateKey]])])
        }
        #expect(throws: AuthClientError.clientMetadataDocumentPrivateKey(keyID: "1")) {
            try read([("jwks", ["keys": [privateKey]])])
        }
        #expect(throws: AuthClientError.invalidClientMetadataDocument("'jwks' and 'jwks_uri' are both present (RFC 7591 §2 allows one)")) {
            try read([method, ("jwks", ["keys": [publicKey]]), ("jwks_uri", "https://agent.authflow.test/jwks.json")])
        }
        #expect(
            throws: AuthClientError.invalidClientMetadataDocument("token_endpoint_auth_method 'private_key_jwt' needs 'jwks' or 'jwks_uri'")
        ) {
            try read([method])
        }
        #expect(throws: AuthClientError.invalidClientMetadataDocument("'jwks' has no keys")) { try read([method, ("jwks", ["keys": []])]) }
        let document = try read([method, ("jwks", ["keys": [publicKey]])])
        #expect(document.tokenEndpointAuthMethod == "private_key_jwt")
        #expect(try read([]).tokenEndpointAuthMethod == "none")
        #expect(try read([]).keys == nil)
    }

    @Test("publicKeys(of:) writes the signing key's public JWK with kid and alg, never d")
    func publicKeysOfSigningKey() throws {
        var generator = SystemRandomNumberGenerator()
        let key = P256PrivateKey.generate(keyID: "agent-1", using: &generator)
        let document = try Self.document(.publicKeys(of: [key]))
        let written = try #require(document.json["jwks"]?["keys"]?.arrayValue?.first)
        #expect(written["kid"]?.stringValue == "agent-1")
        #expect(written["alg"]?.stringValue == "ES256")
        #expect(written["d"] == nil)
        #expect(try JWK(#require(written.objectValue)).thumbprint() == JWK(key.publicJWK).thumbprint())
    }
}
