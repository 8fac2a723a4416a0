// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDPoP
public import AuthHTTP
import AuthJSON

extension ResourceServer {
    /// The path to serve ``metadataDocument()`` at: `/.well-known/oauth-protected-resource` inserted before
    /// the resource identifier's path (RFC 9728 §3.1), without a terminating `/`.
    ///
    /// ```swift
    /// server.metadataPath   // "/.well-known/oauth-protected-resource/mcp" for https://mcp.example.com/mcp
    /// ```
    public var metadataPath: String {
        guard let parts = WebURL.split(configuration.resource) else { return "/.well-known/oauth-protected-resource" }
        return WebURL.wellKnownPath("oauth-protected-resource", pathAndQuery: parts.pathAndQuery)
    }

    /// The absolute URL of the metadata: the resource's origin and ``metadataPath``; the challenges'
    /// `resource_metadata` (RFC 9728 §5.1).
    public var metadataURL: String {
        WebURL.wellKnown("oauth-protected-resource", insertedInto: configuration.resource)
            ?? configuration.resource + "/.well-known/oauth-protected-resource"
    }

    /// The resource's metadata (RFC 9728 §2): `resource`, `authorization_servers`, `scopes_supported` when
    /// configured, `bearer_methods_supported: ["header"]` (the only method taken), `resource_name` when
    /// configured, and under DPoP `dpop_signing_alg_values_supported` and, when DPoP is required,
    /// `dpop_bound_access_tokens_required: true`.
    public var metadata: ProtectedResourceMetadata {
        var metadata = ProtectedResourceMetadata(
            resource: configuration.resource, authorizationServers: configuration.authorizationServers,
            scopesSupported: configuration.scopesSupported, bearerMethodsSupported: ["header"], resourceName: configuration.resourceName)
        var extra = JSONObject()
        if configuration.dpop != .disabled {
            try? extra.append(
                "dpop_signing_alg_values_supported", .array(configuration.dpopVerification.allowedAlgorithms.map(JSONValue.string)))
        }
        if configuration.dpop == .required { try? extra.append("dpop_bound_access_tokens_required", .bool(true)) }
        metadata.document = extra
        return metadata
    }

    /// ``metadata`` as the JSON to serve at ``metadataPath`` with `Content-Type: application/json`.
    ///
    /// ```swift
    /// if request.path == server.metadataPath { return Response(status: 200, body: server.metadataDocument()) }
    /// ```
    public func metadataDocument() -> [UInt8] {
        JSONValue.object(metadata.jsonObject).serialized()
    }
}
