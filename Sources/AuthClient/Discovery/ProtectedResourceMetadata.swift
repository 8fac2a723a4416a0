// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJSON

/// What a protected resource says about itself (OAuth 2.0 Protected Resource Metadata, RFC 9728): its
/// resource identifier, the authorization servers that issue tokens for it, and how it takes them.
///
/// ```swift
/// let metadata = try ProtectedResourceMetadata(json: body, expectedResource: "https://mcp.example.com/mcp")
/// metadata.authorizationServers   // ["https://login.example.com"]
/// ```
///
/// Fetch it with ``fetch(forResource:transport:allowsInsecureLoopback:)`` (the well-known URL, RFC 9728 §3)
/// or ``fetch(from:forResource:transport:allowsInsecureLoopback:)`` (the URL a 401's
/// `WWW-Authenticate: Bearer resource_metadata="…"` gave, §5).
///
/// Checked when read: the body is a JSON object; `resource` is present and equals the resource the
/// document was fetched for, exactly (§3.3 — otherwise a possible impersonation:
/// ``AuthClientError/resourceMismatch(expected:actual:)``); `resource` and every authorization server are
/// https (or loopback http when allowed); the arrays hold strings. Not checked: that the listed servers
/// really issue tokens for the resource (the client learns that from their metadata and the token
/// response), nor `signed_metadata` (RFC 9728 §2.2), which is kept in ``document`` unverified.
public struct ProtectedResourceMetadata: Sendable, Hashable {
    /// `resource`: the resource identifier (RFC 9728 §2), the value to send as RFC 8707 `resource`.
    public var resource: String
    /// `authorization_servers`: issuer identifiers of the servers that can issue tokens for it (may be
    /// empty: the resource did not say).
    public var authorizationServers: [String]
    /// `scopes_supported`, if listed.
    public var scopesSupported: [String]?
    /// `bearer_methods_supported` (`header`, `body`, `query`; RFC 6750), if listed.
    public var bearerMethodsSupported: [String]?
    /// `resource_name`, if any (human-readable, not for decisions).
    public var resourceName: String?
    /// `jwks_uri`, if any.
    public var jwksURI: String?
    /// The whole document, for members not modelled here.
    public var document: JSONObject

    /// Metadata from known values, for a resource without a metadata document.
    public init(
        resource: String, authorizationServers: [String], scopesSupported: [String]? = nil, bearerMethodsSupported: [String]? = nil,
        resourceName: String? = nil
    ) {
        self.resource = resource
        self.authorizationServers = authorizationServers
        self.scopesSupported = scopesSupported
        self.bearerMethodsSupported = bearerMethodsSupported
        self.resourceName = resourceName
        document = JSONObject()
    }

    /// Reads and checks a metadata document fetched for `expectedResource` (see the type's documentation).
    public init(json body: some Sequence<UInt8>, expectedResource: String, allowsInsecureLoopback: Bool = false) throws(AuthClientError) {
        let members = try JSONMembers(parsing: body, fail: AuthClientError.invalidResourceMetadata)
        let resource = try members.required("resource")
        guard resource.utf8.elementsEqual(expectedResource.utf8) else {
            throw .resourceMismatch(expected: expectedResource, actual: resource)
        }
        self.init(
            resource: resource, authorizationServers: try members.strings("authorization_servers") ?? [],
            scopesSupported: try members.strings("scopes_supported"),
            bearerMethodsSupported: try members.strings("bearer_methods_supported"),
            resourceName: try members.string("resource_name"))
        jwksURI = try members.string("jwks_uri")
        document = members.object
        try SecureURL.check(resource, name: "resource", allowsInsecureLoopback: allowsInsecureLoopback)
        for server in authorizationServers {
            try SecureURL.check(server, name: "authorization_servers", allowsInsecureLoopback: allowsInsecureLoopback)
        }
        if let jwksURI { try SecureURL.check(jwksURI, name: "jwks_uri", allowsInsecureLoopback: allowsInsecureLoopback) }
    }

    /// Whether the resource takes bearer tokens in the `Authorization` header: true when it lists `header` or
    /// lists nothing (RFC 9728 §2: an absent list means the client cannot rely on a method, and the header
    /// is the one RFC 6750 §2.1 requires every resource server to support).
    public var acceptsAuthorizationHeader: Bool {
        bearerMethodsSupported.map { $0.contains("header") } ?? true
    }
}
