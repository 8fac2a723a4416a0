// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import Foundation
import Testing

@testable import AuthFlowCLI

/// `authflow login --mcp-server` and `authflow token --resource`, against `authflow provider`'s fake provider
/// behind fake MCP servers (FakeProtectedResource) over HTTP on 127.0.0.1.
@Suite("authflow login --mcp-server and token --resource: MCP authorization end to end over HTTP", .serialized)
struct MCPLoginTests {
    static let documentURL = "https://agent.authflow.test/oauth/client.json"

    static func value(_ name: String, in form: [FormParameter]) -> String? { form.first { $0.name == name }?.value }

    static func options(_ harness: LoginHarness) -> AuthFlowCLI.LoginOptions {
        var options = AuthFlowCLI.LoginOptions()
        options.insecureLoopbackIssuer = true
        return options
    }

    static func login(
        _ harness: LoginHarness, server: String, _ options: AuthFlowCLI.LoginOptions? = nil, profile: String? = nil,
        environment: LoginEnvironment? = nil, files: [String: [UInt8]] = [:]
    ) async -> CommandOutcome {
        var options = options ?? Self.options(harness)
        options.profile = profile ?? MCPLoginFlow.profileName(for: server)
        let environment = environment ?? harness.environment
        var terminal = MemoryTerminal()
        terminal.files = files
        let chosen = options
        return await command(terminal) { terminal throws(CLIError) in
            try MCPLoginFlow.run(chosen, serverURL: server, environment: environment, terminal: &terminal)
        }
    }

    static func token(
        _ harness: LoginHarness, resource: String, profile: String? = nil, environment: LoginEnvironment? = nil,
        files: [String: [UInt8]] = [:]
    ) async -> CommandOutcome {
        var options = TokenOptions()
        options.resource = resource
        if let profile {
            options.profile = profile
            options.profileGiven = true
        }
        let environment = environment ?? harness.environment
        var terminal = MemoryTerminal()
        terminal.files = files
        let chosen = options
        return await command(terminal) { terminal throws(CLIError) in
            try TokenCommands.run(.access, chosen, environment: environment, terminal: &terminal)
        }
    }

    @Test("the profile name comes from the MCP server's URL: mcp-HOST-PORT-PATH, one safe path component")
    func profileNames() throws {
        #expect(MCPLoginFlow.profileName(for: "https://mcp.example.com/mcp") == "mcp-mcp.example.com-mcp")
        #expect(MCPLoginFlow.profileName(for: "http://127.0.0.1:8001/mcp/") == "mcp-127.0.0.1-8001-mcp")
        #expect(MCPLoginFlow.profileName(for: "https://mcp.example.com") == "mcp-mcp.example.com")
        let long = MCPLoginFlow.profileName(for: "https://mcp.example.com/" + String(repeating: "a", count: 100))
        #expect(long.count == 64)
        for name in ["mcp-mcp.example.com-mcp", long] { try ProfileStore.check(name: name) }
    }

    @Test("login --mcp-server: 401, RFC 9728 metadata, dynamic registration, the browser with resource; token --resource prints the token")
    func dynamicRegistration() async throws {
        let harness = try LoginHarness(mcpPaths: ["/mcp"])
        let server = try #require(harness.mcpServers.first)
        let resource = server.configuration.resource
        let login = await Self.login(harness, server: resource)
        #expect(login.error == nil, "\(login.errors)")
        #expect(login.output.contains("Logged in to the MCP server \(resource)"))
        #expect(login.errors.contains("dynamically registered now"))
        #expect(harness.provider.requestCount(.registration) == 1)
        let authorization = try #require(harness.opened.withLock { $0 }.first)
        #expect(authorization.contains("resource=" + FormParameter.encode(component: resource)))
        let exchange = try #require(harness.forms(to: .token).first)
        #expect(Self.value("resource", in: exchange) == resource, "RFC 8707 §2.2: the code exchange names the resource")

        let profile = MCPLoginFlow.profileName(for: resource)
        let settings = try String(contentsOfFile: harness.path(profile, "profile.json"), encoding: .utf8)
        #expect(settings.contains("\"mcp_server\"") && settings.contains("\"registered_client\": true"))
        #expect(!settings.contains("client_secret"), "the registered client's secret stays in the 0600 token file")

        let token = await Self.token(harness, resource: resource)
        #expect(token.error == nil, "\(token.errors)")
        let accessToken = token.output.trimmingCharacters(in: .newlines)
        #expect(!login.output.contains(accessToken) && !login.errors.contains(accessToken), "login prints no token")
        var call = TransportRequest(method: .post, url: resource)
        call.setHeader("Authorization", "Bearer " + accessToken)
        #expect(try await server.send(call).status == 200, "the token is for the MCP server")
    }

    @Test("token --resource refreshes an expired token with resource and the registered client's credentials")
    func refreshWithResource() async throws {
        let harness = try LoginHarness(mcpPaths: ["/mcp"])
        let resource = try #require(harness.mcpServers.first).configuration.resource
        #expect(await Self.login(harness, server: resource).error == nil)
        let first = await Self.token(harness, resource: resource).output
        harness.time.advance(by: 3600)
        let refreshed = await Self.token(harness, resource: resource)
        #expect(refreshed.error == nil, "\(refreshed.errors)")
        #expect(refreshed.output != first)
        let refresh = try #require(harness.forms(to: .token).last)
        #expect(Self.value("grant_type", in: refresh) == "refresh_token")
        #expect(Self.value("resource", in: refresh) == resource, "RFC 8707 §2.2 on the refresh too")
        // The registration asked for a public client (token_endpoint_auth_method none): its client_id, no secret.
        let exchange = try #require(harness.forms(to: .token).first)
        let registered = try #require(Self.value("client_id", in: exchange))
        #expect(Self.value("client_id", in: refresh) == registered)
        #expect(try #require(harness.requests(to: .token).last).header("Authorization") == nil)
    }

    @Test("a second MCP server's login has its own profile and grant: the first's token is untouched and still served")
    func twoServers() async throws {
        let harness = try LoginHarness(mcpPaths: ["/mcp-a", "/mcp-b"])
        let (a, b) = (harness.mcpServers[0].configuration.resource, harness.mcpServers[1].configuration.resource)
        #expect(await Self.login(harness, server: a).error == nil)
        let tokenA = await Self.token(harness, resource: a).output
        let loginB = await Self.login(harness, server: b)
        #expect(loginB.error == nil, "\(loginB.errors)")
        let tokenB = await Self.token(harness, resource: b).output
        #expect(tokenA != tokenB)
        #expect(await Self.token(harness, resource: a).output == tokenA, "B's login did not touch A's grant")
        #expect(MCPLoginFlow.profileName(for: a) != MCPLoginFlow.profileName(for: b))
        for (server, token) in [(harness.mcpServers[0], tokenA), (harness.mcpServers[1], tokenB)] {
            var call = TransportRequest(method: .post, url: server.configuration.resource)
            call.setHeader("Authorization", "Bearer " + token.trimmingCharacters(in: .newlines))
            #expect(try await server.send(call).status == 200)
        }
        // A's token is not for B (RFC 8707): the grants are per resource.
        var crossed = TransportRequest(method: .post, url: b)
        crossed.setHeader("Authorization", "Bearer " + tokenA.trimmingCharacters(in: .newlines))
        #expect(try await harness.mcpServers[1].send(crossed).status == 401)
        // The same profile named for both: the second login refuses to replace the first without --force.
        let replaced = await Self.login(harness, server: b, profile: MCPLoginFlow.profileName(for: a))
        #expect(replaced.error?.message.contains("give another --profile") == true)
    }

    @Test("token --resource for a resource no profile holds says how to log in; a --profile without it is refused")
    func unknownResource() async throws {
        let harness = try LoginHarness(mcpPaths: ["/mcp"])
        let resource = try #require(harness.mcpServers.first).configuration.resource
        let none = await Self.token(harness, resource: resource)
        #expect(none.error?.message.contains("authflow login --mcp-server \(resource)") == true)
        #expect(await Self.login(harness, server: resource).error == nil)
        let other = await Self.token(harness, resource: "https://other.example/mcp")
        #expect(other.error?.message.contains("no profile holds a grant for https://other.example/mcp") == true)
        let wrongProfile = await Self.token(
            harness, resource: "https://other.example/mcp", profile: MCPLoginFlow.profileName(for: resource))
        #expect(wrongProfile.error?.message.contains("holds no grant") == true)
    }

    @Test("--authorization-server picks among several; one the server does not list is refused before any request to a server")
    func authorizationServerPreference() async throws {
        let harness = try LoginHarness(mcpPaths: ["/mcp"])
        let resource = try #require(harness.mcpServers.first).configuration.resource
        var options = Self.options(harness)
        options.authorizationServers = ["https://elsewhere.example"]
        let refused = await Self.login(harness, server: resource, options)
        #expect(refused.error?.message.contains("10262") == true || refused.error?.message.contains("none of the MCP server") == true)
        #expect(harness.provider.requestCount(.registration) == 0)
        options.authorizationServers = ["https://elsewhere.example", harness.issuer]
        #expect(await Self.login(harness, server: resource, options).error == nil)
    }

    @Test("--client-id with --issuer: the pre-registered client comes first, nothing is registered; another issuer is refused")
    func preRegistered() async throws {
        let harness = try LoginHarness(mcpPaths: ["/mcp"])
        let resource = try #require(harness.mcpServers.first).configuration.resource
        var options = Self.options(harness)
        options.clientID = LocalProvider.publicClientID
        options.issuer = "https://elsewhere.example"
        let refused = await Self.login(harness, server: resource, options)
        #expect(refused.error?.message.contains("10258") == true, "\(String(describing: refused.error))")
        #expect(harness.provider.requestCount(.token) == 0)
        options.issuer = harness.issuer
        let login = await Self.login(harness, server: resource, options)
        #expect(login.error == nil, "\(login.errors)")
        #expect(login.errors.contains("\(LocalProvider.publicClientID), pre-registered"))
        #expect(harness.provider.requestCount(.registration) == 0)
        let exchange = try #require(harness.forms(to: .token).first)
        #expect(Self.value("client_id", in: exchange) == LocalProvider.publicClientID)
        #expect(await Self.token(harness, resource: resource).error == nil)
    }

    @Test("a second login for the same server says it is signed in and opens no browser; --force signs in again")
    func alreadySignedIn() async throws {
        let harness = try LoginHarness(mcpPaths: ["/mcp"])
        let resource = try #require(harness.mcpServers.first).configuration.resource
        #expect(await Self.login(harness, server: resource).error == nil)
        let again = await Self.login(harness, server: resource)
        #expect(again.error == nil && again.output.hasPrefix("Already signed in"), "\(again.output)")
        #expect(again.output.contains("'authflow login --mcp-server \(resource) --force' signs in again"))
        #expect(harness.opened.withLock { $0 }.count == 1)
        var options = Self.options(harness)
        options.force = true
        #expect(await Self.login(harness, server: resource, options).error == nil)
        #expect(harness.opened.withLock { $0 }.count == 2)
    }

    @Test("a provider login does not take over an MCP profile, and an unreadable profile.json is replaced only with --force")
    func foreignAndBrokenProfiles() async throws {
        let harness = try LoginHarness(mcpPaths: ["/mcp"])
        let resource = try #require(harness.mcpServers.first).configuration.resource
        let name = MCPLoginFlow.profileName(for: resource)
        #expect(await Self.login(harness, server: resource).error == nil)
        let environment = harness.environment
        let provider = harness.options(profile: name)
        let takeover = await command { terminal throws(CLIError) in
            try LoginFlow.run(provider, environment: environment, terminal: &terminal)
        }
        #expect(takeover.error?.message.contains("holds a login for the MCP server") == true, "\(takeover.errors)")
        let settings = try String(contentsOfFile: harness.path(name, "profile.json"), encoding: .utf8)
        #expect(settings.contains(resource), "the MCP profile is as it was")

        try Data("not json".utf8).write(to: URL(fileURLWithPath: harness.path(name, "profile.json")))
        let refused = await Self.login(harness, server: resource)
        #expect(refused.error != nil)
        #expect(try String(contentsOfFile: harness.path(name, "profile.json"), encoding: .utf8) == "not json", "not replaced")
        var forced = Self.options(harness)
        forced.force = true
        let replaced = await Self.login(harness, server: resource, forced)
        #expect(replaced.error == nil, "\(replaced.errors)")
        #expect(try String(contentsOfFile: harness.path(name, "profile.json"), encoding: .utf8).contains(resource))
    }

    @Test("the command line: the MCP options go with --mcp-server, and --mcp-server with no provider-login option")
    func commandLine() {
        var terminal = MemoryTerminal()
        #expect(
            terminal.run("login", "--issuer", "https://a.example", "--client-id", "c", "--authorization-server", "https://a.example") == 2)
        #expect(terminal.errors.contains("--authorization-server goes with --mcp-server URL"))
        #expect(
            terminal.run("login", "--issuer", "https://a.example", "--client-id", "c", "--client-metadata-url", "https://c.example/c") == 2)
        for extra in [
            ["--device"], ["--par"], ["--oauth2"], ["--resource", "https://r.example"], ["--authorize-url", "https://a.example"],
        ] {
            #expect(CLI.run(arguments: ["login", "--mcp-server", "https://mcp.example/mcp"] + extra, terminal: &terminal) == 2, "\(extra)")
        }
        #expect(terminal.run("login", "--mcp-server", "https://mcp.example/mcp", "--client-id", "c") == 2)
        #expect(terminal.errors.contains("--client-id with --mcp-server needs --issuer URL"))
        #expect(terminal.run("token", "--resource", "https://a.example/mcp", "--resource", "https://b.example/mcp") == 2)
        #expect(terminal.run("token", "--resource", "https://a.example/mcp", "--issuer", "https://a.example") == 2)
    }

    // MARK: Client ID Metadata Documents

    /// The client's hosting: its document (and nothing else) at ``documentURL``.
    struct Hosting: HTTPTransport {
        let document: ClientIDMetadataDocument
        let base: any HTTPTransport

        func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
            guard request.url == document.clientID else { return try await base.send(request) }
            return TransportResponse(status: 200, body: document.json.serialized())
        }
    }

    static func metadataHarness(_ document: ClientIDMetadataDocument) throws -> (LoginHarness, LoginEnvironment) {
        let hosting = Hosting(document: document, base: UnimplementedTransport())
        let harness = try LoginHarness(mcpPaths: ["/mcp"]) {
            $0.supportsClientIDMetadataDocuments = true
            $0.clientMetadataDocumentHost = hosting
        }
        var environment = harness.environment
        environment.transport = Hosting(document: document, base: environment.transport)
        return (harness, environment)
    }

    static func key(_ keyID: String) -> P256PrivateKey {
        var generator = SystemRandomNumberGenerator()
        return P256PrivateKey.generate(keyID: keyID, using: &generator)
    }

    @Test("--client-metadata-url with private_key_jwt: the document's key signs the token requests, the provider verifies, refresh too")
    func metadataDocumentPrivateKeyJWT() async throws {
        let key = Self.key("agent-1")
        let document = try ClientIDMetadataDocument(
            clientID: Self.documentURL, clientName: "authflow", redirectURIs: ["http://127.0.0.1:1/callback"],
            privateKeyJWT: .publicKeys(of: [key]))
        let (harness, environment) = try Self.metadataHarness(document)
        let resource = try #require(harness.mcpServers.first).configuration.resource
        var options = Self.options(harness)
        options.clientMetadataURL = Self.documentURL
        options.privateKeyFile = "/agent.jwk"
        let files = ["/agent.jwk": JSONValue.object(key.privateJWK).serialized()]
        let login = await Self.login(harness, server: resource, options, environment: environment, files: files)
        #expect(login.error == nil, "\(login.errors)")
        #expect(login.errors.contains("its Client ID Metadata Document, private_key_jwt"))
        #expect(harness.provider.requestCount(.registration) == 0)
        let exchange = try #require(harness.forms(to: .token).first)
        #expect(Self.value("client_id", in: exchange) == Self.documentURL)
        #expect(Self.value("client_assertion_type", in: exchange) == ClientAssertion.jwtBearerType)
        let settings = try String(contentsOfFile: harness.path(MCPLoginFlow.profileName(for: resource), "profile.json"), encoding: .utf8)
        #expect(settings.contains("private_key_jwt") && settings.contains("/agent.jwk") && !settings.contains("\"d\""))

        harness.time.advance(by: 3600)
        let refreshed = await Self.token(harness, resource: resource, environment: environment, files: files)
        #expect(refreshed.error == nil, "\(refreshed.errors)")
        let refresh = try #require(harness.forms(to: .token).last)
        #expect(Self.value("grant_type", in: refresh) == "refresh_token")
        #expect(Self.value("client_assertion", in: refresh) != nil)
    }

    @Test("a private_key_jwt document without --private-key-file, or with a key not in its jwks, fails before the browser")
    func metadataDocumentKeyRules() async throws {
        let document = try ClientIDMetadataDocument(
            clientID: Self.documentURL, clientName: "authflow", redirectURIs: ["http://127.0.0.1:1/callback"],
            privateKeyJWT: .publicKeys(of: [Self.key("agent-1")]))
        let (harness, environment) = try Self.metadataHarness(document)
        let resource = try #require(harness.mcpServers.first).configuration.resource
        var options = Self.options(harness)
        options.clientMetadataURL = Self.documentURL
        let noKey = await Self.login(harness, server: resource, options, environment: environment)
        #expect(noKey.error?.message.contains("declares private_key_jwt: give the client's key with --private-key-file FILE") == true)
        options.privateKeyFile = "/other.jwk"
        let other = ["/other.jwk": JSONValue.object(Self.key("other").privateJWK).serialized()]
        let wrongKey = await Self.login(harness, server: resource, options, environment: environment, files: other)
        #expect(wrongKey.error?.message.contains("is not among the keys (jwks)") == true)
        #expect(harness.opened.withLock { $0 }.isEmpty, "no browser was opened")
    }

    @Test("a public client's document takes no --private-key-file")
    func publicDocumentRefusesKey() async throws {
        let document = try ClientIDMetadataDocument(
            clientID: Self.documentURL, clientName: "authflow", redirectURIs: ["http://127.0.0.1:1/callback"])
        let (harness, environment) = try Self.metadataHarness(document)
        let resource = try #require(harness.mcpServers.first).configuration.resource
        var options = Self.options(harness)
        options.clientMetadataURL = Self.documentURL
        options.privateKeyFile = "/agent.jwk"
        let files = ["/agent.jwk": JSONValue.object(Self.key("agent-1").privateJWK).serialized()]
        let login = await Self.login(harness, server: resource, options, environment: environment, files: files)
        #expect(login.error?.message.contains("declares a public client") == true)
        options.privateKeyFile = nil
        let publicLogin = await Self.login(harness, server: resource, options, environment: environment)
        #expect(publicLogin.error == nil, "\(publicLogin.errors)")
        let exchange = try #require(harness.forms(to: .token).first)
        #expect(Self.value("client_assertion", in: exchange) == nil)
    }
}
