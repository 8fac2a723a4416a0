// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession

/// `authflow login --mcp-server URL`: the MCP authorization of a command-line client (MCP 2025-11-25,
/// `MCPAuthorization`): the server's 401 and its protected resource metadata (RFC 9728), the authorization
/// server it names (or the `--authorization-server` the user prefers), the client in the specification's
/// order — `--client-id` registered at `--issuer`, else the Client ID Metadata Document `--client-metadata-url`
/// when the server supports it, else dynamic registration (RFC 7591, kept in the profile's 0600 token file) —
/// then the browser login with `resource` (RFC 8707), and the grant saved under (issuer, client, resource) in a
/// profile of its own: `mcp-HOST-PATH` unless `--profile` names one, so a second MCP server's login never
/// touches the first's. `authflow token --resource URL` finds it again.
enum MCPLoginFlow {
    /// The profile an MCP server's login goes to without `--profile`: `mcp-` and the URL's host, port and path,
    /// each run of other characters than `A-Z a-z 0-9 . _` as one `-`, at most 64 characters.
    static func profileName(for serverURL: String) -> String {
        // Without the scheme: what follows the first "://", if there is one.
        let parts = serverURL.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        let text = parts.count == 3 && parts[0].hasSuffix(":") && parts[1].isEmpty ? parts[2] : Substring(serverURL)
        var name = "mcp-"
        for character in text {
            let allowed = character.isASCII && (character.isLetter || character.isNumber || character == "." || character == "_")
            if allowed {
                name.append(character)
            } else if !name.hasSuffix("-") {
                name.append("-")
            }
        }
        while name.hasSuffix("-") || name.hasSuffix(".") { name.removeLast() }
        return String(name.prefix(64))
    }

    static func run(_ options: LoginOptions, serverURL: String, environment: LoginEnvironment, terminal: inout some Terminal)
        throws(CLIError)
    {
        try ProfileStore.check(name: options.profile)
        if options.clientID != nil, options.issuer == nil {
            throw .usage("--client-id with --mcp-server needs --issuer URL: the authorization server that registered the client")
        }
        if options.clientID == nil, options.clientSecret != nil {
            throw .usage("a client secret goes with --client-id (a registered client); a dynamically registered client gets its own")
        }
        let profiles = ProfileStore(directory: try environment.configDirectory())
        let previous: Profile?
        do {
            previous = try profiles.load(options.profile)
        } catch {
            // A profile.json that cannot be read is replaced only when asked: it may hold another server's login.
            guard options.force else { throw error }
            terminal.write("authflow: \(error.message)\nauthflow: --force: this login replaces it\n", to: .standardError)
            previous = nil
        }
        if let previous, previous.mcpServer != serverURL, !options.force {
            let holder = previous.mcpServer.map { "the MCP server \($0)" } ?? "a login at \(previous.issuer)"
            throw .usage(
                "profile '\(options.profile)' holds \(ServerText.printable(holder)); give another --profile, or --force to replace it")
        }
        let secret = try options.clientSecret.map { (source) throws(CLIError) in
            try source.read(terminal: terminal, environment: environment)
        }
        let key = try options.privateKeyFile.map { (path) throws(CLIError) in try PrivateKeyFile.read(path, terminal: terminal) }
        try environment.trustCAFile(option: options.caFile, profile: nil)
        try profiles.prepare(options.profile)
        let store = profiles.credentials(options.profile)
        try LoginFlow.setAsideCorruptTokens(of: options.profile, in: profiles, environment: environment, terminal: &terminal)
        if !options.force, let previous, previous.mcpServer == serverURL,
            let summary = LoginFlow.signedIn(previous, previous: previous, store: store, environment: environment)
        {
            terminal.write(summary, to: .standardOutput)
            return
        }

        let listener: LoopbackListener
        do {
            listener = try LoopbackListener(path: options.redirectPath, port: options.port)
        } catch {
            throw .failure(LoginHints.listenFailure(error, port: options.port))
        }
        var mcpOptions = MCPAuthorization.Options(redirectURI: listener.redirectURI, clientName: "authflow")
        mcpOptions.allowsInsecureLoopback = options.insecureLoopbackIssuer
        mcpOptions.usesDPoP = options.dpop
        if !options.scopes.isEmpty { mcpOptions.scopes = options.scopes.map(Scope.init(rawValue:)) }
        if !options.authorizationServers.isEmpty {
            mcpOptions.authorizationServerPreference = .issuers(options.authorizationServers)
        }
        var method: ClientAuthenticationMethod? = nil
        if let clientID = options.clientID {
            mcpOptions.clientID = clientID
            mcpOptions.clientIssuer = options.issuer
            method = options.clientAuthentication ?? (key != nil ? .privateKeyJWT : secret != nil ? .clientSecretBasic : nil)
            mcpOptions.clientAuthentication =
                try method.map { (method) throws(CLIError) in try method.authentication(secret: secret, key: key) }
                ?? .none
        } else if let url = options.clientMetadataURL {
            mcpOptions.clientIDMetadataDocumentURL = url
            if try documentUsesPrivateKeyJWT(url, key: key, environment: environment), let key {
                method = .privateKeyJWT
                mcpOptions.clientAuthentication = .privateKeyJWT(ClientAssertionKey(key))
            }
        } else if key != nil {
            throw .usage("--private-key-file with --mcp-server goes with --client-id or --client-metadata-url")
        }

        let profileName = options.profile
        let chosen = mcpOptions
        let discovered = runBlocking { () async -> Result<MCPAuthorization, AuthClientError> in
            await Result { () async throws(AuthClientError) in
                try await MCPAuthorization.discover(
                    serverURL: serverURL, options: chosen, transport: environment.transport, store: store, clock: environment.clock)
            }
        }
        let mcp = try discovered.get(profile: profileName)
        // A client id from a registration made before may no longer be used with the metadata document's method.
        if mcp.client.configuration.clientID != options.clientMetadataURL, options.clientID == nil { method = nil }
        terminal.write(
            "authflow: signing in to \(mcp.authorizationServer.issuer) for the MCP server \(mcp.resource) as profile '\(profileName)'"
                + " (client: \(registrationText(mcp, options: options)))\n", to: .standardError)
        if environment.exitsOnInterrupt { Interruption.exitOnInterrupt(message: "the login was cancelled (interrupted)") }
        let request: AuthorizationRequest
        do throws(AuthClientError) {
            var generator = SystemRandomNumberGenerator()
            request = try mcp.authorizationRequest(using: &generator)
        } catch {
            throw .login(error, profile: profileName)
        }
        let user = try browser(request, mcp: mcp, listener: listener, options: options, environment: environment, terminal: &terminal)

        var profile = Profile(
            name: profileName, issuer: mcp.authorizationServer.issuer, clientID: mcp.client.configuration.clientID,
            scopes: mcp.client.configuration.scopes.map(\.rawValue), clientSecret: options.clientID == nil ? nil : options.clientSecret,
            insecureLoopbackIssuer: options.insecureLoopbackIssuer, openIDConnect: mcp.client.configuration.isOpenIDConnect,
            redirectURI: listener.redirectURI, subject: user.subject, caFile: options.caFile)
        profile.clientAuthentication = method
        profile.privateKeyFile = method == .privateKeyJWT ? options.privateKeyFile : nil
        profile.dpop = options.dpop
        profile.resources = [mcp.resource]
        profile.mcpServer = serverURL
        profile.registeredClient = mcp.registration != nil
        // The profile holds this grant only: a login at another server or as another client forgets the rest.
        let credential = try LoginFlow.keepOnly(user, in: store)
        profile.email = credential?.email
        try profiles.save(profile)
        let style = TextStyle(for: .standardOutput, of: terminal)
        var summary = style.success("Logged in") + " to the MCP server " + style.bold(ServerText.printable(mcp.resource)) + "\n"
        summary += "  profile:  \(profile.name)\n  issuer:   \(ServerText.printable(profile.issuer))\n"
        summary += "  client:   \(ServerText.printable(profile.clientID))\n"
        if let subject = user.subject { summary += "  user:     \(ServerText.printable(subject))\n" }
        if let tokens = credential?.tokens {
            summary += TokenSummary.lines(tokens, now: environment.clock.now(), fallbackScopes: profile.scopes)
        }
        summary += "'authflow token --resource \(mcp.resource)' prints its access token\n"
        terminal.write(summary, to: .standardOutput)
    }

    /// How the client was found, for the message before the browser: registered, metadata document, or registration.
    static func registrationText(_ mcp: MCPAuthorization, options: LoginOptions) -> String {
        let clientID = ServerText.printable(mcp.client.configuration.clientID)
        if options.clientID != nil { return "\(clientID), pre-registered" }
        if mcp.client.configuration.clientID == options.clientMetadataURL {
            return "\(clientID), its Client ID Metadata Document, \(mcp.client.configuration.clientAuthentication.description)"
        }
        return "\(clientID), dynamically registered\(mcp.registeredNow ? " now" : " before")"
    }

    /// Reads the Client ID Metadata Document at `url` (as an authorization server would) and says whether its
    /// client authenticates with `private_key_jwt`. Such a document needs `--private-key-file`, and when it carries
    /// its keys (`jwks`), the key's public half must be among them; a public client's document takes no key.
    static func documentUsesPrivateKeyJWT(_ url: String, key: P256PrivateKey?, environment: LoginEnvironment) throws(CLIError) -> Bool {
        let fetched = runBlocking { () async -> Result<ClientIDMetadataDocument, AuthClientError> in
            await Result { () async throws(AuthClientError) in
                try await ClientIDMetadataDocument.fetch(from: url, transport: environment.transport)
            }
        }
        let document: ClientIDMetadataDocument
        switch fetched {
        case .success(let value): document = value
        case .failure(let error): throw .failure("--client-metadata-url: \(ServerText.printable("\(error)"))")
        }
        switch document.tokenEndpointAuthMethod {
        case "none":
            guard key == nil else {
                throw .usage(
                    "the client ID metadata document at \(url) declares a public client (token_endpoint_auth_method none): leave out --private-key-file"
                )
            }
            return false
        case "private_key_jwt":
            guard let key else {
                throw .usage(
                    "the client ID metadata document at \(url) declares private_key_jwt: give the client's key with --private-key-file FILE"
                )
            }
            if case .jwks(let keys)? = document.keys {
                let thumbprint = try? JWK(key.publicJWK).thumbprint()
                guard keys.contains(where: { (try? JWK($0).thumbprint()) == thumbprint }) else {
                    throw .failure(
                        "the key in --private-key-file is not among the keys (jwks) of the client ID metadata document at \(url)")
                }
            }
            return true
        case let other:
            throw .failure(
                "the client ID metadata document at \(url) declares token_endpoint_auth_method '\(ServerText.printable(other))', "
                    + "which authflow does not use (none, private_key_jwt)")
        }
    }

    /// The browser step: the URL opened (or printed), the redirect awaited on the loopback listener, the code
    /// exchanged with `resource`.
    private static func browser(
        _ request: AuthorizationRequest, mcp: MCPAuthorization, listener: LoopbackListener, options: LoginOptions,
        environment: LoginEnvironment, terminal: inout some Terminal
    ) throws(CLIError) -> User {
        try LoginFlow.signIn(
            request, listener: listener, options: options, environment: environment, terminal: &terminal,
            clientID: mcp.client.configuration.clientID, profile: options.profile, deviceGrantHint: false
        ) { redirect async throws(AuthClientError) in
            try await mcp.completeLogin(request, redirect: redirect)
        }
    }

    /// The client authentication of a dynamically registered client, from its registration in the profile's
    /// token file: none, or the issued secret by Basic or in the body (RFC 7591 §2).
    static func authentication(of registration: StoredClientRegistration) throws(CLIError) -> ClientAuthentication {
        switch (registration.tokenEndpointAuthMethod, registration.clientSecret) {
        case ("none", _): return .none
        case ("client_secret_basic", let secret?): return .clientSecretBasic(secret)
        case ("client_secret_post", let secret?): return .clientSecretPost(secret)
        case (let method, _):
            throw .failure("the registered client's token_endpoint_auth_method '\(ServerText.printable(method))' is not one authflow uses")
        }
    }
}
