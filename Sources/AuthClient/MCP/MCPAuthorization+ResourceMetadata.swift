// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension MCPAuthorization {
    /// Step 2: the metadata from the challenge's `resource_metadata` (RFC 9728 §5.1), checked against the
    /// server URL; else from the well-known URL with the server's path inserted (§3.1), checked against the
    /// server URL; else, for a server URL with a path, from the root well-known URL, checked against the
    /// origin (the resource identifier that URL is formed from, §3.3).
    static func resourceMetadata(
        for serverURL: String, challenge: AuthenticationChallenge?, transport: some HTTPTransport, allowsInsecureLoopback: Bool
    ) async throws(AuthClientError) -> ProtectedResourceMetadata {
        if let url = challenge?.resourceMetadata {
            return try await ProtectedResourceMetadata.fetch(
                from: url, forResource: serverURL, transport: transport, allowsInsecureLoopback: allowsInsecureLoopback)
        }
        guard let parts = WellKnownURL.split(serverURL), let url = ProtectedResourceMetadata.wellKnownURL(forResource: serverURL) else {
            throw .insecureURL(name: "MCP server URL", url: serverURL)
        }
        do {
            return try await ProtectedResourceMetadata.fetch(
                from: url, forResource: serverURL, transport: transport, allowsInsecureLoopback: allowsInsecureLoopback)
        } catch .resourceMetadataNotFound where !parts.path.isEmpty {
            let root = parts.origin + "/.well-known/oauth-protected-resource"
            do {
                return try await ProtectedResourceMetadata.fetch(
                    from: root, forResource: parts.origin, transport: transport, allowsInsecureLoopback: allowsInsecureLoopback)
            } catch .resourceMetadataNotFound {
                throw .resourceMetadataNotFound(resource: serverURL, tried: [url, root])
            }
        }
    }
}
