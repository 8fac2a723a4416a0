// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Why an HTTP request got no response: what kind of failure, which host, and the platform's own error
/// domain and code — typed values a caller can switch on, never the request's headers or body.
///
/// ```swift
/// do throws(AuthClientError) {
///     _ = try await user.send(request)
/// } catch .transportFailed(let failure) where failure.kind == .timedOut {
///     print("\(failure.host ?? "the server") did not answer in time")   // retry later; still signed in
/// }
/// ```
///
/// ``isTransient`` tells whether trying again may help (a timeout, a refused or lost connection, a DNS
/// failure); `AuthClient`'s `RetryPolicy` retries only those.
public struct TransportFailure: Error, Hashable, Sendable {
    /// The kind of failure: an open set, like `HTTPRequest.Method` in swift-http-types.
    public struct Kind: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// No response within the transport's timeout.
        public static let timedOut = Kind(rawValue: "timed out")
        /// The connection could not be made (refused, unreachable).
        public static let cannotConnect = Kind(rawValue: "cannot connect")
        /// The host name did not resolve.
        public static let cannotFindHost = Kind(rawValue: "cannot find host")
        /// The connection closed before a whole response arrived.
        public static let connectionLost = Kind(rawValue: "connection lost")
        /// TLS failed (certificate, handshake).
        public static let secureConnectionFailed = Kind(rawValue: "secure connection failed")
        /// The request was cancelled (the calling task was cancelled).
        public static let cancelled = Kind(rawValue: "cancelled")
        /// The URL cannot be requested (no host, unsupported scheme).
        public static let invalidURL = Kind(rawValue: "invalid URL")
        /// Something answered, but not with HTTP.
        public static let notHTTP = Kind(rawValue: "not HTTP")
        /// Any other failure; see ``TransportFailure/domain`` and ``TransportFailure/code``.
        public static let other = Kind(rawValue: "failed")
    }

    /// The kind of failure.
    public var kind: Kind
    /// The host the request was for, when known.
    public var host: String?
    /// The underlying error's domain as the platform reports it (e.g. `NSURLErrorDomain`, `errno`), if any.
    public var domain: String?
    /// The underlying error's code in ``domain`` (e.g. `-1001` for `NSURLErrorTimedOut`), if any.
    public var code: Int?
    /// What the underlying library said about the failure, when that says why and is safe to show — a TLS
    /// library's reason such as libcurl's `SSL certificate problem: unable to get local issuer certificate` or
    /// BoringSSL's `CERTIFICATE_VERIFY_FAILED`. Never the request's headers or body. Nil when there is none.
    public var detail: String?

    public init(_ kind: Kind, host: String? = nil, domain: String? = nil, code: Int? = nil, detail: String? = nil) {
        self.kind = kind
        self.host = host
        self.domain = domain
        self.code = code
        self.detail = detail
    }

    /// Whether trying again later may succeed: timeouts, connections refused or lost, DNS failures and
    /// unclassified failures. Not cancellation, an invalid URL, a non-HTTP answer or a TLS failure.
    public var isTransient: Bool {
        switch kind {
        case .cancelled, .invalidURL, .notHTTP, .secureConnectionFailed: false
        default: true
        }
    }
}

extension TransportFailure: CustomStringConvertible {
    /// For example `timed out: no response from login.example.com (NSURLErrorDomain -1001)`; a TLS failure
    /// says so and what to check: `TLS failed: no secure connection to login.example.com (SSL certificate
    /// problem: unable to get local issuer certificate) (NSURLErrorDomain -1); if its certificate is issued by a
    /// private CA, the transport must trust that CA`.
    public var description: String {
        let server = host ?? "the server"
        var text =
            kind == .secureConnectionFailed
            ? "TLS failed: no secure connection to \(server)" : "\(kind.rawValue): no response from \(server)"
        if let detail, !detail.isEmpty { text += " (\(detail))" }
        if let domain, let code {
            text += " (\(domain) \(code))"
        } else if let domain {
            text += " (\(domain))"
        } else if let code {
            text += " (code \(code))"
        }
        if kind == .secureConnectionFailed {
            text += "; if its certificate is issued by a private CA, the transport must trust that CA"
        }
        return text
    }
}
