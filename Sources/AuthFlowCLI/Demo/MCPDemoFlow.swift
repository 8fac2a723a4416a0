// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthTesting

/// `authflow demo --mcp`: the MCP client authorization profile, offline against the fake provider and a
/// fake MCP server, narrated: the 401 and its challenge, the protected resource metadata (RFC 9728), the
/// authorization server metadata (RFC 8414), the Client ID Metadata Document as client id (MCP 2025-11-25;
/// dynamic registration, RFC 7591, when the server does not support it), the login with `resource` (RFC
/// 8707), a 403 `insufficient_scope` and its step-up, and the call the server accepts. `--fail` shows each
/// refusal.
struct MCPDemoFlow: Sendable {
    /// What `--fail` can show in the MCP flow.
    enum Failure: String, CaseIterable, Sendable {
        case resourceMismatch = "resource-mismatch"
        case issuerMismatch = "issuer-mismatch"
        case noS256 = "no-s256"
        case registrationRefused = "registration-refused"
        case wrongAudience = "wrong-audience"
        case cimdMismatch = "cimd-mismatch"
        case stepUpRefused = "step-up-refused"

        var explanation: String {
            switch self {
            case .resourceMismatch: "the server's metadata names another resource (RFC 9728 §3.3): an impersonation"
            case .issuerMismatch: "the authorization server's metadata is for another issuer (RFC 8414 §3.3)"
            case .noS256: "the authorization server does not list S256 in code_challenge_methods_supported, which MCP requires"
            case .registrationRefused:
                "the server supports no client ID metadata documents, and its registration endpoint refuses the client with "
                    + "invalid_client_metadata (RFC 7591 §3.2.2)"
            case .wrongAudience: "the token is presented to another MCP server, which refuses it: it was issued for the first (RFC 8707)"
            case .cimdMismatch:
                "the client's metadata document names another client_id than its URL: the authorization server refuses the client "
                    + "(draft-ietf-oauth-client-id-metadata-document §4.1)"
            case .stepUpRefused:
                "the tool needs a scope the server names nowhere the client can read: the step-up has nothing new to ask for, "
                    + "and the client does not loop"
            }
        }
    }

    let failure: Failure?

    func run() async -> (text: String, asExpected: Bool) {
        var out = Narration()
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.signingKey = .es256
        if failure == .noS256 { configuration.advertisesS256 = false }
        if failure == .registrationRefused { configuration.registration = .refuse(.invalidClientMetadata) }
        // The app's own hosting of its client ID metadata document, which the authorization server fetches.
        let documentHost: DemoTransport
        do {
            // With cimd-mismatch the document served at documentURL names another client_id.
            let document = try ClientIDMetadataDocument(
                clientID: failure == .cimdMismatch ? "https://impostor.authflow.test/client.json" : Self.documentURL,
                clientName: "authflow demo", redirectURIs: ["http://127.0.0.1:53682/callback"])
            let served = TransportResponse(
                status: 200, headerFields: [HeaderField(name: "Content-Type", value: "application/json")], body: document.json.serialized())
            documentHost = DemoTransport(ScriptedTransport([served], repeatsLast: true))
        } catch {
            return ("✗ Unexpected error: \(error)\n", false)
        }
        configuration.supportsClientIDMetadataDocuments = failure != .registrationRefused
        configuration.clientMetadataDocumentHost = documentHost
        let time = ManualWallClock(NumericDate(secondsSince1970: 1_800_000_000))
        let provider = FakeOpenIDProvider(configuration, clock: .manual(time))
        var serverConfiguration = FakeProtectedResource.Configuration()
        if failure == .resourceMismatch { serverConfiguration.statedResource = "https://impostor.authflow.test/mcp" }
        if failure == .issuerMismatch { serverConfiguration.authorizationServers = [configuration.issuer + "/"] }
        // A tool that needs more than the login asks for: 403 insufficient_scope, then the step-up.
        // With step-up-refused the 403 names no scope (as the MCP Python SDK's), and scopes_supported adds nothing.
        serverConfiguration.requiredScopes = ["mcp:tools", "mcp:write"]
        serverConfiguration.namesRequiredScopes = failure != .stepUpRefused
        let server = FakeProtectedResource(serverConfiguration, provider: provider)
        let wire = DemoTransport(server)
        out.line("AuthFlow demo: the MCP client authorization profile, offline, against AuthTesting's fake provider and MCP server.")
        if let failure { out.line("Showing: \(failure.rawValue) — \(failure.explanation).") }
        do {
            try await flow(provider: provider, server: server, wire: wire, documentHost: documentHost, clock: .manual(time), out: &out)
            out.line(
                "\nDone: the MCP server accepted the token. Try `authflow demo --mcp --fail` with one of: "
                    + "\(Failure.allCases.map(\.rawValue).joined(separator: ", ")).")
            return (out.text, failure == nil)
        } catch let error as DemoFlow.CaughtFailure {
            out.line("\n✗ Caught at step \(error.step): \(error.message)")
            out.line("  That is the error your code gets.")
            return (out.text, failure != nil)
        } catch {
            out.line("\n✗ Unexpected error: \(error)")
            return (out.text, false)
        }
    }

    static let documentURL = "https://demo-agent.authflow.test/oauth/client.json"

    private func flow(
        provider: FakeOpenIDProvider, server: FakeProtectedResource, wire: DemoTransport, documentHost: DemoTransport, clock: WallClock,
        out: inout Narration
    ) async throws {
        let demo = DemoFlow(failure: nil, verifierOctets: nil)
        let store = InMemoryCredentialStore()

        // 1. From the server URL to a client id
        out.step(
            1, "Discovery: 401 → resource metadata → authorization server metadata → client id",
            "MCP authorization 2025-11-25; RFC 6750 §3, RFC 9728 §3 §5, RFC 8414 §3, draft-ietf-oauth-client-id-metadata-document, RFC 7591 §3",
            "MCPAuthorization.discover — Sources/AuthClient/MCP/MCPAuthorization.swift")
        var options = MCPAuthorization.Options(redirectURI: "http://127.0.0.1:53682/callback", clientName: "authflow demo")
        options.clientIDMetadataDocumentURL = Self.documentURL
        let mcp = try await demo.attempt(1, &out, wire) {
            try await MCPAuthorization.discover(
                serverURL: server.configuration.resource, options: options, transport: wire, store: store, clock: clock)
        }
        out.exchanges(wire.takeExchanges())
        out.check("the server answered 401 with a Bearer challenge: resource_metadata = \(mcp.challenge?.resourceMetadata ?? "none")")
        out.check("the metadata's resource is the server URL exactly (RFC 9728 §3.3): \(mcp.resource)")
        out.check("authorization server: \(mcp.authorizationServer.issuer), its metadata's issuer checked (RFC 8414 §3.3)")
        out.check("code_challenge_methods_supported lists S256 (refused otherwise)")
        if mcp.registeredNow {
            out.value("client_id", mcp.client.configuration.clientID, "registered now (RFC 7591 §3.2.1), kept in the credential store")
        } else {
            out.value(
                "client_id", mcp.client.configuration.clientID,
                "the client's metadata document: the server advertises client_id_metadata_document_supported, so nothing is registered")
        }
        out.value("scope", mcp.client.configuration.scopes.map(\.rawValue).joined(separator: " "), "openid plus the challenge's scope")

        // 2. Login with the resource
        out.step(
            2, "Login with PKCE and resource", "RFC 6749 §4.1, RFC 7636, RFC 8707 §2.1–2.2",
            "MCPAuthorization.login — Sources/AuthClient/MCP/MCPAuthorization+Login.swift")
        var generator = SeededRandomNumberGenerator(seed: 17)
        let user: User
        do {
            user = try await demo.attempt(2, &out, wire) { try await mcp.login(with: provider.browser(), using: &generator) }
        } catch {
            out.line("  The authorization server fetched the client's metadata document:")
            out.exchanges(documentHost.takeExchanges())
            throw error
        }
        let fetched = documentHost.takeExchanges()
        if !fetched.isEmpty {
            out.line("  The authorization server fetched the client's metadata document (client_id = its URL, checked):")
            out.exchanges(fetched)
        }
        out.exchanges(wire.takeExchanges())
        out.check("resource=\(mcp.resource) on the authorization request and on the token request")
        out.check("ID token validated; signed in as \(user.subject ?? "(no subject)")")

        // 3. Calling the server
        out.step(3, "Calling the MCP server", "RFC 6750 §2.1", "User.send — Sources/AuthClient/Session/User.swift")
        let target: String
        if failure == .wrongAudience {
            var other = FakeProtectedResource.Configuration(resource: "https://other-mcp.authflow.test/mcp")
            other.scopesSupported = []
            let otherWire = DemoTransport(FakeProtectedResource(other, provider: provider))
            let tokens = try await user.validTokens()
            var request = TransportRequest(method: .post, url: other.resource)
            request.setHeader("Authorization", "Bearer " + tokens.accessToken)
            let answer = try await otherWire.send(request)
            out.exchanges(otherWire.takeExchanges())
            guard answer.status == 200 else {
                throw DemoFlow.CaughtFailure(
                    step: 3, message: "\(other.resource) answered \(answer.status): the token's audience is \(mcp.resource)")
            }
            target = other.resource
            out.check("\(target) accepted the token: it was issued for this resource")
            return
        }
        target = mcp.resource
        var refusedScope: [String]? = nil
        do throws(AuthClientError) {
            _ = try await user.send(TransportRequest(method: .post, url: target))
        } catch .insufficientScope(let scope) {
            refusedScope = scope
        } catch {
            out.exchanges(wire.takeExchanges())
            throw DemoFlow.CaughtFailure(step: 3, message: "\(error) (code \(error.code))")
        }
        out.exchanges(wire.takeExchanges())
        guard let scope = refusedScope else {
            throw DemoFlow.CaughtFailure(step: 3, message: "the server accepted a token without mcp:write")
        }
        out.check(
            "403 insufficient_scope: the token is for this server, but the tool needs more (RFC 6750 §3.1); scope in the challenge: "
                + (scope.isEmpty ? "none (only in error_description)" : scope.joined(separator: " ")))

        // 4. Scope step-up
        out.step(
            4, "Scope step-up: a login for the union of scopes, then the call again",
            "MCP authorization 2025-11-25 \"Scope Challenge Handling\"; RFC 6750 §3.1",
            "MCPAuthorization.send(_:as:stepUpWith:) — Sources/AuthClient/MCP/MCPAuthorization+StepUp.swift")
        let answer = try await demo.attempt(4, &out, wire) {
            try await mcp.send(TransportRequest(method: .post, url: target), as: user, stepUpWith: provider.browser(), using: &generator)
        }
        out.exchanges(wire.takeExchanges())
        guard answer.status == 200 else { throw DemoFlow.CaughtFailure(step: 4, message: "the server answered \(answer.status)") }
        let asked = provider.lastAuthorizationParameters.first { $0.name == "scope" }?.value ?? ""
        out.value("scope", asked, "asked for in the step-up's authorization request: the grant's scopes plus the challenge's")
        out.value("granted", (try await user.validTokens().scopes ?? []).joined(separator: " "), "the same User now holds the new tokens")
        out.check("\(target) accepted the token: it was issued for this resource, with the scope the tool needs")
    }
}
