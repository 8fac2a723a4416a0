// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthSession
import AuthURLSession
import Foundation
import Testing

/// The MCP server's URL, from the environment; nil skips the suite.
let mcpSDKInteropURL = ProcessInfo.processInfo.environment["AUTHFLOW_MCP_SDK_URL"]
/// A second SDK server whose MCP endpoint requires the scopes "user files" (`MCP_SDK_REQUIRED_SCOPES`).
let mcpSDKStepUpURL = ProcessInfo.processInfo.environment["AUTHFLOW_MCP_SDK_STEP_UP_URL"]

/// `MCPAuthorization` against a peer nobody here wrote: the reference MCP Python SDK (PyPI `mcp`), whose
/// own auth routes and MCP server `.ci/interop-mcp` serves on 127.0.0.1 with `.ci/mcp-sdk-provider.py` — an
/// OAuth 2.0 authorization server **without OpenID Connect** (no `jwks_uri`, no openid-configuration,
/// `scopes_supported: ["user"]`, `invalid_scope` for `openid`), dynamic registration, and the MCP endpoint
/// behind the SDK's bearer middleware, which accepts only tokens issued for it (RFC 8707).
///
/// - `AUTHFLOW_MCP_SDK_URL` — the MCP endpoint, `http://127.0.0.1:PORT/mcp`; the authorization server is
///   `http://127.0.0.1:PORT`, and approves every authorization at once for the user "alice".
/// - `AUTHFLOW_MCP_SDK_STEP_UP_URL` — the same, from a server whose MCP endpoint requires "user files" and
///   answers a token for "user" alone with the SDK's 403 `insufficient_scope` (scope in `error_description` only).
///
/// Without the variable the suite is skipped (plain `swift test` is offline).
@Suite("MCP authorization interop with the MCP Python SDK", .enabled(if: mcpSDKInteropURL != nil), .serialized)
struct MCPSDKInteropTests {
    static let serverURL = mcpSDKInteropURL ?? ""
    static let redirectURI = "http://127.0.0.1:53682/callback"
    let transport = URLSessionTransport(timeout: 30)

    /// The SDK's authorize endpoint approves at once and answers 302 to the redirect URI: this user agent
    /// reads that redirect without following it (nothing listens on the redirect URI's port).
    struct AutoApproval: UserAgent {
        let transport: URLSessionTransport
        var requiresPresentationContext: Bool { false }

        func present(_ request: UserAgentRequest) async throws(AuthSessionError) -> Redirect {
            let answer: TransportResponse
            do {
                answer = try await transport.send(TransportRequest(method: .get, url: request.url.text))
            } catch {
                throw .userAgentFailed("the authorization page did not answer: \(error)")
            }
            guard answer.status == 302, let location = answer.header("Location"), let url = try? URI(parsing: location) else {
                throw .userAgentFailed("the authorization endpoint answered \(answer.status), not a redirect")
            }
            guard request.callback.matches(url) else { throw .userAgentFailed("the redirect does not match the callback") }
            return Redirect(callbackURL: url)
        }
    }

    func discover(_ options: MCPAuthorization.Options? = nil, store: InMemoryCredentialStore = InMemoryCredentialStore())
        async throws -> MCPAuthorization
    {
        var options = options ?? MCPAuthorization.Options(redirectURI: Self.redirectURI, clientName: "AuthFlow interop")
        options.allowsInsecureLoopback = true
        return try await MCPAuthorization.discover(serverURL: Self.serverURL, options: options, transport: transport, store: store)
    }

    /// A `tools/list` request as the Streamable HTTP transport sends it (the token is added by the sender).
    static func toolsList(_ url: String) -> TransportRequest {
        let body = #"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}"#
        var request = TransportRequest(method: .post, url: url, body: Array(body.utf8))
        request.setHeader("Content-Type", "application/json")
        request.setHeader("Accept", "application/json, text/event-stream")
        request.setHeader("MCP-Protocol-Version", "2025-06-18")
        return request
    }

    /// An MCP `initialize` request to the server with `accessToken`, as the Streamable HTTP transport sends it.
    func initialize(accessToken: String?) async throws -> TransportResponse {
        let body =
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"#
            + #""clientInfo":{"name":"authflow-interop","version":"1"}}}"#
        var request = TransportRequest(method: .post, url: Self.serverURL, body: Array(body.utf8))
        request.setHeader("Content-Type", "application/json")
        request.setHeader("Accept", "application/json, text/event-stream")
        request.setHeader("MCP-Protocol-Version", "2025-06-18")
        if let accessToken { request.setHeader("Authorization", "Bearer " + accessToken) }
        return try await transport.send(request)
    }

    @Test("discovery follows the SDK's 401 to its RFC 9728 and RFC 8414 documents, registers, and asks for no openid")
    func discovery() async throws {
        let store = InMemoryCredentialStore()
        let mcp = try await discover(store: store)
        let issuer = String(Self.serverURL.dropLast("/mcp".count))
        #expect(mcp.resource == Self.serverURL)
        #expect(mcp.challenge?.resourceMetadata == issuer + "/.well-known/oauth-protected-resource/mcp")
        #expect(mcp.authorizationServer.issuer == issuer)
        #expect(mcp.authorizationServer.jwksURI == nil)
        #expect(mcp.authorizationServer.advertisesS256)
        #expect(!mcp.authorizationServer.advertisesOpenIDConnect)
        #expect(mcp.registeredNow)
        #expect(mcp.registration?.tokenEndpointAuthMethod == "none")
        #expect(mcp.client.configuration.scopes.map(\.rawValue) == ["user"])
        #expect(!mcp.client.configuration.isOpenIDConnect)
        #expect(try await store.clientRegistration(forIssuer: issuer) == mcp.registration)
        // The SDK serves no OpenID Connect discovery document.
        let openID = try await transport.send(TransportRequest(method: .get, url: issuer + "/.well-known/openid-configuration"))
        #expect(openID.status == 404)
    }

    @Test("authorization and code exchange give tokens without an ID token, which the SDK's MCP server accepts")
    func codeExchange() async throws {
        let mcp = try await discover()
        var generator = SystemRandomNumberGenerator()
        let request = try mcp.authorizationRequest(using: &generator)
        let parameters = try request.url.queryParameters()
        #expect(parameters.first { $0.name == "scope" }?.value == "user")
        #expect(parameters.first { $0.name == "resource" }?.value == Self.serverURL)
        #expect(!parameters.contains { $0.name == "nonce" })
        let redirect = try await AutoApproval(transport: transport).present(UserAgentRequest(url: request.url, callback: request.callback))
        let response = try request.response(from: redirect)
        let tokens = try await mcp.client.exchangeCode(response.code, for: request)
        #expect(tokens.idToken == nil)
        #expect(tokens.refreshToken != nil)
        #expect(tokens.scopes == ["user"])
        #expect(try await initialize(accessToken: nil).status == 401)
        let answer = try await initialize(accessToken: tokens.accessToken)
        #expect(answer.status == 200)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("\"serverInfo\""))
        // A code works once (RFC 6749 §4.1.2).
        await #expect(throws: AuthClientError.self) { try await mcp.client.exchangeCode(response.code, for: request) }
    }

    @Test("asking the SDK's server for openid anyway is refused with invalid_scope, as issue 27 reported")
    func openIDRefused() async throws {
        var options = MCPAuthorization.Options(redirectURI: Self.redirectURI, clientName: "AuthFlow interop (openid)")
        options.scopes = [.openID, Scope(rawValue: "user")]
        let mcp = try await discover(options)
        #expect(mcp.client.configuration.isOpenIDConnect)
        var generator = SystemRandomNumberGenerator()
        let request = try mcp.authorizationRequest(using: &generator)
        let redirect = try await AutoApproval(transport: transport).present(UserAgentRequest(url: request.url, callback: request.callback))
        #expect(throws: AuthClientError.self) { try request.response(from: redirect) }
        do {
            _ = try request.response(from: redirect)
        } catch {
            #expect(error.oauthError == .invalidScope)
        }
    }

    @Test("the whole login gives a user whose requests the SDK's MCP server accepts")
    func login() async throws {
        let mcp = try await discover()
        let user = try await mcp.login(with: AutoApproval(transport: transport))
        let body = #"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}"#
        var request = TransportRequest(method: .post, url: mcp.resource, body: Array(body.utf8))
        request.setHeader("Content-Type", "application/json")
        request.setHeader("Accept", "application/json, text/event-stream")
        request.setHeader("MCP-Protocol-Version", "2025-06-18")
        #expect(try await user.send(request).status == 200)
    }

    @Test("with a metadata document URL, the SDK's server (no client_id_metadata_document_supported) gets a dynamic registration")
    func metadataDocumentFallback() async throws {
        var options = MCPAuthorization.Options(redirectURI: Self.redirectURI, clientName: "AuthFlow interop (CIMD)")
        options.clientIDMetadataDocumentURL = "https://agent.authflow.test/oauth/client.json"
        let mcp = try await discover(options)
        #expect(!mcp.authorizationServer.supportsClientIDMetadataDocuments)
        #expect(mcp.registeredNow)
        #expect(mcp.client.configuration.clientID == mcp.registration?.clientID)
    }

    @Test("the SDK's 403 insufficient_scope (scope only in error_description) is stepped up to its scopes_supported, in one call")
    func scopeStepUp() async throws {
        let url = try #require(mcpSDKStepUpURL, "AUTHFLOW_MCP_SDK_STEP_UP_URL is not set")
        var options = MCPAuthorization.Options(redirectURI: Self.redirectURI, clientName: "AuthFlow interop (step-up)")
        options.allowsInsecureLoopback = true
        options.scopes = [Scope(rawValue: "user")]
        let mcp = try await MCPAuthorization.discover(serverURL: url, options: options, transport: transport)
        #expect(mcp.resourceMetadata.scopesSupported == ["user", "files"])
        let browser = AutoApproval(transport: transport)
        let user = try await mcp.login(with: browser)
        #expect(try await user.validTokens().scopes == ["user"])
        await #expect(throws: AuthClientError.insufficientScope(scope: [])) { try await user.send(Self.toolsList(url)) }
        let answer = try await mcp.send(Self.toolsList(url), as: user, stepUpWith: browser)
        #expect(answer.status == 200)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("whoami"))
        #expect(try await user.validTokens().scopes == ["user", "files"])
        #expect(try await user.send(Self.toolsList(url)).status == 200)
    }
}
