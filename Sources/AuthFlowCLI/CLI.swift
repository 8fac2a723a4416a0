/// The command dispatcher: parses the arguments, runs the command, and maps errors to exit statuses.
///
/// Exit statuses: 0 success, 1 invalid input or an I/O failure, 2 bad usage (unknown command or
/// option, a missing or extra argument). Errors go to standard error as `authflow: message`.
enum CLI {
    static let usage = """
        usage: authflow <command> [arguments]

        commands:
          sha256 [FILE]                     SHA-256 of FILE (or standard input) as lowercase hex
          hmac-sha256 --key-hex HEX [FILE]  HMAC-SHA256 of FILE (or standard input) under the key, as hex
          base64url encode                  standard input to unpadded base64url (RFC 4648 §5)
          base64url decode [--lenient]      base64url on standard input to bytes; one trailing newline is
                                            ignored, --lenient also accepts '=' padding and whitespace
          pkce generate [--length N]        a new code verifier (N = 43...128, default 43) and its S256
                                            challenge (RFC 7636 §4.1-4.2)
          pkce challenge VERIFIER|-         the S256 challenge of a verifier (- reads it from standard input)
          jwt decode TOKEN|-                header and claims as pretty JSON, NOT verified (- reads stdin)
          jwt verify TOKEN|- (--jwks FILE | --hs256-key-hex HEX) [--issuer I] [--audience A]
                     [--nonce N] [--now UNIX] [--leeway S]
                                            verify the signature (RS256/ES256 from the JWKS, HS256 with a
                                            symmetric key) and the claims; with --issuer and --audience, as
                                            an OpenID Connect ID token (OIDC Core §3.1.3.7). Prints 'valid'
                                            or fails with the reason.
          callback parse URL [--scheme S | --https HOST/PATH | --loopback PATH] [--state S]
                     [--issuer I [--require-issuer]] [--fragment]
                                            parse a redirect URI (RFC 3986), match it against the callback
                                            (RFC 8252 §7) and check the authorization response (state,
                                            RFC 9207 iss, repeated parameters, OAuth errors); prints JSON
          button layout --width W --height H [--type signIn|continue|signUp] [--style black|white|whiteOutline]
                     [--corner-radius R] [--margin M] [--logo-only] [--platform iOS:13.2]
                     [--container WxH] [--svg FILE]
                                            check a Sign in with Apple button against the size, radius and
                                            margin rules, print its layout as JSON, write an SVG preview
          login --authorize-url URL [--redirect-path PATH] [--port P] [--timeout S] [--no-browser]
                                            a real loopback login (RFC 8252 §7.3): listens on 127.0.0.1,
                                            adds redirect_uri to URL (or fills {redirect_uri}), opens the
                                            browser, prints the callback received (it holds the code)
          demo [--fail STEP] [--rfc7636-example]
                                            the whole OIDC login, offline against a fake provider,
                                            narrated step by step; --fail shows one failure
          demo --device [--fail denied|expired|slow-down]
                                            the device authorization grant (RFC 8628), offline, with
                                            the user code, each poll and its answer
          help                              this text

        exit status: 0 success, 1 invalid input or I/O failure, 2 bad usage

        """

    /// Runs the command named by `arguments` (without the program name) and returns the exit status.
    static func run(arguments: [String], terminal: inout some Terminal) -> Int32 {
        do throws(CLIError) {
            try dispatch(arguments, terminal: &terminal)
            return 0
        } catch {
            terminal.write("authflow: \(error.message)\n", to: .standardError)
            if case .usage = error {
                terminal.write("run 'authflow help' for usage\n", to: .standardError)
            }
            return error.exitStatus
        }
    }

    private static func dispatch(_ arguments: [String], terminal: inout some Terminal) throws(CLIError) {
        guard let command = arguments.first else { throw .usage("no command given") }
        let rest = Arguments(Array(arguments.dropFirst()))
        switch command {
        case "sha256": try SHA256Command.run(rest, terminal: &terminal)
        case "hmac-sha256": try HMACCommand.run(rest, terminal: &terminal)
        case "base64url": try Base64URLCommand.run(rest, terminal: &terminal)
        case "pkce": try PKCECommand.run(rest, terminal: &terminal)
        case "jwt": try JWTCommand.run(rest, terminal: &terminal)
        case "callback": try CallbackCommand.run(rest, terminal: &terminal)
        case "button": try ButtonCommand.run(rest, terminal: &terminal)
        case "login": try LoginCommands.login(rest, terminal: &terminal)
        case "token": try LoginCommands.token(.access, rest, terminal: &terminal)
        case "id-token": try LoginCommands.token(.id, rest, terminal: &terminal)
        case "userinfo", "logout", "status": try LoginCommands.account(command, rest, terminal: &terminal)
        case "provider": try LoginCommands.provider(rest, terminal: &terminal)
        case "demo": try DemoCommand.run(rest, terminal: &terminal)
        case "help", "--help", "-h":
            try rest.expectNone()
            terminal.write(usage, to: .standardOutput)
        default: throw .usage("unknown command '\(command)'")
        }
    }
}
