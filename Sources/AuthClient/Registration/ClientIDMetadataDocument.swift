// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
public import AuthJSON

/// A Client ID Metadata Document (draft-ietf-oauth-client-id-metadata-document, MCP authorization 2025-11-25
/// "Client ID Metadata Documents"): the client's metadata as JSON at an https URL that is also its
/// `client_id`. An authorization server that advertises `client_id_metadata_document_supported` fetches it
/// when it sees that `client_id`, instead of the client registering first.
///
/// ```swift
/// let document = try ClientIDMetadataDocument(
///     clientID: "https://agent.example.com/oauth/client.json", clientName: "My Agent",
///     redirectURIs: ["http://127.0.0.1:53682/callback"])
/// let body = document.json.serialized(pretty: true)   // serve at the client_id URL, Content-Type application/json
/// options.clientIDMetadataDocumentURL = document.clientID
/// ```
///
/// Checked at creation: `client_id` is an https URL with a path other than `/` and no fragment (MCP
/// 2025-11-25: "MUST use the https scheme and contain a path component"; the draft's §3), the client name is
/// not empty, there is at least one redirect URI and each is one ``ClientConfiguration`` accepts (RFC 8252
/// §7), and the client is public (`token_endpoint_auth_method` `none`: a document cannot hold a shared
/// secret, draft §4.1) — or, made with ``init(clientID:clientName:redirectURIs:privateKeyJWT:grantTypes:clientURI:logoURI:)``,
/// a `private_key_jwt` client whose public keys the document carries (`jwks`) or points to (`jwks_uri`).
/// Written: `client_id`, `client_name`, `redirect_uris`, `grant_types`, `response_types`,
/// `token_endpoint_auth_method`, `jwks` or `jwks_uri` for a `private_key_jwt` client, and `client_uri`/`logo_uri`
/// when set. Not checked: that the document is really served at its URL — ``fetch(from:transport:)`` reads it
/// back and checks that.
public struct ClientIDMetadataDocument: Sendable, Hashable {
    /// `client_id`: the URL the document is served at, exactly.
    public let clientID: String
    /// `client_name`, shown to the user on the consent page.
    public var clientName: String
    /// `redirect_uris`: the authorization server accepts only these (the draft's §4.2).
    public var redirectURIs: [String]
    /// `grant_types`. Default `authorization_code`, `refresh_token`.
    public var grantTypes: [String]
    /// `client_uri`: the client's home page; nil: not written.
    public var clientURI: String?
    /// `logo_uri`; nil: not written.
    public var logoURI: String?
    /// `token_endpoint_auth_method`: `none` (a public client) or `private_key_jwt` (RFC 7523 §2.2, with ``keys``),
    /// or, in a document read with ``init(json:url:)``, whatever other method without a shared secret it names.
    public let tokenEndpointAuthMethod: String
    /// The client's public keys for `private_key_jwt`: `jwks` or `jwks_uri` (RFC 7591 §2); nil: neither.
    public let keys: Keys?

    /// A document for the public client `clientID` (see the type's documentation for what is checked).
    public init(
        clientID: String, clientName: String, redirectURIs: [String], grantTypes: [String] = ["authorization_code", "refresh_token"],
        clientURI: String? = nil, logoURI: String? = nil
    ) throws(AuthClientError) {
        try self.init(
            clientID: clientID, clientName: clientName, redirectURIs: redirectURIs, grantTypes: grantTypes, clientURI: clientURI,
            logoURI: logoURI, tokenEndpointAuthMethod: "none", keys: nil)
    }

    /// The document with the client's authentication method and keys, checked as the public initializers say.
    init(
        clientID: String, clientName: String, redirectURIs: [String], grantTypes: [String], clientURI: String?, logoURI: String?,
        tokenEndpointAuthMethod: String, keys: Keys?
    ) throws(AuthClientError) {
        try Self.checkClientID(clientID)
        guard !clientName.isEmpty else { throw .invalidClientMetadataDocument("'client_name' is empty") }
        guard !redirectURIs.isEmpty else { throw .invalidClientMetadataDocument("'redirect_uris' is empty") }
        for uri in redirectURIs { _ = try ClientConfiguration.callback(for: uri) }
        self.clientID = clientID
        self.clientName = clientName
        self.redirectURIs = redirectURIs
        self.grantTypes = grantTypes
        self.clientURI = clientURI
        self.logoURI = logoURI
        self.tokenEndpointAuthMethod = tokenEndpointAuthMethod
        self.keys = keys
    }

    /// Reads a document served at `url` and checks it: a JSON object whose `client_id` is `url` exactly
    /// (else ``AuthClientError/clientMetadataDocumentMismatch(url:clientID:)``, the draft's §4.1), with
    /// `client_name` and `redirect_uris` (MCP 2025-11-25 requires both), and no `client_secret` or shared-secret
    /// authentication method (§4.1). `jwks` and `jwks_uri` are read as ``Keys`` checks them — not both (RFC 7591
    /// §2), public keys only (else ``AuthClientError/clientMetadataDocumentPrivateKey(keyID:)``) — and a
    /// `private_key_jwt` document must have one of them. The redirect URIs are not judged here (the authorization
    /// server does).
    ///
    /// ```swift
    /// let document = try ClientIDMetadataDocument(json: body, url: "https://agent.example.com/oauth/client.json")
    /// ```
    public init(json: some Sequence<UInt8>, url: String) throws(AuthClientError) {
        let members = try JSONMembers(parsing: json, fail: AuthClientError.invalidClientMetadataDocument)
        let clientID = try members.required("client_id")
        guard clientID.utf8.elementsEqual(url.utf8) else { throw .clientMetadataDocumentMismatch(url: url, clientID: clientID) }
        guard try members.string("client_secret") == nil else {
            throw .invalidClientMetadataDocument("'client_secret' is not allowed in a client ID metadata document")
        }
        let method = try members.string("token_endpoint_auth_method") ?? "none"
        guard !["client_secret_basic", "client_secret_post", "client_secret_jwt"].contains(method) else {
            throw .invalidClientMetadataDocument("token_endpoint_auth_method '\(method)' uses a shared secret")
        }
        guard let name = try members.string("client_name") else { throw .invalidClientMetadataDocument("'client_name' is missing") }
        guard let redirects = try members.strings("redirect_uris") else {
            throw .invalidClientMetadataDocument("'redirect_uris' is missing")
        }
        try Self.checkClientID(clientID)
        guard !name.isEmpty else { throw .invalidClientMetadataDocument("'client_name' is empty") }
        guard !redirects.isEmpty else { throw .invalidClientMetadataDocument("'redirect_uris' is empty") }
        let keys = try Keys(members)
        if method == "private_key_jwt", keys == nil {
            throw .invalidClientMetadataDocument("token_endpoint_auth_method 'private_key_jwt' needs 'jwks' or 'jwks_uri'")
        }
        self.tokenEndpointAuthMethod = method
        self.keys = keys
        // The redirect URIs are kept as the document states them (the specification's own example lists
        // `http://localhost:3000/callback`, which RFC 8252 §8.3 advises against but an authorization server may take).
        self.clientID = clientID
        self.clientName = name
        self.redirectURIs = redirects
        self.grantTypes = try members.strings("grant_types") ?? ["authorization_code"]
        self.clientURI = try members.string("client_uri")
        self.logoURI = try members.string("logo_uri")
    }

    /// The document (see the type's documentation for its members).
    public var json: JSONValue {
        var object = JSONObject()
        try? object.append("client_id", .string(clientID))
        try? object.append("client_name", .string(clientName))
        try? object.append("redirect_uris", .array(redirectURIs.map(JSONValue.string)))
        try? object.append("grant_types", .array(grantTypes.map(JSONValue.string)))
        try? object.append("response_types", ["code"])
        try? object.append("token_endpoint_auth_method", .string(tokenEndpointAuthMethod))
        switch keys {
        case .jwks(let jwks)?: try? object.append("jwks", ["keys": .array(jwks.map(JSONValue.object))])
        case .jwksURI(let uri)?: try? object.append("jwks_uri", .string(uri))
        case nil: break
        }
        if let clientURI { try? object.append("client_uri", .string(clientURI)) }
        if let logoURI { try? object.append("logo_uri", .string(logoURI)) }
        return .object(object)
    }

    /// Whether `clientID` can name a client ID metadata document: an https URL with a path other than `/`
    /// and without a fragment; throws ``AuthClientError/invalidClientMetadataDocument(_:)`` naming what is wrong.
    static func checkClientID(_ clientID: String) throws(AuthClientError) {
        guard let uri = try? URI(parsing: clientID), uri.scheme == "https", let host = uri.host, !host.isEmpty else {
            throw .invalidClientMetadataDocument("client_id '\(clientID)' is not an https URL")
        }
        guard uri.path.count > 1 else { throw .invalidClientMetadataDocument("client_id '\(clientID)' has no path component") }
        guard uri.fragment == nil else { throw .invalidClientMetadataDocument("client_id '\(clientID)' has a fragment") }
        guard uri.userinfo == nil else { throw .invalidClientMetadataDocument("client_id has user information before its host") }
        let segments = uri.path.split(separator: "/", omittingEmptySubsequences: false)
        guard !segments.contains(where: { $0 == "." || $0 == ".." }) else {
            throw .invalidClientMetadataDocument("client_id '\(clientID)' has a '.' or '..' path segment")
        }
    }
}
