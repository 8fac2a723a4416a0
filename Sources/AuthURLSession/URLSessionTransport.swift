// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthClient
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default `HTTPTransport`: Foundation's `URLSession` (FoundationNetworking on Linux), kept in its
/// own module so that AuthClient and everything under it stay free of Foundation networking.
///
/// ```swift
/// import AuthURLSession
/// let client = try await AuthClient.discover(configuration, transport: URLSessionTransport(timeout: 15))
/// ```
///
/// As the transport contract requires, redirects are not followed (a 3xx is returned as it is), every
/// status is returned, and a failure without a response becomes `AuthClientError.transportFailed(_:)`
/// naming only the host. Cookies are neither sent nor stored, nothing is cached, and no stored credential
/// is ever offered.
///
/// No request hangs:
/// - **one deadline per request**: ``timeout`` bounds the whole exchange (connect, send, wait, read), not
///   just the silence between packets, so a server that never answers or trickles its answer a byte at a
///   time ends in `.transportFailed(TransportFailure(.timedOut, host: …))`. The deadline is kept by the
///   transport itself, not by `URLSession`, so a task the library leaves suspended cannot outlive it;
/// - **cancellation**: cancelling the calling task ends the request at once with
///   `.transportFailed(TransportFailure(.cancelled, host: …))` and cancels the `URLSession` task;
/// - **401 with `WWW-Authenticate: Basic`** — what RFC 6749 §5.2 prescribes for `invalid_client` — is
///   returned as a response, so the client reads the OAuth error from its body. (On Linux,
///   swift-corelibs-foundation turns it into an authentication challenge that, unanswered, never
///   completes; the transport's delegate answers it with the response already received.) The transport
///   never answers a challenge with a credential; TLS server-trust challenges get the system's default
///   evaluation.
///
/// Failures are mapped to `TransportFailure.Kind` from `URLError` codes (see `failure(_:host:)`), keeping
/// `NSURLErrorDomain` and the code.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let delegate: SessionDelegate
    /// The deadline for each request, in seconds, from the call to `send` until the whole response has
    /// arrived. A positive, finite number; ``send(_:)`` refuses anything else with
    /// `AuthClientError.invalidConfiguration(_:)`.
    public let timeout: Double

    /// A transport with its own ephemeral session (no cookies, no cache, no credential storage) that does
    /// not follow redirects and gives each request at most `timeout` seconds.
    public init(timeout: Double = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let delegate = SessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        self.delegate = delegate
        self.timeout = timeout
    }

    public func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        guard timeout > 0, timeout.isFinite else {
            throw .invalidConfiguration("URLSessionTransport's timeout must be a positive, finite number of seconds")
        }
        guard let url = URL(string: request.url), let host = url.host else {
            throw .transportFailed(TransportFailure(.invalidURL))
        }
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headerFields { urlRequest.setValue(field.value, forHTTPHeaderField: field.name) }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }

        let exchange = Exchange(host: host)
        let task = session.dataTask(with: urlRequest)
        delegate.register(exchange, for: task)
        defer { delegate.unregister(task) }
        // A deadline the library cannot defeat: whichever of response, failure, deadline or cancellation
        // comes first decides the exchange; the others are ignored.
        let deadline = Duration.seconds(min(timeout, Self.longestDeadline))
        let result = await withTaskCancellationHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    guard (try? await Task.sleep(for: deadline)) != nil else { return }
                    exchange.fail(TransportFailure(.timedOut, host: host))
                }
                if !Task.isCancelled { task.resume() }
                let result = await exchange.outcome()
                group.cancelAll()
                return result
            }
        } onCancel: {
            exchange.fail(TransportFailure(.cancelled, host: host))
        }
        switch result {
        case .success(let response):
            return response
        case .failure(let failure):
            task.cancel()  // a deadline or cancellation: stop what URLSession may still be doing
            throw .transportFailed(failure)
        }
    }

    /// About 31 years: longer deadlines are this one (a `Duration` cannot hold every `Double`).
    static let longestDeadline = 1e9
}
