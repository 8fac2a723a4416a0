// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJSON

/// The metadata of a native client to register dynamically (RFC 7591 §2): a public client by default,
/// with the authorization code and refresh token grants, `response_types=code` and
/// `token_endpoint_auth_method=none` (RFC 8252 §8.4: a native app cannot keep a secret).
///
/// ```swift
/// let registration = try ClientRegistration(clientName: "My App", redirectURIs: ["http://127.0.0.1:53682/callback"])
/// let registered = try await registration.register(at: metadata, transport: transport)
/// registered.clientID   // issued by the server
/// ```
///
/// Checked at creation: there is at least one redirect URI, and each is a loopback http URL with an IP
/// literal and a port, an https URL or a private-use scheme (RFC 8252 §7, the rules of
/// ``ClientConfiguration``); the client name is not empty. Not checked: whether the server accepts them
/// (it answers `invalid_redirect_uri` or `invalid_client_metadata`, RFC 7591 §3.2.2).
public struct ClientRegistration: Sendable, Hashable {
    /// `client_name`, shown to the user on the consent page.
    public var clientName: String
    /// `redirect_uris`.
    public var redirectURIs: [String]
    /// `grant_types`. Default `authorization_code`, `refresh_token`.
    public var grantTypes: [String]
    /// `response_types`. Default `code`.
    public var responseTypes: [String]
    /// `token_endpoint_auth_method`. Default `none` (a public client); `client_secret_basic` asks for a secret.
    public var tokenEndpointAuthMethod: String
    /// `scope`, space-separated when sent; nil: not sent.
    public var scopes: [String]?
    /// `client_uri`, `logo_uri`, `software_id`, `software_version` and any other member, sent as given.
    public var additionalMetadata: JSONObject

    /// A registration request (see the type's documentation for what is checked).
    public init(
        clientName: String, redirectURIs: [String], grantTypes: [String] = ["authorization_code", "refresh_token"],
        responseTypes: [String] = ["code"], tokenEndpointAuthMethod: String = "none", scopes: [String]? = nil,
        additionalMetadata: JSONObject = JSONObject()
    ) throws(AuthClientError) {
        guard !clientName.isEmpty else { throw .invalidConfiguration("the client name to register is empty") }
        guard !redirectURIs.isEmpty else { throw .invalidConfiguration("a client to register needs at least one redirect URI") }
        for uri in redirectURIs { _ = try ClientConfiguration.callback(for: uri) }
        self.clientName = clientName
        self.redirectURIs = redirectURIs
        self.grantTypes = grantTypes
        self.responseTypes = responseTypes
        self.tokenEndpointAuthMethod = tokenEndpointAuthMethod
        self.scopes = scopes
        self.additionalMetadata = additionalMetadata
    }

    /// The request body (RFC 7591 §3.1): the modelled members, then the additional ones not already set.
    public var json: JSONValue {
        var object = JSONObject()
        try? object.append("client_name", .string(clientName))
        try? object.append("redirect_uris", .array(redirectURIs.map(JSONValue.string)))
        try? object.append("grant_types", .array(grantTypes.map(JSONValue.string)))
        try? object.append("response_types", .array(responseTypes.map(JSONValue.string)))
        try? object.append("token_endpoint_auth_method", .string(tokenEndpointAuthMethod))
        if let scopes { try? object.append("scope", .string(scopes.joined(separator: " "))) }
        for (name, value) in additionalMetadata.members where object[name] == nil { try? object.append(name, value) }
        return .object(object)
    }
}
