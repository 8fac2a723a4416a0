// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthClient
public import AuthJSON

/// A protected resource in your process, shaped like an MCP server (MCP authorization specification): it
/// answers a request without a valid token with 401 and `WWW-Authenticate: Bearer resource_metadata="…"`
/// (RFC 9728 §5.1, RFC 6750 §3), serves its protected resource metadata at the well-known URL (RFC 9728
/// §3), and accepts only access tokens that its ``provider`` issued **for it** — with `resource` equal to
/// ``Configuration/resource`` (RFC 8707). Every other request goes to the provider, so one transport
/// serves both; `FakeProviderServer.start(serving:)` serves it over HTTP.
///
/// ```swift
/// let provider = FakeOpenIDProvider()
/// let server = FakeProtectedResource(provider: provider)          // https://mcp.authflow.test/mcp
/// let mcp = try await MCPAuthorization.discover(serverURL: server.configuration.resource, options: options, transport: server)
/// let user = try await mcp.login(with: provider.browser())
/// let answer = try await user.send(TransportRequest(method: .post, url: server.configuration.resource))   // 200
/// ```
///
/// Switches make each check fail: a metadata document for another resource, no `resource_metadata` in the
/// challenge, other authorization servers, no metadata at all; ``Configuration/requiredScopes`` makes it
/// answer 403 `insufficient_scope` to a token without them. DPoP-bound tokens are taken with their proof.
public final class FakeProtectedResource: HTTPTransport, Sendable {
    /// How the resource is set up.
    public struct Configuration: Sendable {
        /// The resource identifier and the URL of its one protected endpoint.
        public var resource: String
        /// `authorization_servers`; nil: the provider's issuer.
        public var authorizationServers: [String]? = nil
        /// `scopes_supported`, also sent as the challenge's `scope`.
        public var scopesSupported: [String] = ["mcp:tools"]
        /// The `resource` the metadata states; nil: ``resource``. Another value is an impersonation (RFC 9728 §3.3).
        public var statedResource: String? = nil
        /// Whether the 401's challenge carries `resource_metadata` (else the client must use the well-known URL).
        public var sendsResourceMetadataInChallenge = true
        /// Whether the metadata is served at all (else 404).
        public var servesMetadata = true
        /// The scopes a token's grant must have; a token without one of them gets 403 `insufficient_scope`
        /// (RFC 6750 §3.1, MCP 2025-11-25 "Runtime Insufficient Scope Errors"). Empty: any scope.
        public var requiredScopes: [String] = []
        /// Whether that 403 names the scopes in `scope` (the MCP specification's SHOULD); false: only in
        /// `error_description` (`Required scope: …`), as the MCP Python SDK's bearer middleware answers.
        public var namesRequiredScopes = true

        /// A resource at `resource` (default `https://mcp.authflow.test/mcp`).
        public init(resource: String = "https://mcp.authflow.test/mcp") {
            self.resource = resource
        }
    }

    public let configuration: Configuration
    /// The provider that issues the tokens, and answers every request that is not the resource's.
    public let provider: FakeOpenIDProvider

    public init(_ configuration: Configuration = Configuration(), provider: FakeOpenIDProvider) {
        self.configuration = configuration
        self.provider = provider
        provider.serve(resource: configuration.resource)
    }

    /// The well-known URL of the metadata: `/.well-known/oauth-protected-resource` inserted before the path.
    public var metadataURL: String {
        guard let split = FakeOpenIDProvider.originAndPath(configuration.resource) else { return configuration.resource }
        return split.origin + "/.well-known/oauth-protected-resource" + split.path
    }

    /// The protected resource metadata document (RFC 9728 §2).
    public var metadataDocument: JSONValue {
        [
            "resource": .string(configuration.statedResource ?? configuration.resource),
            "authorization_servers": .array((configuration.authorizationServers ?? [provider.configuration.issuer]).map(JSONValue.string)),
            "scopes_supported": .array(configuration.scopesSupported.map(JSONValue.string)),
            "bearer_methods_supported": ["header"],
            "resource_name": "Fake MCP server",
        ]
    }

    /// The resource's endpoint, its metadata, or the provider.
    public func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        let path = request.url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? request.url
        if path == metadataURL {
            guard configuration.servesMetadata, request.method == .get else { return TransportResponse(status: 404) }
            return FakeOpenIDProvider.json(200, metadataDocument)
        }
        guard path == configuration.resource else { return try await provider.send(request) }
        guard request.header("Authorization") != nil else { return challenge(error: nil) }
        // A Bearer token, or a DPoP-bound one with its proof (RFC 9449 §7.1), as the provider's own resource takes them.
        let (grant, refusal) = provider.authorizedGrant(request)
        if let refusal { return provider.resourceRefusal(refusal) }
        guard let grant else { return challenge(error: "the access token is not valid") }
        guard grant.audience.contains(configuration.resource) else {
            // RFC 8707 §2: a token for another resource (or for none) is not for this one.
            return challenge(error: "the access token is not for this resource")
        }
        let granted = grant.scope.split(separator: " ").map(String.init)
        if let missing = configuration.requiredScopes.first(where: { !granted.contains($0) }) {
            return insufficientScope(missing: missing)
        }
        return FakeOpenIDProvider.json(200, ["resource": .string(configuration.resource), "sub": .string(grant.subject)])
    }

    /// 403 `insufficient_scope` with `resource_metadata`, and the required scopes in `scope` or — like the MCP
    /// Python SDK — only the first missing one in `error_description`.
    private func insufficientScope(missing: String) -> TransportResponse {
        var parameters = [#"error="insufficient_scope""#, #"error_description="Required scope: \#(missing)""#]
        if configuration.namesRequiredScopes { parameters.append("scope=\"\(configuration.requiredScopes.joined(separator: " "))\"") }
        parameters.append("resource_metadata=\"\(metadataURL)\"")
        var response = TransportResponse(status: 403)
        response.headerFields.append(HeaderField(name: "WWW-Authenticate", value: "Bearer " + parameters.joined(separator: ", ")))
        return response
    }

    /// 401 with the Bearer challenge (RFC 6750 §3; `error="invalid_token"` when a token was presented).
    private func challenge(error description: String?) -> TransportResponse {
        var parameters: [String] = []
        if let description { parameters += ["error=\"invalid_token\"", "error_description=\"\(description)\""] }
        if configuration.sendsResourceMetadataInChallenge { parameters.append("resource_metadata=\"\(metadataURL)\"") }
        if !configuration.scopesSupported.isEmpty { parameters.append("scope=\"\(configuration.scopesSupported.joined(separator: " "))\"") }
        let value = parameters.isEmpty ? "Bearer" : "Bearer " + parameters.joined(separator: ", ")
        var response = TransportResponse(status: 401)
        response.headerFields.append(HeaderField(name: "WWW-Authenticate", value: value))
        return response
    }
}
