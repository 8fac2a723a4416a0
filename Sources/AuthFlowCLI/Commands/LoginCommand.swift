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
enum LoginCommand {
    static func run(_ arguments: Arguments, terminal: inout some Terminal) throws(CLIError) {
        var arguments = arguments
        guard let authorizeURL = try arguments.option("--authorize-url") else { throw .usage("login needs --authorize-url URL") }
        let path = try arguments.option("--redirect-path") ?? "/callback"
        let port =
            try arguments.option("--port").map { (text) throws(CLIError) -> UInt16 in
                guard let port = UInt16(text) else { throw .usage("--port takes 0 to 65535, not '\(text)'") }
                return port
            } ?? 0
        let timeout =
            try arguments.option("--timeout").map { (text) throws(CLIError) -> Double in
                guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                    throw .usage("--timeout takes seconds, not '\(text)'")
                }
                return seconds
            } ?? 300
        let noBrowser = arguments.flag("--no-browser")
        try arguments.expectNone()

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
