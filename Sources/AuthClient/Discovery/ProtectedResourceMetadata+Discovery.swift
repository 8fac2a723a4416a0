// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension ProtectedResourceMetadata {
    /// The well-known URL of `resource`'s metadata: `/.well-known/oauth-protected-resource` inserted between
    /// the host and the path, a terminating slash removed (RFC 9728 §3.1). Nil when `resource` is not a URL.
    ///
    /// ```swift
    /// ProtectedResourceMetadata.wellKnownURL(forResource: "https://mcp.example.com/mcp")
    /// // "https://mcp.example.com/.well-known/oauth-protected-resource/mcp"
    /// ```
    public static func wellKnownURL(forResource resource: String) -> String? {
        WellKnownURL.inserting("oauth-protected-resource", into: resource)
    }

    /// Fetches and checks the metadata of `resource` from its well-known URL (RFC 9728 §3.1–§3.3): the
    /// document's `resource` must be `resource` exactly.
    ///
    /// ```swift
    /// let metadata = try await ProtectedResourceMetadata.fetch(forResource: "https://mcp.example.com/mcp", transport: transport)
    /// ```
    ///
    /// A 404 (any 4xx) is ``AuthClientError/resourceMetadataNotFound(resource:tried:)``.
    public static func fetch(
        forResource resource: String, transport: some HTTPTransport, allowsInsecureLoopback: Bool = false
    ) async throws(AuthClientError) -> ProtectedResourceMetadata {
        try SecureURL.check(resource, name: "resource", allowsInsecureLoopback: allowsInsecureLoopback)
        guard let url = wellKnownURL(forResource: resource) else { throw .insecureURL(name: "resource", url: resource) }
        return try await fetch(from: url, forResource: resource, transport: transport, allowsInsecureLoopback: allowsInsecureLoopback)
    }

    /// Fetches and checks the metadata at `url` — typically the `resource_metadata` of a 401's
    /// `WWW-Authenticate: Bearer` challenge (RFC 9728 §5.1) — for the resource the client requested:
    /// the document's `resource` must be `resource`, the URL the client used (§3.3), so a resource cannot
    /// point the client at another resource's servers.
    ///
    /// ```swift
    /// if let challenge = response.challenges.first(where: { $0.isScheme("Bearer") }), let url = challenge.resourceMetadata {
    ///     let metadata = try await ProtectedResourceMetadata.fetch(from: url, forResource: serverURL, transport: transport)
    /// }
    /// ```
    ///
    /// `url` must be https (or loopback http when allowed). A 4xx is
    /// ``AuthClientError/resourceMetadataNotFound(resource:tried:)``; another status than 200 is
    /// ``AuthClientError/unexpectedResponse(endpoint:status:reason:)``.
    public static func fetch(
        from url: String, forResource resource: String, transport: some HTTPTransport, allowsInsecureLoopback: Bool = false
    ) async throws(AuthClientError) -> ProtectedResourceMetadata {
        try SecureURL.check(url, name: "resource_metadata", allowsInsecureLoopback: allowsInsecureLoopback)
        var request = TransportRequest(method: .get, url: url)
        request.setHeader("Accept", "application/json")
        let response = try await transport.exchange(request)
        switch response.status {
        case 200:
            return try ProtectedResourceMetadata(
                json: response.body, expectedResource: resource, allowsInsecureLoopback: allowsInsecureLoopback)
        case 400..<500:
            throw .resourceMetadataNotFound(resource: resource, tried: [url])
        default:
            throw .unexpectedResponse(
                endpoint: "protected resource metadata", status: response.status, reason: "no metadata document at \(url)")
        }
    }
}
