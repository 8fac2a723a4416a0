// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession

/// The options of `authflow login --issuer URL --client-id ID …` (see ``LoginFlow``).
struct LoginOptions: Sendable {
    /// The issuer; nil reuses the profile's.
    var issuer: String?
    /// The client id; nil reuses the profile's.
    var clientID: String?
    var clientSecret: ClientSecretSource?
    /// Scopes to request besides `openid`; empty: the profile's, or `openid profile email`. With
    /// ``oauth2``: the scopes exactly (empty: the profile's, or none).
    var scopes: [String] = []
    /// Plain OAuth 2.0 (`--oauth2`): no OpenID Connect — `openid` is not requested and no ID token is
    /// expected. A login that names neither the issuer nor the client keeps the profile's choice.
    var oauth2 = false
    var port: UInt16 = 0
    var redirectPath = "/callback"
    var device = false
    /// CIBA's poll mode (`--ciba`): the user named by ``loginHint`` approves on their own device.
    var ciba = false
    /// `binding_message` for a CIBA login (`--binding-message`).
    var bindingMessage: String?
    var noBrowser = false
    var profile = "default"
    var insecureLoopbackIssuer = false
    /// The device authorization endpoint, for a provider that serves one without advertising it.
    var deviceAuthorizationEndpoint: String?
    /// How long to wait for the redirect; nil: the environment's (5 minutes).
    var timeout: Duration?
    /// Sign in again even when the profile holds a session (`--force`).
    var force = false
    /// How the client authenticates (`--client-auth`); nil: the profile's, else as ``Profile/clientAuthentication`` says.
    var clientAuthentication: ClientAuthenticationMethod?
    /// The `private_key_jwt` key file (`--private-key-file`); implies `private_key_jwt`.
    var privateKeyFile: String?
    /// DPoP-bound tokens (`--dpop`, RFC 9449); kept by the profile.
    var dpop = false
    /// Push the authorization request first (`--par`, RFC 9126); kept by the profile.
    var pushedAuthorization = false
    /// RFC 8707 resources (`--resource`); empty: the profile's. Kept by the profile.
    var resources: [String] = []
    /// For this login only: `prompt`, `login_hint`, `acr_values`, `max_age` (OpenID Connect Core §3.1.2.1) and
    /// extra authorization parameters (`--param`).
    var prompt: [String] = []
    var loginHint: String?
    var acrValues: [String] = []
    var maxAge: Int64?
    var parameters: [FormParameter] = []
    /// A PEM file of CA certificates to trust (`--ca-file`), saved in the profile; nil: the profile's.
    var caFile: String?
    /// For this login only: a signed request object (`--jar`, RFC 9101), signed with the `--private-key-file` key.
    var jar = false
    /// For this login only: `response_mode` (`--response-mode`), e.g. `jwt` for a signed response (JARM).
    var responseMode: String?
    /// The FAPI 2.0 client profile (`--fapi`); nil: the profile's. Kept by the profile.
    var fapi2Profile: FAPI2Profile?
    /// For this login only: `authorization_details` (`--authorization-details`, RFC 9396).
    var authorizationDetails: [AuthorizationDetail] = []
    /// `--mcp-server`: the MCP server to log in for (``MCPLoginFlow``); nil: a provider's login.
    var mcpServer: String?
    /// `--authorization-server`: with ``mcpServer``, the authorization servers the user prefers, in order (RFC 9728 §7.6).
    var authorizationServers: [String] = []
    /// `--client-metadata-url`: with ``mcpServer``, the client's Client ID Metadata Document URL.
    var clientMetadataURL: String?

    /// The library's options for this login's authorization request. `acr_values` is requested, not
    /// required: it is a voluntary claim request (Core §3.1.2.1) that a provider may ignore, and a login
    /// should not fail after the browser step because it did; `max_age` is checked against `auth_time`.
    func authorizationOptions(_ profile: Profile) -> AuthorizationRequest.Options {
        var options = AuthorizationRequest.Options(
            prompt: prompt.map(Prompt.init(rawValue:)), loginHint: loginHint, maxAge: maxAge, additionalParameters: parameters,
            acrValues: acrValues.map(AuthenticationContextClass.init(rawValue:)), expectedACR: [],
            pushedAuthorization: profile.pushedAuthorization ? .always : .automatic, requestObject: jar ? .always : .automatic,
            responseMode: responseMode.map(ResponseMode.init(rawValue:)))
        options.authorizationDetails = authorizationDetails
        return options
    }
}

/// `authflow login`: the OpenID Connect login of a command-line tool, built on `AuthClient` — discovery,
/// PKCE S256, state and nonce, the loopback listener (RFC 8252 §7.3) and the system browser, or the
/// device authorization grant (RFC 8628) with `--device`; the code exchange, the ID-token validation, and
/// the tokens saved in the profile's 0600 token file (``ProfileStore``). It prints who signed in, never a
/// token. A browser that cannot be started never fails the login: the URL is always printed.
enum LoginFlow {
    static let defaultScopes = ["openid", "profile", "email"]

    static func run(_ options: LoginOptions, environment: LoginEnvironment, terminal: inout some Terminal) throws(CLIError) {
        try ProfileStore.check(name: options.profile)
        // Without a configuration directory there is no profile to fill in from: say what is missing first.
        let directory = try? environment.configDirectory()
        var previous: Profile? = nil
        if let directory {
            do {
                previous = try ProfileStore(directory: directory).load(options.profile)
            } catch {
                // A broken profile.json is replaced by a login that names the issuer and the client.
                guard options.issuer != nil, options.clientID != nil else { throw error }
                terminal.write("authflow: \(error.message)\nauthflow: this login replaces it\n", to: .standardError)
            }
        }
        if let server = previous?.mcpServer, !options.force {
            // A provider login would keep the issuer and client but drop what makes it an MCP login (the server,
            // a registered client's credentials).
            throw .usage(
                "profile '\(options.profile)' holds a login for the MCP server \(ServerText.printable(server)): "
                    + "log in again with 'authflow login --mcp-server \(ServerText.printable(server))', or give --force to replace it")
        }
        var profile = try self.profile(options, previous: previous)
        let profiles = ProfileStore(directory: try environment.configDirectory())
        let secret = try profile.clientSecret.map { (source) throws(CLIError) in
            try source.read(terminal: terminal, environment: environment)
        }
        let key = try profile.privateKeyFile.map { (path) throws(CLIError) in try PrivateKeyFile.read(path, terminal: terminal) }
        try environment.trustCAFile(option: options.caFile, profile: profile)
        try profiles.prepare(profile.name)
        let store = profiles.credentials(profile.name)
        try setAsideCorruptTokens(of: profile.name, in: profiles, environment: environment, terminal: &terminal)
        if !options.force, let previous, let summary = signedIn(profile, previous: previous, store: store, environment: environment) {
            terminal.write(summary, to: .standardOutput)
            return
        }
        terminal.write("authflow: signing in to \(profile.issuer) as profile '\(profile.name)'\n", to: .standardError)
        if environment.exitsOnInterrupt { Interruption.exitOnInterrupt(message: "the login was cancelled (interrupted)") }
        let user: User
        do {
            user =
                options.device
                ? try device(
                    profile, secret: secret, key: key, store: store, options: options, environment: environment, terminal: &terminal)
                : options.ciba
                    ? try backchannel(
                        profile, secret: secret, key: key, store: store, options: options, environment: environment, terminal: &terminal)
                    : try browser(
                        &profile, secret: secret, key: key, store: store, options: options, environment: environment, terminal: &terminal)
        } catch {
            throw hint(error, profile: profile)
        }

        let credential = try keepOnly(user, in: store)
        profile.subject = user.subject
        profile.email = credential?.email
        try profiles.save(profile)
        let style = TextStyle(for: .standardOutput, of: terminal)
        let who =
            user.subject.map { style.bold(ServerText.printable($0)) + (credential?.email.map { " <\(ServerText.printable($0))>" } ?? "") }
            ?? "client \(profile.clientID) (no subject: OAuth 2.0)"
        var summary = style.success("Logged in") + " as " + who + "\n"
        summary += "  profile:  \(profile.name)\n  issuer:   \(profile.issuer)\n"
        if let tokens = credential?.tokens {
            summary += TokenSummary.lines(tokens, now: environment.clock.now(), fallbackScopes: profile.scopes)
        }
        terminal.write(summary, to: .standardOutput)
    }

    /// A corrupt token file is moved aside (never deleted) before the browser step, not found after it; the user
    /// is told where it went.
    static func setAsideCorruptTokens(
        of profile: String, in profiles: ProfileStore, environment: LoginEnvironment, terminal: inout some Terminal
    ) throws(CLIError) {
        guard let reason = profiles.corruption(of: profile) else { return }
        let aside = try profiles.moveCorruptTokensAside(profile, now: environment.clock.now())
        terminal.write(
            "authflow: the token file was not a credential store (\(ServerText.printable(reason))); moved aside to \(aside), "
                + "and this login replaces it\n", to: .standardError)
    }

    /// One session per profile: a login as someone else, or at another issuer, client or MCP server, forgets the
    /// tokens the profile held before. Returns the new login's stored credential.
    static func keepOnly(_ user: User, in store: FileCredentialStore) throws(CLIError) -> StoredCredential? {
        let stored = runBlocking { () async -> Result<StoredCredential?, AuthCredentialsError> in
            do throws(AuthCredentialsError) {
                try await ProfileStore.forgetTokens(in: store, except: (user.subject ?? "", user.grant))
                return .success(try await store.credential(for: user.subject ?? "", grant: user.grant))
            } catch {
                return .failure(error)
            }
        }
        switch stored {
        case .success(let value): return value
        case .failure(let error): throw .failure("\(error)")
        }
    }

    /// What `login` prints instead of signing in again when the profile already holds a session for the same
    /// issuer, client, secret source and scopes — an access token still valid or a refresh token — or nil.
    static func signedIn(_ profile: Profile, previous: Profile, store: FileCredentialStore, environment: LoginEnvironment) -> String? {
        guard previous.issuer == profile.issuer, previous.clientID == profile.clientID, previous.openIDConnect == profile.openIDConnect,
            previous.clientSecret == profile.clientSecret, Set(profile.scopes).isSubset(of: previous.scopes),
            let tokens = try? TokenCommands.stored(previous, store: store)
        else { return nil }
        let now = environment.clock.now()
        guard tokens.refreshToken != nil || !tokens.needsRefresh(at: now, window: 60) else { return nil }
        let who =
            previous.subject.map { ServerText.printable($0 + (previous.email.map { " <\($0)>" } ?? "")) }
            ?? "client \(previous.clientID) (no subject: OAuth 2.0)"
        var text = "Already signed in as \(who)\n  profile:  \(previous.name)\n  issuer:   \(previous.issuer)\n"
        text += TokenSummary.lines(tokens, now: now, fallbackScopes: previous.scopes)
        text += "'\(TokenCommands.again(previous)) --force' signs in again\n"
        return text
    }

    /// The profile this login writes: the options, with what they leave out taken from the profile's last
    /// login when it was for the same issuer and client.
    static func profile(_ options: LoginOptions, previous: Profile?) throws(CLIError) -> Profile {
        guard let issuer = options.issuer ?? previous?.issuer else {
            throw .usage("login needs --issuer URL (or --profile NAME of a profile that has logged in before)")
        }
        guard let clientID = options.clientID ?? previous?.clientID else { throw .usage("login needs --client-id ID") }
        let same = previous.flatMap { $0.issuer == issuer && $0.clientID == clientID ? $0 : nil }
        let oauth2 = options.oauth2 || (options.issuer == nil && options.clientID == nil && same?.openIDConnect == false)
        if oauth2, options.scopes.contains("openid") {
            throw .usage("--oauth2 logs in without OpenID Connect: leave out --scope openid, or leave out --oauth2")
        }
        var scopes = oauth2 ? [] : ["openid"]
        var present = Set(scopes)
        let previousScopes = same.flatMap { $0.openIDConnect == !oauth2 ? $0.scopes : nil }
        for scope in options.scopes.isEmpty ? (previousScopes ?? (oauth2 ? [] : defaultScopes)) : options.scopes
        where present.insert(scope).inserted {
            scopes.append(scope)
        }
        var profile = Profile(
            name: options.profile, issuer: issuer, clientID: clientID, scopes: scopes,
            clientSecret: options.clientSecret ?? same?.clientSecret,
            insecureLoopbackIssuer: options.insecureLoopbackIssuer || same?.insecureLoopbackIssuer == true, openIDConnect: !oauth2,
            subject: previous?.subject, caFile: options.caFile ?? same?.caFile)
        try authenticate(&profile, options, same: same)
        profile.dpop = options.dpop || same?.dpop == true
        profile.pushedAuthorization = options.pushedAuthorization || same?.pushedAuthorization == true
        profile.fapi2Profile = options.fapi2Profile ?? same?.fapi2Profile
        profile.resources = options.resources.isEmpty ? same?.resources ?? [] : options.resources
        return profile
    }

    /// The client authentication of `profile`: the options', else the profile's last (same issuer and client).
    /// A key file alone means `private_key_jwt`; `private_key_jwt` takes no secret, and the secret methods no key.
    static func authenticate(_ profile: inout Profile, _ options: LoginOptions, same: Profile?) throws(CLIError) {
        var method: ClientAuthenticationMethod? = options.clientAuthentication ?? same?.clientAuthentication
        if options.clientAuthentication == nil {
            // A key file alone picks private_key_jwt; a secret alone leaves a remembered private_key_jwt.
            if options.clientSecret != nil, method == .privateKeyJWT { method = nil }
            if options.privateKeyFile != nil { method = .privateKeyJWT }
        }
        profile.clientAuthentication = method
        switch method {
        case .privateKeyJWT?:
            if options.clientSecret != nil {
                throw .usage("--client-auth private_key_jwt signs with --private-key-file and sends no secret: leave out the client secret")
            }
            profile.clientSecret = nil
            guard let file = options.privateKeyFile ?? same?.privateKeyFile else {
                throw .usage("--client-auth private_key_jwt needs --private-key-file FILE (a P-256 key as a JWK or PKCS#8 PEM)")
            }
            profile.privateKeyFile = file
        case let method?:
            if options.privateKeyFile != nil {
                throw .usage("--private-key-file is for --client-auth private_key_jwt, not \(method.rawValue)")
            }
            guard profile.clientSecret != nil else {
                throw .usage(
                    "--client-auth \(method.rawValue) needs the client secret: --client-secret-file FILE or --client-secret-env NAME")
            }
        case nil:
            break
        }
    }

    /// `error`, with a hint at `--oauth2` when an OpenID Connect login met a plain OAuth 2.0 server: one that
    /// refused `openid` (`invalid_scope`) or has no OpenID Connect metadata (no `jwks_uri`).
    static func hint(_ error: CLIError, profile: Profile) -> CLIError {
        guard profile.openIDConnect, error.message.contains("invalid_scope") || error.message.contains("jwks_uri") else { return error }
        let hint = "; if the provider is a plain OAuth 2.0 server without OpenID Connect, log in with --oauth2"
        switch error {
        case .usage(let message): return .usage(message + hint)
        case .failure(let message): return .failure(message + hint)
        case .denied(let message): return .denied(message + hint)
        }
    }

    /// The authorization code flow through the browser and the loopback listener.
    private static func browser(
        _ profile: inout Profile, secret: String?, key: P256PrivateKey?, store: FileCredentialStore, options: LoginOptions,
        environment: LoginEnvironment,
        terminal: inout some Terminal
    ) throws(CLIError) -> User {
        let listener: LoopbackListener
        do {
            listener = try LoopbackListener(path: options.redirectPath, port: options.port)
        } catch {
            throw .failure(LoginHints.listenFailure(error, port: options.port))
        }
        profile.redirectURI = listener.redirectURI
        let configuration = try ProfileClient.configuration(profile, secret: secret, key: key, redirectURI: listener.redirectURI)
        let authorization = options.authorizationOptions(profile)
        let adapts = profile.clientAuthentication == nil
        let connected = runBlocking { () async -> Result<AuthClient, AuthClientError> in
            await Result { () async throws(AuthClientError) in
                try await ProfileClient.connect(configuration, store: store, environment: environment, adaptsAuthentication: adapts)
            }
        }
        let client = try connected.get(profile: profile.name)
        // Before the browser: an ID token this client could not validate would spend the code for nothing.
        try ProfileClient.checkIDTokenAlgorithms(client, secret: secret)
        let prepared = runBlocking { () async -> Result<AuthorizationRequest, AuthClientError> in
            await Result { () async throws(AuthClientError) in
                var generator = SystemRandomNumberGenerator()
                return try await client.preparedAuthorizationRequest(authorization, using: &generator)
            }
        }
        let request = try prepared.get(profile: profile.name)
        let url = request.url.text
        try LoginHints.checkAuthorizationEndpoint(
            url, endpoint: client.metadata.authorizationEndpoint, clientID: profile.clientID, redirectURI: listener.redirectURI,
            environment: environment)
        return try signIn(
            request, listener: listener, options: options, environment: environment, terminal: &terminal,
            clientID: profile.clientID, profile: profile.name, deviceGrantHint: client.metadata.deviceAuthorizationEndpoint != nil
        ) { redirect async throws(AuthClientError) in
            try await client.completeLogin(request, redirect: redirect)
        }
    }

    /// The browser step of both logins (a provider's, an MCP server's): the URL opened, or printed with
    /// `--no-browser` or when no browser starts (then, where the provider has the device grant, a hint to
    /// `--device`); the redirect awaited on the loopback listener (PAR and request objects keep `state` out of
    /// the URL, so the listener is told `expectedRedirect`); then `complete`, the code exchange.
    static func signIn(
        _ request: AuthorizationRequest, listener: LoopbackListener, options: LoginOptions, environment: LoginEnvironment,
        terminal: inout some Terminal, clientID: String, profile: String, deviceGrantHint: Bool,
        complete: @escaping @Sendable (Redirect) async throws(AuthClientError) -> User
    ) throws(CLIError) -> User {
        let url = request.url.text
        var opened = false
        if options.noBrowser {
            terminal.write("authflow: open this URL in a browser to sign in:\n\n  \(url)\n\n", to: .standardError)
        } else if let reason = environment.openBrowser(url) {
            terminal.write(
                "authflow: could not start a browser (\(reason)); open this URL to sign in:\n\n  \(url)\n\n"
                    + "authflow: (set BROWSER to your browser's command for authflow to open it)\n", to: .standardError)
        } else {
            opened = true
            terminal.write("authflow: opened the browser; if it did not open, visit:\n\n  \(url)\n\n", to: .standardError)
        }
        if !opened, deviceGrantHint {
            terminal.write(
                "authflow: no browser on this machine? 'authflow login --device' signs in from another device\n", to: .standardError)
        }
        terminal.write("authflow: waiting for the redirect to \(listener.redirectURI) (Ctrl-C cancels)\n", to: .standardError)
        let timeout = options.timeout ?? environment.loginTimeout
        let result = runBlocking { () async -> Result<User, AuthClientError> in
            await Result { () async throws(AuthClientError) in
                // The browser was started above; the agent only waits for the redirect.
                let agent = LoopbackUserAgent(listener: listener, timeout: timeout) { _ in }
                let session = AuthenticationSession(url: request.url, callback: request.callback, userAgent: agent)
                session.expectedRedirect = request.expectedRedirect
                let redirect: Redirect
                do throws(AuthSessionError) {
                    redirect = try await session.authenticate()
                } catch {
                    throw .session(error)
                }
                return try await complete(redirect)
            }
        }
        if case .failure(.session(.timedOut)) = result {
            throw .failure(LoginHints.timedOut(timeout, clientID: clientID, redirectURI: listener.redirectURI))
        }
        return try result.get(profile: profile)
    }

    /// The device authorization grant: the user code and verification URI printed, the browser opened on
    /// the verification page when it can be, then polling until the user approves or denies.
    private static func device(
        _ profile: Profile, secret: String?, key: P256PrivateKey?, store: FileCredentialStore, options: LoginOptions,
        environment: LoginEnvironment,
        terminal: inout some Terminal
    ) throws(CLIError) -> User {
        let client = try connectedWithoutRedirect(
            profile, secret: secret, key: key, store: store, options: options, environment: environment)
        let prepared = runBlocking { () async -> Result<DeviceAuthorization, AuthClientError> in
            await Result { () async throws(AuthClientError) in try await client.requestDeviceAuthorization() }
        }
        let authorization = try prepared.get(profile: profile.name)
        // The provider chose these: no control character of theirs reaches the terminal.
        let (uri, code) = (ServerText.printable(authorization.verificationURI), ServerText.printable(authorization.userCode))
        var text = "authflow: to sign in, open \(uri) and enter the code\n\n    \(code)\n\n"
        if let complete = authorization.verificationURIComplete { text += "authflow: or open \(ServerText.printable(complete))\n" }
        terminal.write(text, to: .standardError)
        if !options.noBrowser, environment.openBrowser(authorization.verificationURIComplete ?? authorization.verificationURI) == nil {
            terminal.write("authflow: opened the verification page in the browser\n", to: .standardError)
        }
        terminal.write(
            "authflow: waiting for the approval (the code expires in \(authorization.expiresIn / 60) min; Ctrl-C cancels)\n",
            to: .standardError)
        let result = runBlocking { () async -> Result<User, AuthClientError> in
            await Result { () async throws(AuthClientError) in try await client.pollDeviceAuthorization(authorization) }
        }
        return try result.get(profile: profile.name)
    }
}

extension LoginFlow {
    /// The client of a grant without a browser (the device grant, CIBA): discovered, its ID-token algorithms
    /// checked. Such a grant sends no redirect URI; the configuration needs one all the same.
    static func connectedWithoutRedirect(
        _ profile: Profile, secret: String?, key: P256PrivateKey?, store: FileCredentialStore, options: LoginOptions,
        environment: LoginEnvironment
    ) throws(CLIError) -> AuthClient {
        let configuration = try ProfileClient.configuration(profile, secret: secret, key: key, redirectURI: "http://127.0.0.1:1/unused")
        let endpoint = options.deviceAuthorizationEndpoint
        let adapts = profile.clientAuthentication == nil
        let connected = runBlocking { () async -> Result<AuthClient, AuthClientError> in
            await Result { () async throws(AuthClientError) in
                try await ProfileClient.connect(
                    configuration, store: store, environment: environment, deviceAuthorizationEndpoint: endpoint,
                    adaptsAuthentication: adapts)
            }
        }
        let client = try connected.get(profile: profile.name)
        try ProfileClient.checkIDTokenAlgorithms(client, secret: secret)
        return client
    }

    /// CIBA's poll mode (OpenID CIBA Core 1.0): the backchannel request for the `--login-hint` user, the
    /// binding message printed for the user to compare with their device, then polling until they approve
    /// or deny there.
    static func backchannel(
        _ profile: Profile, secret: String?, key: P256PrivateKey?, store: FileCredentialStore, options: LoginOptions,
        environment: LoginEnvironment, terminal: inout some Terminal
    ) throws(CLIError) -> User {
        guard let hint = options.loginHint else { throw .usage("--ciba needs --login-hint: whom the provider asks to approve") }
        let client = try connectedWithoutRedirect(
            profile, secret: secret, key: key, store: store, options: options, environment: environment)
        let request = BackchannelAuthenticationRequest(
            hint: .loginHint(hint), bindingMessage: options.bindingMessage, acrValues: options.acrValues,
            additionalParameters: options.parameters)
        let prepared = runBlocking { () async -> Result<BackchannelAuthentication, AuthClientError> in
            await Result { () async throws(AuthClientError) in try await client.requestBackchannelAuthentication(request) }
        }
        let authentication = try prepared.get(profile: profile.name)
        var text = "authflow: the provider asked \(ServerText.printable(hint)) to approve this login on their own device\n"
        if let message = options.bindingMessage { text += "authflow: the device shows the binding message\n\n    \(message)\n\n" }
        text += "authflow: waiting for the approval (the request expires in \(authentication.expiresIn) s; Ctrl-C cancels)\n"
        terminal.write(text, to: .standardError)
        let result = runBlocking { () async -> Result<User, AuthClientError> in
            await Result { () async throws(AuthClientError) in try await client.pollBackchannelAuthentication(authentication) }
        }
        return try result.get(profile: profile.name)
    }
}

extension Result where Failure == AuthClientError {
    /// The value, or the error as the login commands report it (see `CLIError.login(_:profile:)`).
    func get(profile: String) throws(CLIError) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw .login(error, profile: profile)
        }
    }
}
