// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthSession
import Dispatch

/// `authflow login --issuer URL --client-id ID [--device] …`: the real login (``LoginFlow``): discovery,
/// PKCE, the browser and the loopback listener or the device grant, the tokens saved in a profile.
///
/// `authflow login --authorize-url URL --redirect-path PATH [--port P] [--timeout SECONDS] [--no-browser]`,
/// the older, lower-level form: runs a real loopback session (RFC 8252 §7.3) — binds 127.0.0.1, opens the
/// browser on the authorization URL with the loopback `redirect_uri` added, waits for the redirect — and
/// prints the callback it received. The URL gets `redirect_uri=http://127.0.0.1:PORT/PATH` appended, or, if
/// it contains `{redirect_uri}`, that placeholder replaced. The callback is printed as received (it carries
/// the code: treat the output as a secret); checking it is `authflow callback parse`'s job.
enum LoginCommand: CLICommand {
    static let issuer = Option<String>("issuer", value: "URL", help: "the provider's issuer (default: the profile's)")
    static let clientID = Option<String>(
        "client-id", value: "ID", help: "the client id registered with the provider (default: the profile's)")
    static let clientSecretFile = Option<String>(
        "client-secret-file", value: "FILE", help: "a confidential client's secret, read from FILE (- reads standard input)",
        completion: .file)
    static let clientSecretEnv = Option<String>(
        "client-secret-env", value: "NAME", help: "a confidential client's secret, read from the environment variable NAME")
    static let scope = Option<String>(
        "scope", value: "SCOPE", help: "a scope to request besides openid (default: openid profile email; with --oauth2: none)",
        repeatable: true)
    static let oauth2 = Flag(
        "oauth2", help: "plain OAuth 2.0, no OpenID Connect: openid is not requested and no ID token is expected (kept by the profile)")
    static let device = Flag("device", help: "sign in on another device with the device authorization grant (RFC 8628)")
    static let ciba = Flag(
        "ciba", help: "CIBA poll mode: the provider asks the --login-hint user to approve on their own device (OpenID CIBA Core 1.0)")
    static let bindingMessage = Option<String>(
        "binding-message", value: "TEXT", help: "with --ciba: a short text shown on the user's device, to compare with this screen")
    static let profile = Option<String>("profile", value: "NAME", help: "the profile to save the login in (default: default)")
    static let insecureLoopbackIssuer = Flag(
        "insecure-loopback-issuer", help: "accept an http issuer on 127.0.0.1, [::1] or localhost (test providers only)")
    static let deviceAuthorizationEndpoint = Option<String>(
        "device-authorization-endpoint", value: "URL", help: "with --device: the endpoint, for a provider that does not advertise it")
    static let authorizeURL = Option<String>(
        "authorize-url", value: "URL", help: "low-level: an authorization URL to open; prints the callback received (holds the code)")
    static let redirectPath = Option<String>("redirect-path", value: "PATH", help: "the loopback callback path (default /callback)")
    static let port = Option<UInt16>("port", value: "PORT", help: "the loopback port (default: any free port)")
    static let timeout = Option<Double>("timeout", value: "SECONDS", help: "how long to wait for the redirect (default 300)")
    static let noBrowser = Flag("no-browser", help: "print the URL instead of opening a browser")
    static let caFile = Option<String>(
        "ca-file", value: "FILE",
        help:
            "trust the CA certificates in this PEM file besides the system's (a private CA); saved in the profile ($AUTHFLOW_CA_FILE too)",
        completion: .file)
    static let force = Flag("force", help: "sign in again even when the profile is signed in (default: say so and stop)")
    static let clientAuth = Option<ClientAuthenticationMethod>(
        "client-auth", value: "METHOD",
        help: "how the client authenticates at the token endpoint (default: client_secret_basic with a secret; kept by the profile)")
    static let privateKeyFile = Option<String>(
        "private-key-file", value: "FILE",
        help: "private_key_jwt: the client's P-256 key, a JWK or PKCS#8 PEM (the profile keeps the path, never the key)",
        completion: .file)
    static let dpop = Flag("dpop", help: "DPoP-bound tokens (RFC 9449); the key is kept with the tokens, 0600 (kept by the profile)")
    static let par = Flag("par", help: "push the authorization request first (RFC 9126); the browser gets only a request_uri")
    static let resource = Option<String>(
        "resource", value: "URI", help: "a resource the tokens are for (RFC 8707; kept by the profile)", repeatable: true)
    static let prompt = Option<String>(
        "prompt", value: "PROMPT", help: "prompt for this login: none, login, consent, select_account (OIDC Core §3.1.2.1)",
        repeatable: true)
    static let loginHint = Option<String>("login-hint", value: "HINT", help: "login_hint for this login: the user's email or name")
    static let acrValues = Option<String>(
        "acr-values", value: "ACR", help: "an authentication context class to ask for (acr_values; requested, not enforced)",
        repeatable: true)
    static let maxAge = Option<Int64>(
        "max-age", value: "SECONDS", help: "max_age: the user must have authenticated within SECONDS (checked in auth_time)")
    static let jar = Flag(
        "jar", help: "send the authorization parameters as a request object (RFC 9101) signed with the --private-key-file key")
    static let responseMode = Option<String>(
        "response-mode", value: "MODE",
        help: "response_mode for this login: jwt, query.jwt or form_post.jwt ask for a signed response (JARM), verified first")
    static let fapi = Option<String>(
        "fapi", value: "PROFILE",
        help:
            "keep to a FAPI 2.0 client profile, fapi2 or fapi2-message-signing: PAR, DPoP, private_key_jwt, ES256/PS256/EdDSA (kept by the profile)"
    )
    static let authorizationDetails = Option<String>(
        "authorization-details", value: "JSON|@FILE",
        help: "authorization_details for this login (RFC 9396): a JSON array of objects, each with a type, or @FILE (@- for standard input)"
    )
    static let mcpServer = Option<String>(
        "mcp-server", value: "URL",
        help: "log in for an MCP server: its 401 and RFC 9728 metadata name the authorization server (MCP 2025-11-25)")
    static let authorizationServer = Option<String>(
        "authorization-server", value: "ISSUER",
        help: "with --mcp-server: an authorization server to use when the MCP server lists several (first listed: preferred)",
        repeatable: true)
    static let clientMetadataURL = Option<String>(
        "client-metadata-url", value: "URL",
        help: "with --mcp-server: the https URL of the client's Client ID Metadata Document, its client_id where supported")
    static let param = Option<String>(
        "param", value: "NAME=VALUE", help: "an extra authorization parameter (not one authflow sets itself)", repeatable: true)

    static let spec = CommandSpec(
        "login", summary: "log in to an OpenID provider and keep the tokens in a profile",
        discussion: """
            Discovery, PKCE S256, state and nonce; the browser ($AUTHFLOW_BROWSER, then $BROWSER, then the
            system's) and a listener on 127.0.0.1 for the redirect (RFC 8252 §7.3), or the device grant with
            --device, or CIBA's poll mode with --ciba --login-hint USER (a confidential client: the provider asks
            that user to approve on their own device, showing --binding-message); the code exchange and the ID
            token's validation. The tokens go to a 0600 file under
            $XDG_CONFIG_HOME/authflow/profiles/NAME (~/.config/authflow; macOS: ~/Library/Application Support),
            with the issuer, client and scopes, so later commands need only --profile. Prints who logged in,
            never a token. When no browser can be started the URL is printed and the login keeps waiting.
            A secret is never taken on the command line: --client-secret-file (- for standard input) or
            --client-secret-env. With --oauth2, a plain OAuth 2.0 server (RFC 8414 metadata, no OpenID
            Connect): only the scopes given are requested, and there is an access token but no ID token.
            --client-auth picks client_secret_basic, client_secret_post, client_secret_jwt (the secret MACs an
            assertion and is never sent) or private_key_jwt (--private-key-file: a P-256 JWK or PKCS#8 PEM). A
            client with a secret also accepts HS256 ID tokens, checked with the secret (OIDC Core §10.1). --dpop,
            --par and --resource are kept by the profile; --prompt, --login-hint, --acr-values, --max-age,
            --param, --jar and --response-mode apply to this login only. --jar signs the parameters into a request
            object (RFC 9101) with the --private-key-file key, sent by value or, with --par, pushed;
            --response-mode jwt asks for a signed response (JARM), whose signature, issuer, audience and expiry
            are checked before any parameter is read. A provider behind a private CA: --ca-file FILE (PEM) or
            $AUTHFLOW_CA_FILE, saved in the profile (the AsyncHTTPClient build of authflow; the URLSession build
            cannot trust one on Linux). --fapi fapi2 keeps to the FAPI 2.0 Security Profile (every request
            pushed, DPoP-bound tokens, private_key_jwt with the issuer as audience, ES256/PS256/EdDSA only, iss
            required in the response); --fapi fapi2-message-signing adds a signed request object and a JARM
            response. Each rule broken is an error, not a warning (Docs/FAPI2.md). Docs/CLI.md has the details.

            With --mcp-server URL: the MCP authorization (MCP 2025-11-25) — the server's 401 and its protected
            resource metadata (RFC 9728) name the authorization server (--authorization-server ISSUER, repeatable,
            picks among several); the client is --client-id with --issuer (the server that registered it), else
            the Client ID Metadata Document at --client-metadata-url when the server supports those (with
            --private-key-file when the document declares private_key_jwt), else a dynamic registration (RFC 7591,
            kept in the profile's 0600 token file). The authorization and token requests carry resource (RFC 8707);
            the grant is kept under its issuer, client and resource in the profile mcp-HOST-PATH (or --profile),
            so each MCP server has its own, and 'authflow token --resource URL' prints its access token.

            With --authorize-url instead: opens that URL with redirect_uri added, and prints the callback
            received (it holds the code: treat the output as a secret).
            """,
        options: [
            issuer, clientID, clientSecretFile, clientSecretEnv, clientAuth, privateKeyFile, scope, resource, oauth2, device, ciba,
            bindingMessage, dpop, par,
            prompt, loginHint, acrValues, maxAge, param, jar, responseMode, authorizationDetails, fapi, noBrowser, profile, port,
            redirectPath,
            insecureLoopbackIssuer,
            deviceAuthorizationEndpoint, authorizeURL, mcpServer, authorizationServer, clientMetadataURL, timeout, force, caFile,
            DebugTrace.verbose,
        ],
        groups: [
            .atMostOne(clientSecretFile, clientSecretEnv), .atMostOne(authorizeURL, issuer), .atMostOne(authorizeURL, device),
            .atMostOne(authorizeURL, oauth2), .atMostOne(par, device), .atMostOne(authorizeURL, caFile), .atMostOne(jar, device),
            .atMostOne(responseMode, device), .atMostOne(fapi, device), .atMostOne(fapi, authorizeURL),
            .atMostOne(ciba, device), .atMostOne(ciba, par), .atMostOne(ciba, jar), .atMostOne(ciba, fapi),
            .atMostOne(ciba, responseMode), .atMostOne(ciba, authorizeURL), .atMostOne(ciba, oauth2),
            .atMostOne(mcpServer, authorizeURL), .atMostOne(mcpServer, device), .atMostOne(mcpServer, ciba), .atMostOne(mcpServer, par),
            .atMostOne(mcpServer, jar), .atMostOne(mcpServer, fapi), .atMostOne(mcpServer, oauth2), .atMostOne(mcpServer, resource),
            .atMostOne(mcpServer, responseMode), .atMostOne(clientMetadataURL, clientID),
        ],
        examples: [
            "login --issuer https://login.example.com --client-id my-cli",
            "login --issuer http://127.0.0.1:8080 --client-id authflow-cli --insecure-loopback-issuer --device",
            "login --oauth2 --issuer https://auth.example.com --client-id my-cli --scope api:read",
            "login --issuer https://login.example.com --client-id my-app --client-auth private_key_jwt --private-key-file key.pem",
            "login --profile work --dpop --par --resource https://api.example.com/ --prompt login --max-age 300",
            "login --profile work --jar --response-mode jwt",
            "login --issuer https://bank.example.com --client-id fintech --private-key-file key.pem --fapi fapi2-message-signing",
            "login --issuer https://login.example.com --client-id my-app --client-secret-env SECRET --ciba --login-hint alice@example.com --binding-message W4SCT",
            #"login --profile bank --par --authorization-details '[{"type":"account_information","actions":["read"]}]'"#,
            "login --profile work",
            "login --mcp-server https://mcp.example.com/mcp",
            "login --mcp-server https://mcp.example.com/mcp --client-metadata-url https://agent.example.com/client.json --private-key-file key.pem",
            "login --mcp-server https://mcp.example.com/mcp --authorization-server https://login.example.com --client-id my-agent --issuer https://login.example.com",
            "login --issuer https://sso.corp.example --client-id my-cli --ca-file /etc/corp/root-ca.pem",
            "login --authorize-url 'https://id.example.com/authorize?client_id=cli&state=xyz'",
        ],
        exitStatuses: [.success, .failure, .usage, .denied])

    /// The login options on the command line.
    static func options(_ arguments: ParsedArguments) throws(CLIError) -> LoginOptions {
        var options = LoginOptions()
        client(arguments, into: &options)
        options.pushedAuthorization = arguments.isSet(Self.par)
        options.prompt = arguments.values(Self.prompt).flatMap { $0.split(separator: " ").map(String.init) }
        options.loginHint = arguments.value(Self.loginHint)
        options.acrValues = arguments.values(Self.acrValues).flatMap { $0.split(separator: " ").map(String.init) }
        if let maxAge = arguments.value(Self.maxAge) {
            guard maxAge >= 0 else { throw .usage("--max-age takes seconds (0 or more), not '\(maxAge)'") }
            options.maxAge = maxAge
        }
        options.parameters = try arguments.values(Self.param).map(Self.parameter)
        options.jar = arguments.isSet(Self.jar)
        if let mode = arguments.value(Self.responseMode) {
            guard ["query", "form_post", "jwt", "query.jwt", "form_post.jwt"].contains(mode) else {
                throw .usage(
                    "--response-mode takes query, form_post, jwt, query.jwt or form_post.jwt, not '\(mode)' (a fragment never reaches the listener)"
                )
            }
            options.responseMode = mode
        }
        if let name = arguments.value(Self.fapi) {
            guard let profile = FAPI2Profile(name: name) else {
                throw .usage("--fapi takes fapi2 or fapi2-message-signing, not '\(name)'")
            }
            options.fapi2Profile = profile
        }
        if let json = arguments.value(Self.authorizationDetails), !json.hasPrefix("@") {  // @FILE: read in `run`
            do {
                options.authorizationDetails = try AuthorizationDetail.array(json: json)
            } catch {
                throw .usage("--authorization-details takes a JSON array of objects with a type (RFC 9396 §2): \(error)")
            }
        }
        options.port = arguments.value(Self.port) ?? 0
        options.redirectPath = arguments.value(Self.redirectPath) ?? "/callback"
        options.oauth2 = arguments.isSet(Self.oauth2)
        options.device = arguments.isSet(Self.device)
        options.ciba = arguments.isSet(Self.ciba)
        options.bindingMessage = arguments.value(Self.bindingMessage)
        if options.bindingMessage != nil, !options.ciba { throw .usage("--binding-message goes with --ciba") }
        if options.ciba, options.loginHint == nil { throw .usage("--ciba needs --login-hint: whom the provider asks to approve") }
        options.noBrowser = arguments.isSet(Self.noBrowser)
        options.profile = arguments.value(Self.profile) ?? "default"
        options.deviceAuthorizationEndpoint = arguments.value(Self.deviceAuthorizationEndpoint)
        options.force = arguments.isSet(Self.force)
        options.caFile = arguments.value(Self.caFile)
        options.mcpServer = arguments.value(Self.mcpServer)
        options.authorizationServers = arguments.values(Self.authorizationServer)
        options.clientMetadataURL = arguments.value(Self.clientMetadataURL)
        if let seconds = arguments.value(Self.timeout), seconds > 0, seconds.isFinite {
            options.timeout = .milliseconds(Int64(seconds * 1000))
        }
        return options
    }

    /// The client's options, shared with `token --client-credentials`: issuer, client id, secret, client
    /// authentication, private key, scopes, resources, DPoP and the loopback-issuer permission.
    static func client(_ arguments: ParsedArguments, into options: inout LoginOptions) {
        options.issuer = arguments.value(Self.issuer)
        options.clientID = arguments.value(Self.clientID)
        if let path = arguments.value(Self.clientSecretFile) {
            options.clientSecret = path == "-" ? .standardInput : .file(path)
        } else if let name = arguments.value(Self.clientSecretEnv) {
            options.clientSecret = .environment(name)
        }
        options.clientAuthentication = arguments.value(Self.clientAuth)
        options.privateKeyFile = arguments.value(Self.privateKeyFile)
        options.scopes = arguments.values(Self.scope).flatMap { $0.split(separator: " ").map(String.init) }
        options.resources = arguments.values(Self.resource)
        options.dpop = arguments.isSet(Self.dpop)
        options.insecureLoopbackIssuer = arguments.isSet(Self.insecureLoopbackIssuer)
    }

    /// What a parameter set by another option is set with.
    static let parameterOptions = [
        "prompt": "--prompt", "login_hint": "--login-hint", "max_age": "--max-age", "acr_values": "--acr-values", "resource": "--resource",
        "scope": "--scope", "request_uri": "--par", "request": "--jar", "response_mode": "--response-mode", "dpop_jkt": "--dpop",
        "client_id": "--client-id",
        "redirect_uri": "--port and --redirect-path",
    ]

    /// `--param NAME=VALUE` as a form parameter; a name the login sets itself (state, nonce, PKCE, …) is refused
    /// with the option that sets it, if there is one.
    static func parameter(_ text: String) throws(CLIError) -> FormParameter {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw .usage("--param takes NAME=VALUE, not '\(text)'")
        }
        let name = String(text[..<equals])
        guard !AuthorizationRequest.reservedNames.contains(name) else {
            let instead = parameterOptions[name].map { "; use \($0)" } ?? ""
            throw .usage("--param \(name): authflow sets \(name) itself (it cannot be given as an extra parameter)\(instead)")
        }
        return FormParameter(name: name, value: String(text[text.index(after: equals)...]))
    }

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        guard let authorizeURL = arguments.value(Self.authorizeURL) else {
            if let seconds = arguments.value(Self.timeout), !(seconds > 0 && seconds.isFinite) {
                throw .usage("--timeout takes seconds, not '\(seconds)'")
            }
            var options = try options(arguments)
            if let text = arguments.value(Self.authorizationDetails), text.hasPrefix("@") {
                options.authorizationDetails = try TokenCommand.authorizationDetails(text, terminal: terminal)
            }
            let secretVariable: [String] = if case .environment(let name) = options.clientSecret { [name] } else { [] }
            let environment = LoginEnvironment.system(for: arguments, reading: terminal, also: secretVariable)
            guard let server = options.mcpServer else {
                if let option = [authorizationServer, clientMetadataURL].first(where: { arguments.contains($0) }) {
                    throw .usage("--\(option.info.name) goes with --mcp-server URL")
                }
                return try LoginFlow.run(options, environment: environment, terminal: &terminal)
            }
            if !arguments.contains(Self.profile) { options.profile = MCPLoginFlow.profileName(for: server) }
            return try MCPLoginFlow.run(options, serverURL: server, environment: environment, terminal: &terminal)
        }
        let path = arguments.value(Self.redirectPath) ?? "/callback"
        let port = arguments.value(Self.port) ?? 0
        let timeout = arguments.value(Self.timeout) ?? 300
        guard timeout > 0 else { throw .usage("--timeout takes seconds, not '\(timeout)'") }
        let noBrowser = arguments.isSet(Self.noBrowser)

        let listener: LoopbackListener
        do { listener = try LoopbackListener(path: path, port: port) } catch { throw .failure(LoginHints.listenFailure(error, port: port)) }
        let url: URI
        do {
            url = try URI(parsing: authorizationURL(authorizeURL, redirectURI: listener.redirectURI))
        } catch {
            throw .failure("--authorize-url: \(error)")
        }
        guard ["http", "https"].contains(url.scheme.lowercased()) else { throw .failure("--authorize-url must be an http or https URL") }
        // Ctrl-C is a cancellation: status 3, as the exit status table says.
        if terminal is SystemTerminal { Interruption.exitOnInterrupt(message: "the login was cancelled (interrupted)") }
        terminal.write("authflow: waiting for the redirect to \(listener.redirectURI)\n", to: .standardError)
        // The browsers `login` tries ($AUTHFLOW_BROWSER, $BROWSER, the system's); when none starts, the URL is
        // printed and the wait goes on, as for `login --issuer`.
        let environment = LoginEnvironment.system(reading: terminal)
        if noBrowser {
            terminal.write("authflow: open this URL in a browser:\n\(url.text)\n", to: .standardError)
        } else if let reason = environment.openBrowser(url.text) {
            terminal.write(
                "authflow: could not start a browser (\(reason)); open this URL in a browser "
                    + "(or set BROWSER to your browser's command):\n\(url.text)\n", to: .standardError)
        }

        let agent = LoopbackUserAgent(listener: listener, timeout: .milliseconds(Int64(timeout * 1000))) { _ in }
        let session = AuthenticationSession(url: url, callback: listener.callback, userAgent: agent)
        let result = runBlocking { () async -> Result<Redirect, AuthSessionError> in
            do throws(AuthSessionError) {
                return .success(try await session.authenticate())
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let redirect):
            terminal.write(redirect.callbackURL.text + "\n", to: .standardOutput)
            if let body = redirect.formBody {
                // Any local process can post to the listener: its bytes are printed without control characters.
                terminal.write("form body: " + ServerText.printable(String(decoding: body, as: UTF8.self)) + "\n", to: .standardOutput)
            }
        case .failure(let error):
            throw .failure(ServerText.printable("\(error)"))
        }
    }

    /// The authorization URL with the loopback redirect URI in it.
    static func authorizationURL(_ text: String, redirectURI: String) -> String {
        let encoded = FormParameter.encode(component: redirectURI)
        if text.contains("{redirect_uri}") { return text.replacingPlaceholder("{redirect_uri}", with: encoded) }
        let separator = text.contains("?") ? (text.hasSuffix("?") || text.hasSuffix("&") ? "" : "&") : "?"
        return text + separator + "redirect_uri=" + encoded
    }
}

extension String {
    /// This text with every `placeholder` replaced (no Foundation).
    func replacingPlaceholder(_ placeholder: String, with replacement: String) -> String {
        let bytes = Array(utf8)
        let needle = Array(placeholder.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index + needle.count <= bytes.count, bytes[index..<index + needle.count].elementsEqual(needle) {
                result += replacement.utf8
                index += needle.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
