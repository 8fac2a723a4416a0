// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJSON

/// What a protected resource says about itself (OAuth 2.0 Protected Resource Metadata, RFC 9728): its
/// resource identifier, the authorization servers that issue tokens for it, and how it takes them.
///
/// ```swift
/// let metadata = ProtectedResourceMetadata(
///     resource: "https://mcp.example.com/mcp", authorizationServers: ["https://login.example.com"], scopesSupported: ["mcp:tools"])
/// metadata.acceptsAuthorizationHeader   // true: no bearer_methods_supported listed
/// ```
///
/// A client reads one with `AuthClient`'s `init(json:expectedResource:allowsInsecureLoopback:)` and fetches
/// it with `fetch(forResource:transport:allowsInsecureLoopback:)` (the well-known URL, RFC 9728 §3) or
/// `fetch(from:forResource:transport:allowsInsecureLoopback:)` (the URL a 401's
/// `WWW-Authenticate: Bearer resource_metadata="…"` gave, §5); those check that `resource` equals the
/// resource the document was fetched for, exactly (§3.3), and that every URL is https. A resource server
/// (`AuthResourceServer`) builds its own and serves it. This type is the model both share; it checks nothing
/// itself. `signed_metadata` (RFC 9728 §2.2) is kept in ``document`` unverified.
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

    /// Whether the resource takes bearer tokens in the `Authorization` header: true when it lists `header` or
    /// lists nothing (RFC 9728 §2: an absent list means the client cannot rely on a method, and the header
    /// is the one RFC 6750 §2.1 requires every resource server to support).
    public var acceptsAuthorizationHeader: Bool {
        bearerMethodsSupported.map { $0.contains("header") } ?? true
    }
}
