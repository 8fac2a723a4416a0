// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJSON

extension ProtectedResourceMetadata {
    /// The metadata as an RFC 9728 §2 JSON object: the modelled members first (`resource`,
    /// `authorization_servers`, then those that are set), then every other member of ``document`` that
    /// does not repeat one of them — what a resource server serves at its well-known URL.
    ///
    /// ```swift
    /// var metadata = ProtectedResourceMetadata(resource: "https://mcp.example.com/mcp", authorizationServers: ["https://as.example.com"])
    /// metadata.bearerMethodsSupported = ["header"]
    /// let body = JSONValue.object(metadata.jsonObject).serialized()
    /// ```
    public var jsonObject: JSONObject {
        var members: [(String, JSONValue)] = [
            ("resource", .string(resource)), ("authorization_servers", .array(authorizationServers.map(JSONValue.string))),
        ]
        if let jwksURI { members.append(("jwks_uri", .string(jwksURI))) }
        if let scopesSupported { members.append(("scopes_supported", .array(scopesSupported.map(JSONValue.string)))) }
        if let bearerMethodsSupported { members.append(("bearer_methods_supported", .array(bearerMethodsSupported.map(JSONValue.string)))) }
        if let resourceName { members.append(("resource_name", .string(resourceName))) }
        var object = JSONObject()
        for (name, value) in members { try? object.append(name, value) }
        for (name, value) in document.members where object[name] == nil { try? object.append(name, value) }
        return object
    }
}
