#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import AuthCallback

/// A one-shot HTTP listener on the loopback interface that receives the redirect of a desktop or
/// command-line login (RFC 8252 §7.3).
///
/// ```swift
/// let listener = try LoopbackListener(path: "/callback")   // binds 127.0.0.1 on a free port
/// listener.redirectURI      // "http://127.0.0.1:53124/callback": put it in the authorization request
/// let agent = LoopbackUserAgent(listener: listener)
/// ```
///
/// Security, as implemented: it binds `127.0.0.1` (or `::1`) only, never another interface, so no other
/// machine can reach it; it answers exactly one matching redirect (GET with the parameters in the query, or
/// a `form_post` POST) and then closes; other paths get 404 and malformed requests 400 without ending the
/// wait; a client that sends nothing is dropped after a few seconds; request heads over 16 KiB and bodies
/// over 64 KiB are refused. Any local process can connect to a loopback port — the `state` check (and
/// PKCE) are what make a redirect trustworthy, not the listener.
public final class LoopbackListener: Sendable {
    /// The port bound.
    public let port: UInt16
    /// The path the redirect must have.
    public let path: String
    /// Whether the listener is on `::1` rather than `127.0.0.1`.
    public let isIPv6: Bool
    /// The callback that matches this listener's redirects.
    public let callback: Callback
    private let descriptor: Locked<Int32>

    /// Binds the loopback interface on `port` (0, the default, picks a free one, as RFC 8252 §7.3 expects
    /// servers to allow).
    public init(path: String = "/callback", port: UInt16 = 0, ipv6: Bool = false) throws(AuthSessionError) {
        do {
            callback = try Callback.loopback(path: path)
        } catch {
            throw .invalidRedirect(error)
        }
        let (descriptor, bound) = try Socket.listen(ipv6: ipv6, port: port)
        self.descriptor = Locked(descriptor)
        self.port = bound
        self.path = path
        isIPv6 = ipv6
    }

    deinit {
        close()
    }

    /// The redirect URI to send in the authorization request.
    public var redirectURI: String {
        "http://\(isIPv6 ? "[::1]" : "127.0.0.1"):\(port)\(path)"
    }

    /// The address actually bound, as the system reports it ("127.0.0.1" or "::1").
    public var boundHost: String? {
        let descriptor = self.descriptor.withLock { $0 }
        guard descriptor >= 0 else { return nil }
        return try? Socket.boundAddress(descriptor).host
    }

    /// Stops listening; later connections are refused.
    public func close() {
        descriptor.withLock { descriptor in
            if descriptor >= 0 {
                Socket.close(descriptor)
                descriptor = -1
            }
        }
    }

    /// Serves connections until one brings a redirect that `callback` matches, the deadline passes, or
    /// `isCancelled` says so, then stops listening whatever the outcome. Blocking: run it off the
    /// cooperative thread pool.
    func waitForRedirect(
        callback: Callback, timeout: Duration, clientTimeout: Duration, isCancelled: () -> Bool
    ) -> Result<Redirect, AuthSessionError> {
        defer { close() }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            if isCancelled() { return .failure(.canceledLogin) }
            guard clock.now < deadline else { return .failure(.timedOut) }
            let listening = descriptor.withLock { $0 }
            guard listening >= 0 else { return .failure(.canceledLogin) }
            guard Socket.waitReadable(listening, milliseconds: 50), let client = Socket.accept(listening) else { continue }
            let clientDeadline = min(deadline, clock.now.advanced(by: clientTimeout))
            if let redirect = serve(client, callback: callback, until: clientDeadline, clock: clock, isCancelled: isCancelled) {
                return .success(redirect)
            }
        }
    }

    /// Reads one request and answers it; returns the redirect when it is the one awaited.
    private func serve(_ client: Int32, callback: Callback, until deadline: ContinuousClock.Instant, clock: ContinuousClock,
                       isCancelled: () -> Bool) -> Redirect? {
        defer { Socket.close(client) }
        var bytes: [UInt8] = []
        while true {
            switch HTTPRequest.parse(bytes) {
            case .malformed(let reason):
                Socket.send(client, HTTPRequest.response(status: 400, reason: "Bad Request", title: "Bad request", message: reason))
                return nil
            case .complete(let request):
                return answer(request, client: client, callback: callback)
            case .needMore:
                guard clock.now < deadline, !isCancelled() else { return nil }  // a slow or silent client is dropped
                guard Socket.waitReadable(client, milliseconds: 50) else { continue }
                if Socket.receive(client, into: &bytes, limit: HTTPRequest.maximumHeadSize + HTTPRequest.maximumBodySize + 4) <= 0 {
                    return nil
                }
            }
        }
    }

    private func answer(_ request: HTTPRequest, client: Int32, callback: Callback) -> Redirect? {
        let host = isIPv6 ? "[::1]" : "127.0.0.1"
        guard let uri = try? URI(parsing: "http://\(host):\(port)\(request.target)") else {
            Socket.send(client, HTTPRequest.response(status: 400, reason: "Bad Request", title: "Bad request", message: "The address is not a valid URI."))
            return nil
        }
        guard callback.matches(uri) else {
            Socket.send(client, HTTPRequest.response(status: 404, reason: "Not Found", title: "Not found", message: "This is not the sign-in callback."))
            return nil
        }
        let redirect: Redirect
        switch request.method {
        case "GET":
            redirect = Redirect(callbackURL: uri)
        case "POST" where request.contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true:
            redirect = Redirect(callbackURL: uri, formBody: request.body)
        default:
            Socket.send(client, HTTPRequest.response(status: 405, reason: "Method Not Allowed", title: "Method not allowed", message: "Use GET or a form POST."))
            return nil
        }
        Socket.send(client, HTTPRequest.response(status: 200, reason: "OK", title: "Signed in",
                                                 message: "You can close this window and return to the application."))
        return redirect
    }
}
