// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AsyncHTTPClient
import AuthCallback
public import AuthClient
import NIOCore
import NIOHTTP1

/// An `HTTPTransport` over AsyncHTTPClient's `HTTPClient`: SwiftNIO and swift-nio-ssl (BoringSSL) on Linux,
/// Network.framework on Apple platforms. It can trust a private CA besides the system's roots
/// (``Configuration-swift.struct/additionalTrustRoots``), which `URLSessionTransport` cannot do on Linux, and it is
/// the transport a server wants (connection pooling, HTTP/2, proxies).
///
/// ```swift
/// import AuthAsyncHTTPClient
///
/// let transport = try AsyncHTTPClientTransport(
///     configuration: .init(additionalTrustRoots: [.pemFile("/etc/corp/root-ca.pem")]))
/// let client = try await AuthClient.discover(configuration, transport: transport)
/// // …
/// try await transport.shutdown()   // it owns its HTTPClient
/// ```
///
/// The `HTTPTransport` contract (Docs/PrivateCA.md):
/// - **redirects are not followed** (`HTTPClient.Configuration.RedirectConfiguration.disallow`): a 3xx comes back
///   as it is, as `URLSessionTransport` does, since a token endpoint that redirects is an error and following
///   it could send credentials to another host;
/// - every status is returned; only a failure without a response is thrown, as
///   `AuthHTTPError.transportFailed(_:)` naming the host and the kind (see `failure(_:host:)`), never the
///   request's headers or body; a TLS failure is ``TransportFailure/Kind/secureConnectionFailed`` with
///   BoringSSL's reason as its ``TransportFailure/detail`` (`CERTIFICATE_VERIFY_FAILED`);
/// - **one deadline per request**: ``Configuration-swift.struct/timeout`` bounds the whole exchange, from
///   `send` until the last byte of the body, as in `URLSessionTransport`;
/// - cancelling the calling task ends the request at once with `.cancelled`;
/// - a body longer than ``Configuration-swift.struct/maximumResponseSize`` ends the request (it is not
///   truncated);
/// - no cookies are sent or stored, nothing is cached, no credential is offered, and responses are not
///   decompressed.
///
/// A transport made with ``init(configuration:)`` owns its `HTTPClient`: call ``shutdown()`` when done (in a
/// debug build, an `HTTPClient` released without it stops the process). ``init(client:timeout:maximumResponseSize:)``
/// sends through a client the caller owns, configured as the caller chose (redirects should be off).
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// The client requests go through (directly, when ``proxies`` names a proxy for their scheme and host).
    public let client: HTTPClient
    /// The proxies of ``Configuration-swift.struct/proxies``; nil: every request goes through ``client``.
    public let proxies: ProxySettings?
    /// The clients that go through a proxy, by proxy (one per distinct server of ``proxies``).
    private let proxied: [ProxySettings.Server: HTTPClient]
    /// The deadline of each request, in seconds (positive and finite).
    public let timeout: Double
    /// The longest response body accepted, in bytes.
    public let maximumResponseSize: Int
    private let ownsClient: Bool

    /// A transport with its own `HTTPClient`, configured by `configuration`: its trust roots, timeouts and
    /// size limit, redirects off. Throws ``AuthClientError/invalidConfiguration(_:)`` when a trust root cannot be
    /// read or is not PEM, or a number is out of range.
    public init(configuration: Configuration = Configuration()) throws(AuthClientError) {
        try configuration.validate()
        // Every configuration first (reading a CA file can fail), then the clients: none is made to be dropped.
        let direct = try configuration.httpClientConfiguration()
        var routes: [ProxySettings.Server: HTTPClient.Configuration] = [:]
        for server in [configuration.proxies?.https, configuration.proxies?.http].compactMap(\.self) where routes[server] == nil {
            routes[server] = try configuration.httpClientConfiguration(proxy: server)
        }
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: direct)
        proxied = routes.mapValues { HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: $0) }
        proxies = configuration.proxies
        timeout = configuration.timeout
        maximumResponseSize = configuration.maximumResponseSize
        ownsClient = true
    }

    /// A transport over `client`, which the caller owns (and shuts down). Configure it with redirects off
    /// (`redirectConfiguration: .disallow`), as the `HTTPTransport` contract requires.
    public init(client: HTTPClient, timeout: Double = 30, maximumResponseSize: Int = Configuration.defaultMaximumResponseSize) {
        self.client = client
        proxies = nil
        proxied = [:]
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
        ownsClient = false
    }

    /// Shuts down the `HTTPClient` this transport made (nothing for a client the caller owns). Requests sent
    /// after it fail.
    public func shutdown() async throws {
        guard ownsClient else { return }
        for client in proxied.values { try await client.shutdown() }
        try await client.shutdown()
    }

    public func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        guard timeout > 0, timeout.isFinite, maximumResponseSize >= 0 else {
            throw .invalidConfiguration(
                "AsyncHTTPClientTransport's timeout must be a positive, finite number of seconds and its maximumResponseSize not negative")
        }
        guard let uri = try? URI(parsing: request.url), let host = uri.host, ["http", "https"].contains(uri.scheme.lowercased()) else {
            throw .transportFailed(TransportFailure(.invalidURL))
        }
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headerFields { outgoing.headers.add(name: field.name, value: field.value) }
        if !request.body.isEmpty { outgoing.body = .bytes(request.body) }

        let client = proxies?.server(scheme: uri.scheme, host: host).flatMap { proxied[$0] } ?? self.client
        let limit = maximumResponseSize
        let prepared = outgoing
        let deadline = Duration.milliseconds(Int64(min(timeout, 1e9) * 1000))
        let result: Result<TransportResponse, TransportFailure> = await withTaskGroup(
            of: Result<TransportResponse, TransportFailure>?.self
        ) { group in
            group.addTask {
                do {
                    // AsyncHTTPClient's own deadline too, a little later, so that its pool drops the request.
                    let response = try await client.execute(prepared, deadline: .now() + .nanoseconds(deadline.nanoseconds + 1_000_000_000))
                    let body = try await response.body.collect(upTo: limit)
                    return .success(
                        TransportResponse(
                            status: Int(response.status.code),
                            headerFields: response.headers.map { HeaderField(name: $0.name, value: $0.value) },
                            body: Array(body.readableBytesView)))
                } catch {
                    return .failure(Self.failure(error, host: host))
                }
            }
            group.addTask {
                guard (try? await Task.sleep(for: deadline)) != nil else { return nil }
                return .failure(TransportFailure(.timedOut, host: host))
            }
            defer { group.cancelAll() }
            while let next = await group.next() {
                if let next { return next }
            }
            return .failure(TransportFailure(.cancelled, host: host))
        }
        switch result {
        case .success(let response): return response
        case .failure(let failure):
            throw .transportFailed(Task.isCancelled && failure.kind != .timedOut ? TransportFailure(.cancelled, host: host) : failure)
        }
    }
}

extension Duration {
    /// The whole duration in nanoseconds (saturating).
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : product + attoseconds / 1_000_000_000
    }
}
