import AuthCallback
import AuthClient
import AuthCredentials
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
    var noBrowser = false
    var profile = "default"
    var insecureLoopbackIssuer = false
    /// The device authorization endpoint, for a provider that serves one without advertising it.
    var deviceAuthorizationEndpoint: String?
    /// How long to wait for the redirect; nil: the environment's (5 minutes).
    var timeout: Duration?
    /// A PEM file of CA certificates to trust (`--ca-file`), saved in the profile; nil: the profile's.
    var caFile: String?
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
        var profile = try self.profile(
            options, previous: try directory.flatMap { (path) throws(CLIError) in try ProfileStore(directory: path).load(options.profile) })
        let profiles = ProfileStore(directory: try environment.configDirectory())
        let secret = try profile.clientSecret.map { (source) throws(CLIError) in
            try source.read(terminal: terminal, environment: environment)
        }
        try environment.trustCAFile(option: options.caFile, profile: profile)
        try profiles.prepare(profile.name)
        let store = profiles.credentials(profile.name)
        terminal.write("authflow: signing in to \(profile.issuer) as profile '\(profile.name)'\n", to: .standardError)
        if environment.exitsOnInterrupt { Interruption.exitOnInterrupt(message: "the login was cancelled (interrupted)") }
        let user: User
        do {
            user =
                options.device
                ? try device(profile, secret: secret, store: store, options: options, environment: environment, terminal: &terminal)
                : try browser(&profile, secret: secret, store: store, options: options, environment: environment, terminal: &terminal)
        } catch {
            throw hint(error, profile: profile)
        }

        let stored = runBlocking { () async -> Result<StoredCredential?, AuthCredentialsError> in
            do throws(AuthCredentialsError) {
                // One session per profile: a login as someone else, or at another issuer or client, forgets
                // the tokens the profile held before.
                try await ProfileStore.forgetTokens(in: store, except: (user.subject ?? "", user.grant))
                return .success(try await store.credential(for: user.subject ?? "", grant: user.grant))
            } catch {
                return .failure(error)
            }
        }
        let credential: StoredCredential?
        switch stored {
        case .success(let value): credential = value
        case .failure(let error): throw .failure("\(error)")
        }
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
        return Profile(
            name: options.profile, issuer: issuer, clientID: clientID, scopes: scopes,
            clientSecret: options.clientSecret ?? same?.clientSecret,
            insecureLoopbackIssuer: options.insecureLoopbackIssuer || same?.insecureLoopbackIssuer == true, openIDConnect: !oauth2,
            subject: previous?.subject, caFile: options.caFile ?? same?.caFile)
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
        _ profile: inout Profile, secret: String?, store: FileCredentialStore, options: LoginOptions, environment: LoginEnvironment,
        terminal: inout some Terminal
    ) throws(CLIError) -> User {
        let listener: LoopbackListener
        do {
            listener = try LoopbackListener(path: options.redirectPath, port: options.port)
        } catch {
            throw .failure("cannot listen on 127.0.0.1 port \(options.port) for the redirect: \(error)")
        }
        profile.redirectURI = listener.redirectURI
        let configuration = try ProfileClient.configuration(profile, secret: secret, redirectURI: listener.redirectURI)
        let prepared = runBlocking { () async -> Result<(AuthClient, AuthorizationRequest), AuthClientError> in
            await Result { () async throws(AuthClientError) in
                let client = try await ProfileClient.connect(configuration, store: store, environment: environment)
                var generator = SystemRandomNumberGenerator()
                return (client, try client.authorizationRequest(using: &generator))
            }
        }
        let (client, request) = try prepared.get(profile: profile.name)
        let url = request.url.text
        var opened = false
        if options.noBrowser {
            terminal.write("authflow: open this URL in a browser to sign in:\n\n  \(url)\n\n", to: .standardError)
        } else if let reason = environment.openBrowser(url) {
            terminal.write("authflow: could not start a browser (\(reason)); open this URL to sign in:\n\n  \(url)\n\n", to: .standardError)
        } else {
            opened = true
            terminal.write("authflow: opened the browser; if it did not open, visit:\n\n  \(url)\n\n", to: .standardError)
        }
        if !opened, client.metadata.deviceAuthorizationEndpoint != nil {
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
                let redirect: Redirect
                do throws(AuthSessionError) {
                    redirect = try await session.authenticate()
                } catch {
                    throw .session(error)
                }
                return try await client.completeLogin(request, redirect: redirect)
            }
        }
        return try result.get(profile: profile.name)
    }

    /// The device authorization grant: the user code and verification URI printed, the browser opened on
    /// the verification page when it can be, then polling until the user approves or denies.
    private static func device(
        _ profile: Profile, secret: String?, store: FileCredentialStore, options: LoginOptions, environment: LoginEnvironment,
        terminal: inout some Terminal
    ) throws(CLIError) -> User {
        // The device grant sends no redirect URI; the configuration needs one all the same.
        let configuration = try ProfileClient.configuration(profile, secret: secret, redirectURI: "http://127.0.0.1:1/unused")
        let endpoint = options.deviceAuthorizationEndpoint
        let prepared = runBlocking { () async -> Result<(AuthClient, DeviceAuthorization), AuthClientError> in
            await Result { () async throws(AuthClientError) in
                let client = try await ProfileClient.connect(
                    configuration, store: store, environment: environment, deviceAuthorizationEndpoint: endpoint)
                return (client, try await client.requestDeviceAuthorization())
            }
        }
        let (client, authorization) = try prepared.get(profile: profile.name)
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

extension Result where Failure == AuthClientError {
    /// The value, or the error as the login commands report it (see `CLIError.login(_:profile:)`).
    func get(profile: String) throws(CLIError) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw .login(error, profile: profile)
        }
    }
}
