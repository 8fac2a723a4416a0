// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthHTTP
import AuthJSON

extension ProtectedResourceMetadata {
    /// Reads and checks a metadata document fetched for `expectedResource`.
    ///
    /// ```swift
    /// let metadata = try ProtectedResourceMetadata(json: body, expectedResource: "https://mcp.example.com/mcp")
    /// metadata.authorizationServers   // ["https://login.example.com"]
    /// ```
    ///
    /// Checked: the body is a JSON object; `resource` is present and equals the resource the document was
    /// fetched for, exactly (RFC 9728 §3.3 — otherwise a possible impersonation:
    /// ``AuthClientError/resourceMismatch(expected:actual:)``); `resource`, every authorization server and
    /// `jwks_uri` are https (or loopback http when allowed); the arrays hold strings. Not checked: that the
    /// listed servers really issue tokens for the resource (the client learns that from their metadata and the
    /// token response), nor `signed_metadata` (RFC 9728 §2.2), which is kept in `document` unverified.
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
}
