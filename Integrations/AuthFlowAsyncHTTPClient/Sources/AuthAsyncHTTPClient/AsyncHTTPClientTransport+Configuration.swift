// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AsyncHTTPClient
public import AuthClient
import NIOCore
import NIOSSL

extension AsyncHTTPClientTransport {
    /// How an ``AsyncHTTPClientTransport`` makes its `HTTPClient`: the CA certificates to trust besides the
    /// system's, the deadlines, and the largest response body it accepts.
    ///
    /// ```swift
    /// var configuration = AsyncHTTPClientTransport.Configuration()
    /// configuration.additionalTrustRoots = [.pemFile("/etc/corp/root-ca.pem")]
    /// configuration.timeout = 15
    /// let transport = try AsyncHTTPClientTransport(configuration: configuration)
    /// ```
    ///
    /// The server's certificate chain is verified as usual, host name included (RFC 9110 §4.3.4, RFC 6125):
    /// an additional root is a trust anchor like the system's own, not a way to skip verification, and there is
    /// no option to turn verification off.
    public struct Configuration: Sendable {
        /// CA certificates to trust besides the system's roots: a private CA's root, for a provider whose
        /// certificate it issued. Empty: the system's roots only.
        public var additionalTrustRoots: [TrustRoot]
        /// The deadline of each request, in seconds, from `send` until the whole response has arrived (as
        /// `URLSessionTransport`'s `timeout`). Default 30.
        public var timeout: Double
        /// How long connecting (TCP and TLS) may take, in seconds; at most ``timeout`` in effect. Default 10.
        public var connectTimeout: Double
        /// The longest response body accepted, in bytes; a longer one fails the request. Default 16 MiB
        /// (``defaultMaximumResponseSize``): far more than any OAuth or OpenID response, whose JSON AuthFlow
        /// parses only up to 1 MiB.
        public var maximumResponseSize: Int
        /// Whether a connection that could not be made is retried, with backoff, until ``timeout``
        /// (AsyncHTTPClient's `retryConnectionEstablishment`). Default false: a failure (a refused
        /// connection, an untrusted certificate) ends the request at once with its reason, and the client's
        /// `RetryPolicy` decides about retrying.
        public var retriesConnection: Bool
        /// The proxies, by URL scheme, and the hosts that bypass them (``ProxySettings``). Default nil: every
        /// request goes direct (AsyncHTTPClient reads no environment variable); `.environment(…)` reads
        /// `https_proxy`, `http_proxy` and `no_proxy` as curl does, which the `authflow` it builds uses.
        public var proxies: ProxySettings?

        /// The default ``maximumResponseSize``: 16 MiB.
        public static let defaultMaximumResponseSize = 16 << 20

        public init(
            additionalTrustRoots: [TrustRoot] = [], timeout: Double = 30, connectTimeout: Double = 10,
            maximumResponseSize: Int = Configuration.defaultMaximumResponseSize, retriesConnection: Bool = false,
            proxies: ProxySettings? = nil
        ) {
            self.additionalTrustRoots = additionalTrustRoots
            self.timeout = timeout
            self.connectTimeout = connectTimeout
            self.maximumResponseSize = maximumResponseSize
            self.retriesConnection = retriesConnection
            self.proxies = proxies
        }

        /// Throws ``AuthClientError/invalidConfiguration(_:)`` for a number out of range.
        func validate() throws(AuthClientError) {
            guard timeout > 0, timeout.isFinite, connectTimeout > 0, connectTimeout.isFinite, maximumResponseSize >= 0 else {
                throw .invalidConfiguration(
                    "AsyncHTTPClientTransport.Configuration: timeout and connectTimeout must be positive, finite numbers of seconds "
                        + "and maximumResponseSize not negative")
            }
        }

        /// The `HTTPClient.Configuration`: TLS with the system's roots plus ``additionalTrustRoots`` (each
        /// read and checked now), redirects off, no decompression, the connect timeout, and `proxy` (nil: direct).
        public func httpClientConfiguration(proxy: ProxySettings.Server? = nil) throws(AuthClientError) -> HTTPClient.Configuration {
            try validate()
            var tls = TLSConfiguration.makeClientConfiguration()
            var certificates: [NIOSSLCertificate] = []
            for root in additionalTrustRoots { certificates += try root.certificates() }
            tls.additionalTrustRoots = certificates.isEmpty ? [] : [.certificates(certificates)]
            var pool = HTTPClient.Configuration.ConnectionPool()
            pool.retryConnectionEstablishment = retriesConnection
            var configuration = HTTPClient.Configuration()
            configuration.tlsConfiguration = tls
            configuration.redirectConfiguration = .disallow
            configuration.timeout = HTTPClient.Configuration.Timeout(connect: .milliseconds(Int64(min(connectTimeout, timeout) * 1000)))
            configuration.connectionPool = pool
            configuration.decompression = .disabled
            configuration.httpVersion = .automatic
            configuration.proxy = proxy?.proxy
            return configuration
        }
    }
}
