import AuthCallback
import AuthSession
import Dispatch

/// `authflow login --authorize-url URL --redirect-path PATH [--port P] [--timeout SECONDS] [--no-browser]`:
/// runs a real loopback session (RFC 8252 §7.3) — binds 127.0.0.1, opens the browser on the authorization
/// URL with the loopback `redirect_uri` added, waits for the redirect — and prints the callback it received.
///
/// The URL gets `redirect_uri=http://127.0.0.1:PORT/PATH` appended, or, if it contains `{redirect_uri}`,
/// that placeholder replaced. The callback is printed as received (it carries the code: treat the output
/// as a secret); checking it is `authflow callback parse`'s job.
enum LoginCommand: CLICommand {
    static let authorizeURL = Option<String>(
        "authorize-url", value: "URL", help: "the authorization URL; redirect_uri is added (or fills {redirect_uri})", required: true)
    static let redirectPath = Option<String>("redirect-path", value: "PATH", help: "the loopback callback path (default /callback)")
    static let port = Option<UInt16>("port", value: "PORT", help: "the loopback port (default: any free port)")
    static let timeout = Option<Double>("timeout", value: "SECONDS", help: "how long to wait for the redirect (default 300)")
    static let noBrowser = Flag("no-browser", help: "print the URL instead of opening a browser")

    static let spec = CommandSpec(
        "login", summary: "a real loopback login (RFC 8252 §7.3); prints the callback received",
        discussion: """
            Listens on 127.0.0.1, adds redirect_uri to the URL, opens the browser ($AUTHFLOW_BROWSER or the
            system's), and prints the callback received. It holds the code: treat the output as a secret.
            """,
        options: [authorizeURL, redirectPath, port, timeout, noBrowser],
        examples: ["login --authorize-url 'https://id.example.com/authorize?client_id=cli&state=xyz'"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let authorizeURL = try arguments.required(Self.authorizeURL)
        let path = arguments.value(Self.redirectPath) ?? "/callback"
        let port = arguments.value(Self.port) ?? 0
        let timeout = arguments.value(Self.timeout) ?? 300
        guard timeout > 0 else { throw .usage("--timeout takes seconds, not '\(timeout)'") }
        let noBrowser = arguments.isSet(Self.noBrowser)

        let listener: LoopbackListener
        do { listener = try LoopbackListener(path: path, port: port) } catch { throw .failure("\(error)") }
        let url: URI
        do {
            url = try URI(parsing: authorizationURL(authorizeURL, redirectURI: listener.redirectURI))
        } catch {
            throw .failure("--authorize-url: \(error)")
        }
        guard ["http", "https"].contains(url.scheme.lowercased()) else { throw .failure("--authorize-url must be an http or https URL") }
        terminal.write("authflow: waiting for the redirect to \(listener.redirectURI)\n", to: .standardError)
        if noBrowser { terminal.write("authflow: open this URL in a browser:\n\(url.text)\n", to: .standardError) }

        let agent = LoopbackUserAgent(listener: listener, timeout: .milliseconds(Int64(timeout * 1000))) {
            (text) throws(AuthSessionError) in
            if !noBrowser { try SystemBrowser.open(text) }
        }
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
                terminal.write("form body: " + String(decoding: body, as: UTF8.self) + "\n", to: .standardOutput)
            }
        case .failure(let error):
            throw .failure("\(error)")
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
