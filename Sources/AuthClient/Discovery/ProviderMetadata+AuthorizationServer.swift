// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

extension ProviderMetadata {
    /// Where an authorization server's metadata may be, in the order the MCP authorization specification
    /// (2025-06-18 and 2025-11-25, "Authorization Server Metadata Discovery") tries them: for an issuer with
    /// a path, RFC 8414 with the path inserted (§3.1), OpenID Connect Discovery with the path inserted, then
    /// OpenID Connect Discovery with the path appended (Discovery §4); for an issuer without a path, RFC 8414
    /// then OpenID Connect Discovery. Empty when `issuer` is not a URL.
    ///
    /// ```swift
    /// ProviderMetadata.discoveryURLs(forIssuer: "https://auth.example.com/tenant1")
    /// // ["https://auth.example.com/.well-known/oauth-authorization-server/tenant1",
    /// //  "https://auth.example.com/.well-known/openid-configuration/tenant1",
    /// //  "https://auth.example.com/tenant1/.well-known/openid-configuration"]
    /// ```
    public static func discoveryURLs(forIssuer issuer: String) -> [String] {
        guard let parts = WellKnownURL.split(issuer), parts.query.isEmpty else { return [] }
        if parts.path.isEmpty {
            return [parts.origin + "/.well-known/oauth-authorization-server", parts.origin + "/.well-known/openid-configuration"]
        }
        return [
            parts.origin + "/.well-known/oauth-authorization-server" + parts.path,
            parts.origin + "/.well-known/openid-configuration" + parts.path,
            parts.origin + parts.path + "/.well-known/openid-configuration",
        ]
    }

    /// `registration_endpoint` (RFC 8414 §2, RFC 7591 §3), if the document lists one and it is a string.
    public var registrationEndpoint: String? {
        document["registration_endpoint"]?.stringValue
    }

    /// Whether the document says `client_id_metadata_document_supported: true` (MCP authorization 2025-11-25,
    /// draft-ietf-oauth-client-id-metadata-document): the server accepts an https URL as `client_id` and fetches
    /// the client's metadata from it. Absent, false or not a boolean: false.
    ///
    /// ```swift
    /// metadata.supportsClientIDMetadataDocuments   // then MCPAuthorization uses Options.clientIDMetadataDocumentURL
    /// ```
    public var supportsClientIDMetadataDocuments: Bool {
        document["client_id_metadata_document_supported"]?.boolValue ?? false
    }

    /// `scopes_supported` (RFC 8414 §2, OpenID Connect Discovery §3), if the document lists it as an array;
    /// its strings, in order (other elements are skipped).
    ///
    /// ```swift
    /// metadata.scopesSupported   // ["openid", "email", "offline_access"]
    /// ```
    public var scopesSupported: [String]? {
        document["scopes_supported"]?.arrayValue.map { $0.compactMap(\.stringValue) }
    }

    /// Whether the server says it is an OpenID Provider: `scopes_supported` lists `openid` (OpenID Connect
    /// Discovery §3: "The server MUST support the openid scope value"). `MCPAuthorization` asks for `openid`
    /// only then (or when the app asks for it). A server that omits `scopes_supported` is taken as plain
    /// OAuth 2.0 — a login without `openid` still gets an access token there, while `openid` at an
    /// OAuth-only server gets `invalid_scope`.
    ///
    /// ```swift
    /// let metadata = try await ProviderMetadata.fetch(issuer: "https://auth.example.com", transport: transport)
    /// metadata.advertisesOpenIDConnect   // false at an OAuth-only server
    /// ```
    public var advertisesOpenIDConnect: Bool {
        scopesSupported?.contains("openid") ?? false
    }

    /// Whether `code_challenge_methods_supported` is present and lists `S256` — what the MCP authorization
    /// profile requires before it uses a server (absent is not enough there, though RFC 8414 allows it).
    public var advertisesS256: Bool {
        codeChallengeMethodsSupported?.contains("S256") ?? false
    }

    /// Fetches the metadata of the authorization server `issuer`, trying ``discoveryURLs(forIssuer:)`` in
    /// order, and checks it as ``init(json:expectedIssuer:allowsInsecureLoopback:)`` does — above all that its
    /// `issuer` is `issuer` exactly (RFC 8414 §3.3, OpenID Connect Discovery §4.3), whichever URL answered.
    ///
    /// ```swift
    /// let metadata = try await ProviderMetadata.fetch(issuer: "https://auth.example.com", transport: transport)
    /// ```
    ///
    /// A 4xx moves on to the next URL; a document that is there but not valid, or for another issuer, is an
    /// error at once (never skipped); any other status throws ``AuthClientError/unexpectedResponse(endpoint:status:reason:)``.
    /// When every URL answers 4xx: ``AuthClientError/authorizationServerMetadataNotFound(issuer:tried:)``.
    public static func fetch(
        issuer: String, transport: some HTTPTransport, allowsInsecureLoopback: Bool = false
    ) async throws(AuthClientError) -> ProviderMetadata {
        try SecureURL.check(issuer, name: "issuer", allowsInsecureLoopback: allowsInsecureLoopback)
        let urls = discoveryURLs(forIssuer: issuer)
        var tried: [String] = []
        for url in urls {
            var request = TransportRequest(method: .get, url: url)
            request.setHeader("Accept", "application/json")
            let response = try await transport.exchange(request)
            tried.append(url)
            switch response.status {
            case 200:
                return try ProviderMetadata(json: response.body, expectedIssuer: issuer, allowsInsecureLoopback: allowsInsecureLoopback)
            case 400..<500:
                continue
            default:
                throw .unexpectedResponse(
                    endpoint: "authorization server metadata", status: response.status, reason: "no metadata document at \(url)")
            }
        }
        throw .authorizationServerMetadataNotFound(issuer: issuer, tried: tried)
    }
}
