// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-shot HTTP listener on the loopback interface that receives the redirect of a desktop or
/// command-line login (RFC 8252 §7.3).
///
/// ```swift
/// let listener = try LoopbackListener(path: "/callback")   // binds 127.0.0.1 on a free port
/// listener.redirectURI      // "http://127.0.0.1:53124/callback": put it in the authorization request
/// let agent = LoopbackUserAgent(listener: listener)
/// ```
///
/// Security, as implemented:
/// - it binds `127.0.0.1` (or `::1`) only, never another interface, so no other machine can reach it; the
///   socket has `SO_REUSEADDR`, so a fixed port can be bound again right after a login;
/// - it ends the wait on exactly one redirect on its path (GET with the parameters in the query, or a
///   `form_post` POST) and then closes. When the authorization URL the ``LoopbackUserAgent`` opens has a
///   `state`, that redirect must carry the same `state` (compared in constant time): a request with
///   another `state`, none, or a cross-site form POST without it gets an error page and the wait goes on.
///   A redirect with the right `state` that is an OAuth error gets an error page, not "Signed in", and is
///   delivered, since it is the server's genuine answer. A GET redirect that is an OAuth error with no
///   `state` at all (some providers omit it from error redirects) gets the error page too, but does **not**
///   end the wait: any local process or a web page that guesses the port could send one. The first such
///   error is kept, and reported as ``AuthSessionError/unverifiedErrorResponse(_:)`` only if the wait then
///   ends — timeout or cancel — without this session's response (a provider that omits `state` from its
///   denial still gets a clear message, at the end of the wait);
/// - other paths get 404, malformed requests 400, other methods 405, without ending the wait;
/// - connections are served concurrently on one thread: each must send its whole request within the
///   agent's `clientTimeout` of being accepted (a silent or byte-at-a-time client is dropped on its own
///   clock, never delaying the others), heads over 16 KiB and bodies over 64 KiB are refused, and at most
///   64 are open at once (the oldest is closed to make room); all are closed when the wait ends.
///
/// Not guaranteed: any local process can connect to a loopback port, so one that floods it with
/// connections can delay or prevent the login (denial of service), and one that can read the
/// authorization URL (and so its `state`) can send a redirect the listener accepts — PKCE is what keeps
/// such a forged or stolen code from being redeemed by anyone but the app (RFC 8252 §8.1).
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

    /// At most this many connections are read at once; a new one closes the oldest (any local process can
    /// connect, so their number is bounded).
    package static let maximumConnections = 64
    /// At most this many connections are accepted between two reads, so a connection whose request came
    /// with it is read before a burst of newer ones can push it out.
    package static let acceptsPerRound = 16

    /// Serves connections until one brings the session's redirect, the deadline passes, or `isCancelled`
    /// says so, then stops listening and closes every connection whatever the outcome. Blocking: run it
    /// off the cooperative thread pool.
    ///
    /// One thread serves every connection: it polls them all, reads what each has sent, answers each
    /// whole request, and drops a connection at its own deadline (`clientTimeout` after it was accepted),
    /// so no connection — silent, or sending a byte at a time — delays another. With `check`, a request on
    /// the callback path ends the wait only when its `state` is the session's; without it (the
    /// authorization URL had no `state`), any request on the path does. A stateless OAuth error never ends
    /// the wait: the first one is what a timeout or a cancel reports instead of `timedOut` or `canceledLogin`.
    func waitForRedirect(
        callback: Callback, check: RedirectCheck?, timeout: Duration, clientTimeout: Duration, isCancelled: () -> Bool
    ) -> Result<Redirect, AuthSessionError> {
        let connections = LoopbackConnections(limit: Self.maximumConnections)
        defer {
            connections.closeAll()
            close()
        }
        var unverified: OAuthErrorResponse?
        func ended(_ reason: AuthSessionError) -> Result<Redirect, AuthSessionError> {
            .failure(unverified.map { .unverifiedErrorResponse($0) } ?? reason)
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            if isCancelled() { return ended(.canceledLogin) }
            guard clock.now < deadline else { return ended(.timedOut) }
            connections.closeExpired(now: clock.now)
            let listening = descriptor.withLock { $0 }
            guard listening >= 0 else { return ended(.canceledLogin) }
            let clients = connections.descriptors
            let ready = Socket.waitReadable([listening] + clients, milliseconds: 50)
            for (client, isReady) in zip(clients, ready.dropFirst()) where isReady {
                switch serve(client, in: connections, callback: callback, check: check) {
                case .redirect(let redirect): return .success(redirect)
                case .unverifiedError(let error): unverified = unverified ?? error
                case nil: break
                }
            }
            guard ready[0] else { continue }
            for _ in 0..<Self.acceptsPerRound {
                guard let client = Socket.accept(listening, nonBlocking: true) else {
                    // Out of descriptors: free the oldest, so the pending connection can be taken next round.
                    if errno == EMFILE || errno == ENFILE { connections.closeOldest() }
                    break
                }
                connections.add(client, deadline: clock.now.advanced(by: clientTimeout))
            }
        }
    }

    /// What a whole request on a connection turned out to be, when it matters to the wait.
    private enum Outcome {
        /// The redirect awaited: the wait ends.
        case redirect(Redirect)
        /// A stateless OAuth error: answered, kept, and the wait goes on.
        case unverifiedError(OAuthErrorResponse)
    }

    /// Reads from a readable connection and answers it once its request is whole; returns the redirect when
    /// it is the one awaited, or the error of a stateless error redirect.
    private func serve(_ client: Int32, in connections: LoopbackConnections, callback: Callback, check: RedirectCheck?) -> Outcome? {
        switch connections.receive(from: client) {
        case .waiting, .closed:
            return nil
        case .malformed(let reason):
            Socket.send(
                client,
                HTTPRequest.response(status: 400, reason: "Bad Request", title: "Bad request", message: HTTPRequest.escapingHTML(reason)))
            connections.close(client)
            return nil
        case .request(let request):
            defer { connections.close(client) }
            return answer(request, client: client, callback: callback, check: check)
        }
    }

    private func answer(_ request: HTTPRequest, client: Int32, callback: Callback, check: RedirectCheck?) -> Outcome? {
        let host = isIPv6 ? "[::1]" : "127.0.0.1"
        guard let uri = try? URI(parsing: "http://\(host):\(port)\(request.target)") else {
            Socket.send(
                client,
                HTTPRequest.response(status: 400, reason: "Bad Request", title: "Bad request", message: "The address is not a valid URI."))
            return nil
        }
        guard callback.matches(uri) else {
            Socket.send(
                client,
                HTTPRequest.response(status: 404, reason: "Not Found", title: "Not found", message: "This is not the sign-in callback."))
            return nil
        }
        let redirect: Redirect
        let parameters: [FormParameter]?
        switch request.method {
        case "GET":
            redirect = Redirect(callbackURL: uri)
            parameters = try? uri.queryParameters()
        case "POST" where request.contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true:
            redirect = Redirect(callbackURL: uri, formBody: request.body)
            parameters = try? FormParameter.parse(request.body)
        default:
            Socket.send(
                client,
                HTTPRequest.response(
                    status: 405, reason: "Method Not Allowed", title: "Method not allowed", message: "Use GET or a form POST."))
            return nil
        }
        switch check?.judge(parameters, readsStatelessError: request.method == "GET") ?? .signedIn {
        case .foreign:
            Socket.send(
                client,
                HTTPRequest.response(
                    status: 400, reason: "Bad Request", title: "Not this sign-in",
                    message: "This response does not belong to the sign-in in progress, so it was ignored. "
                        + "Finish signing in in the browser window the application opened."))
            return nil
        case .signedIn:
            Socket.send(
                client,
                HTTPRequest.response(
                    status: 200, reason: "OK", title: "Signed in",
                    message: "You can close this window and return to the application."))
        case .failed(let error):
            let said = error.map { " The server answered “\(HTTPRequest.escapingHTML($0.error.rawValue))”." } ?? ""
            Socket.send(
                client,
                HTTPRequest.response(
                    status: 200, reason: "OK", title: "Sign-in failed",
                    message: "You are not signed in.\(said) Return to the application for details."))
        case .unverifiedError(let error):
            Socket.send(
                client,
                HTTPRequest.response(
                    status: 200, reason: "OK", title: "Sign-in failed",
                    message: "You are not signed in. The server answered “\(HTTPRequest.escapingHTML(error.error.rawValue))”, "
                        + "without the sign-in's state, so the application cannot tell that the answer is for it and keeps "
                        + "waiting. Return to the application to cancel the sign-in or start it again."))
            return .unverifiedError(error)
        }
        return .redirect(redirect)
    }
}
