// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession
import AuthTesting
import AuthURLSession
import Foundation

@testable import AuthFlowCLI

/// `authflow provider`'s fake provider served over real HTTP on 127.0.0.1, a fresh configuration
/// directory, and a browser that acts like the user: the end-to-end setting of the login commands. The
/// provider and the CLI share one manual wall clock, so a test can move time forward; the device grant's
/// waits advance it instead of sleeping.
final class LoginHarness: Sendable {
    let server: FakeProviderServer
    let provider: FakeOpenIDProvider
    let time = ManualWallClock(NumericDate(secondsSince1970: 1_900_000_000))
    let directory: String
    /// The URLs the browser was opened on.
    let opened = Locked<[String]>([])
    /// What the user does on the provider's page: "approve" or "deny".
    let decision: String
    /// A stray request first: an OAuth error redirect without any `state` sent straight to the loopback
    /// listener, as any local process or a web page that guesses the port could send it. With `onlyStray`,
    /// the browser sends nothing else (the user never signs in).
    let sendsStrayError: Bool
    let onlyStray: Bool
    /// Whether starting a browser fails (the user then opens the printed URL by hand).
    let browserFails: Bool
    /// One HTTP client for the commands and the browser (each `URLSessionTransport` is a session of its own).
    let transport = URLSessionTransport(timeout: 10)
    /// The requests the commands sent to the provider (not the browser's), in order: what the provider received.
    let recorded = Locked<[TransportRequest]>([])
    /// The MCP servers in front of the provider (`mcpPaths`).
    let mcpServers: [FakeProtectedResource]

    /// `oauth2Only`: a plain OAuth 2.0 server (`authflow provider --oauth2-only`) instead of an OpenID Provider.
    /// `configure` changes `authflow provider`'s configuration (more clients, another ID-token key).
    init(
        decision: String = "approve", browserFails: Bool = false, oauth2Only: Bool = false, sendsStrayError: Bool = false,
        onlyStray: Bool = false, mcpPaths: [String] = [], configure: (inout FakeOpenIDProvider.Configuration) -> Void = { _ in }
    ) throws {
        server = try FakeProviderServer()
        var providerOptions = ProviderOptions()
        providerOptions.oauth2Only = oauth2Only
        var configuration = try LocalProvider.provider(providerOptions, issuer: server.baseURL, clock: .manual(time)).configuration
        configure(&configuration)
        let provider = FakeOpenIDProvider(configuration, clock: .manual(time))
        self.provider = provider
        // MCP servers at these paths (FakeProtectedResource), in front of the provider.
        let origin = server.baseURL
        mcpServers = mcpPaths.map { path in
            FakeProtectedResource(FakeProtectedResource.Configuration(resource: origin + path), provider: provider)
        }
        if mcpServers.isEmpty {
            server.start(serving: provider)
        } else {
            server.start(serving: MCPRouter(servers: mcpServers, provider: provider))
        }
        // On tmpfs where there is one: the token store fsyncs every save, which a loaded disk can make slow.
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm/" : NSTemporaryDirectory()
        directory = base + "authflow-login-\(UUID().uuidString)"
        self.decision = decision
        self.browserFails = browserFails
        self.sendsStrayError = sendsStrayError || onlyStray
        self.onlyStray = onlyStray
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    var issuer: String { server.baseURL }

    /// The process environment the commands see: only the configuration directory and the browser.
    var environment: LoginEnvironment {
        let variables = ["XDG_CONFIG_HOME": directory + "/config", "HOME": directory + "/home", "AUTHFLOW_BROWSER": "test-browser"]
        let time = time
        var environment = LoginEnvironment(
            variable: { variables[$0] }, transport: RecordingTransport(base: transport, recorded: recorded), clock: .manual(time),
            sleeper: ImmediateClock { time.advance(by: $0.components.seconds) },
            launch: { [self] (command, url) throws(AuthSessionError) in try self.launch(command, url) })
        environment.loginTimeout = .seconds(30)
        return environment
    }

    /// The login options for the public client of `authflow provider`.
    func options(profile: String = "default", device: Bool = false, oauth2: Bool = false) -> AuthFlowCLI.LoginOptions {
        var options = AuthFlowCLI.LoginOptions()
        options.issuer = issuer
        options.clientID = LocalProvider.publicClientID
        options.insecureLoopbackIssuer = true
        options.profile = profile
        options.device = device
        options.oauth2 = oauth2
        return options
    }

    /// The profile directory's files.
    func path(_ profile: String, _ file: String) -> String { "\(directory)/config/authflow/profiles/\(profile)/\(file)" }

    /// The stored tokens of a profile, read as the file holds them.
    /// The tokens the profile's file keeps for the provider's client `clientID` (the grant the CLI keys them by).
    func storedTokens(_ profile: String = "default", clientID: String = LocalProvider.publicClientID) async throws -> TokenSet? {
        try await FileCredentialStore(path: path(profile, "tokens.json"))
            .lastCredential(for: GrantIdentity(issuer: issuer, clientID: clientID))?.tokens
    }

    // MARK: The browser

    private func launch(_ command: String, _ url: String) throws(AuthSessionError) {
        opened.withLock { $0.append(url) }
        guard command == "test-browser" else { throw .userAgentFailed("no browser '\(command)' in tests") }
        if url.contains("/device") {
            // The device page: the user approves before the CLI starts polling (a blocking call is fine: the
            // command runs on a thread of its own).
            let done = DispatchSemaphore(value: 0)
            Task.detached { [self] in
                await self.decideDevice(url)
                done.signal()
            }
            done.wait()
        } else {
            // The sign-in page: the redirect reaches the listener once the CLI waits for it.
            Task.detached { [self] in await self.signIn(url) }
        }
        if browserFails { throw .userAgentFailed("cannot launch 'test-browser' (errno 2)") }
    }

    /// GET the sign-in page, POST the user's decision, follow the 302 to the loopback listener.
    private func signIn(_ url: String) async {
        if sendsStrayError, let redirectURI = URLComponents(string: url)?.queryItems?.first(where: { $0.name == "redirect_uri" })?.value {
            _ = try? await transport.send(
                TransportRequest(method: .get, url: redirectURI + "?error=access_denied&error_description=sent%20by%20someone%20else"))
            if onlyStray { return }
        }
        _ = try? await transport.send(TransportRequest(method: .get, url: url))
        let query = url.split(separator: "?", maxSplits: 1).last.map(String.init) ?? ""
        let form = "query=\(Self.encoded(query))&user=alice&decision=\(decision)"
        var post = TransportRequest(method: .post, url: issuer + "/authorize", body: Array(form.utf8))
        post.setHeader("Content-Type", "application/x-www-form-urlencoded")
        guard let redirect = try? await transport.send(post), let location = redirect.header("Location") else { return }
        _ = try? await transport.send(TransportRequest(method: .get, url: location))
    }

    private func decideDevice(_ url: String) async {
        let code = url.components(separatedBy: "user_code=").last ?? ""
        let form = "user_code=\(code)&user=alice&decision=\(decision)"
        var post = TransportRequest(method: .post, url: issuer + "/device", body: Array(form.utf8))
        post.setHeader("Content-Type", "application/x-www-form-urlencoded")
        _ = try? await transport.send(post)
    }

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}

/// Sends a request for one of `servers` (its resource or its metadata) to it, and every other to the provider.
struct MCPRouter: HTTPTransport {
    let servers: [FakeProtectedResource]
    let provider: FakeOpenIDProvider

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        let path = request.url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? request.url
        let server = servers.first { $0.configuration.resource == path || $0.metadataURL == path }
        if let server { return try await server.send(request) }
        return try await provider.send(request)
    }
}

/// A transport that keeps every request it sends.
struct RecordingTransport: HTTPTransport {
    let base: URLSessionTransport
    let recorded: Locked<[TransportRequest]>

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        recorded.withLock { $0.append(request) }
        return try await base.send(request)
    }
}

extension LoginEnvironment {
    /// This environment with `variables` set too (a client secret's variable).
    func with(variables: [String: String]) -> LoginEnvironment {
        var copy = self
        let base = variable
        copy.variable = { variables[$0] ?? base($0) }
        return copy
    }
}

extension LoginHarness {
    /// The form parameters of the requests the commands sent to the provider's `endpoint`.
    func forms(to endpoint: FakeOpenIDProvider.Endpoint) -> [[FormParameter]] {
        let url = provider.url(of: endpoint)
        return recorded.withLock { $0 }.filter { $0.url == url }.compactMap { try? FormParameter.parse($0.body) }
    }

    /// The requests the commands sent to the provider's `endpoint`.
    func requests(to endpoint: FakeOpenIDProvider.Endpoint) -> [TransportRequest] {
        let url = provider.url(of: endpoint)
        return recorded.withLock { $0 }.filter { $0.url == url }
    }
}

/// Runs `body` on a thread of its own: the commands block their thread until their async work is done,
/// and blocking one of the test's cooperative threads could starve that work.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// A command's outcome: its error (nil on success) and what it wrote.
struct CommandOutcome: Sendable {
    var error: CLIError?
    var output: String
    var errors: String
    var terminal: MemoryTerminal

    var status: Int32 { error?.exitStatus ?? 0 }
}

/// Runs a login command with a memory terminal on a thread of its own.
func command(
    _ terminal: MemoryTerminal = MemoryTerminal(), _ body: @escaping @Sendable (inout MemoryTerminal) throws(CLIError) -> Void
) async -> CommandOutcome {
    await onOwnThread {
        var terminal = terminal
        do throws(CLIError) {
            try body(&terminal)
            return CommandOutcome(error: nil, output: terminal.output, errors: terminal.errors, terminal: terminal)
        } catch {
            return CommandOutcome(error: error, output: terminal.output, errors: terminal.errors, terminal: terminal)
        }
    }
}
