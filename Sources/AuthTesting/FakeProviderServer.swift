// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthClient
public import AuthSession

/// Serves a ``FakeOpenIDProvider`` over plain HTTP on 127.0.0.1, for code that talks HTTP itself — a
/// `URLSession`, another language's client, `curl`. Binds a free port first, so the provider's issuer
/// can be the server's address.
///
/// ```swift
/// let server = try FakeProviderServer()                       // http://127.0.0.1:PORT
/// var configuration = FakeOpenIDProvider.Configuration()
/// configuration.issuer = server.baseURL
/// let provider = FakeOpenIDProvider(configuration)
/// server.start(serving: provider)
/// defer { server.stop() }
/// let client = try await AuthClient.discover(provider.clientConfiguration, transport: URLSessionTransport())
/// ```
///
/// One request per connection (`Connection: close`), up to 64 connections served at once (a client that
/// connects and stalls does not hold up the others; it is dropped after 5 seconds), bodies up to 64 KiB; the
/// accept loop runs in a task that polls without blocking a thread. The provider's 401 to a client that tried HTTP
/// Basic carries `WWW-Authenticate: Basic realm="<issuer>"` (RFC 6749 §5.2), which some HTTP stacks treat as
/// a challenge: a good test of a transport. The issuer is `http` on loopback, so clients
/// need `allowsInsecureLoopbackIssuer` (``FakeOpenIDProvider/clientConfiguration`` sets it).
public final class FakeProviderServer: Sendable {
    /// `http://127.0.0.1:PORT` (or the `host` given at creation).
    public let baseURL: String
    /// The bound port.
    public let port: UInt16
    private let state: Locked<(descriptor: Int32, task: Task<Void, Never>?)>
    private static let maximumConnections = 64

    /// Binds 127.0.0.1 on a free port (or `port`). `host` is the name ``baseURL`` uses (say `localhost`,
    /// for an issuer that reads `http://localhost:PORT`); the server listens on 127.0.0.1 whatever it is.
    public init(port: UInt16 = 0, host: String = "127.0.0.1") throws(AuthSessionError) {
        let (descriptor, bound) = try Socket.listen(ipv6: false, port: port)
        self.port = bound
        baseURL = "http://\(host):\(bound)"
        state = Locked((descriptor, nil))
    }

    deinit { stop() }

    /// Starts answering requests with `provider`.
    public func start(serving provider: FakeOpenIDProvider) {
        start(serving: provider as any HTTPTransport)
    }

    /// Starts answering requests with any in-process server — a ``FakeProtectedResource`` in front of its
    /// provider, say. Each request's URL is the ``baseURL`` plus the request target.
    public func start(serving provider: any HTTPTransport) {
        let descriptor = state.withLock { $0.descriptor }
        guard descriptor >= 0 else { return }
        let base = baseURL
        let task = Task {
            await withTaskGroup(of: Void.self) { connections in
                var open = 0
                while !Task.isCancelled {
                    guard Socket.waitReadable(descriptor, milliseconds: 0), let client = Socket.accept(descriptor) else {
                        try? await Task.sleep(for: .milliseconds(2))
                        continue
                    }
                    // At most `maximumConnections` at once; past that, wait for (or collect) a finished one,
                    // which also keeps a long-running server's finished children from piling up.
                    if open == Self.maximumConnections, await connections.next() != nil { open -= 1 }
                    open += 1
                    connections.addTask {
                        await Self.serve(client, provider: provider, base: base)
                        Socket.close(client)
                    }
                }
            }
        }
        state.withLock { $0.task = task }
    }

    /// Stops serving and closes the port.
    public func stop() {
        let (descriptor, task) = state.withLock { state in
            defer { state = (-1, nil) }
            return state
        }
        task?.cancel()
        if descriptor >= 0 { Socket.close(descriptor) }
    }

    private static func serve(_ client: Int32, provider: any HTTPTransport, base: String) async {
        var bytes: [UInt8] = []
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(5)
        while clock.now < deadline, !Task.isCancelled {
            switch HTTPRequest.parse(bytes) {
            case .malformed(let reason):
                Socket.send(client, response(TransportResponse(status: 400, body: Array(reason.utf8))))
                return
            case .complete(let request):
                var transportRequest = TransportRequest(
                    method: TransportRequest.Method(rawValue: request.method), url: base + request.target, body: request.body)
                for field in request.headerFields { transportRequest.setHeader(field.name, field.value) }
                let answer: TransportResponse
                do {
                    answer = try await provider.send(transportRequest)
                } catch {
                    return  // an injected .noResponse: close without answering
                }
                Socket.send(client, response(answer))
                return
            case .needMore:
                if Socket.waitReadable(client, milliseconds: 0) {
                    if Socket.receive(client, into: &bytes, limit: HTTPRequest.maximumHeadSize + HTTPRequest.maximumBodySize + 4) <= 0 {
                        return
                    }
                } else {
                    try? await Task.sleep(for: .milliseconds(1))
                }
            }
        }
    }

    private static func response(_ response: TransportResponse) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
        for field in response.headerFields where !field.hasName("Content-Length") && !field.hasName("Connection") {
            head += "\(field.name): \(field.value)\r\n"
        }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + response.body
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 302: "Found"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
