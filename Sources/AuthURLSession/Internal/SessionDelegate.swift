// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session's delegate: routes each task's callbacks to its `Exchange`, refuses redirects and answers
/// HTTP authentication challenges so that the 401 itself comes back.
///
/// On Linux (swift-corelibs-foundation) a 401 with `WWW-Authenticate: Basic realm=…` is turned into an
/// authentication challenge *after* the whole response has arrived, and no disposition makes the task
/// complete with that response: without credentials `.performDefaultHandling` leaves the task suspended
/// forever (swift-corelibs-foundation issue 5456), and cancelling ends it with `NSURLErrorCancelled`. So the
/// delegate ends the exchange with the response and body it already has, then cancels the challenge. On
/// Apple platforms every challenge gets `.performDefaultHandling`: with no credential storage a 401 comes
/// back as it is, and server-trust (TLS) challenges are evaluated as usual.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    func register(_ exchange: Exchange, for task: URLSessionTask) {
        lock.withLock { exchanges[task.taskIdentifier] = exchange }
    }

    func unregister(_ task: URLSessionTask) {
        _ = lock.withLock { exchanges.removeValue(forKey: task.taskIdentifier) }
    }

    private func exchange(_ task: URLSessionTask) -> Exchange? {
        lock.withLock { exchanges[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        exchange(dataTask)?.received(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(dataTask)?.received(data)
    }

    /// Redirects are not followed: the 3xx response itself completes the task.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            // swift-corelibs-foundation raises only HTTP authentication challenges (TLS is checked by libcurl).
            if let exchange = exchange(task) {
                if !exchange.hasResponse, let response = challenge.failureResponse { exchange.received(response) }
                exchange.finishWithResponse()
            }
            completionHandler(.cancelAuthenticationChallenge, nil)
        #else
            completionHandler(.performDefaultHandling, nil)
        #endif
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchange(task) else { return }
        if let error {
            exchange.fail(URLSessionTransport.failure(error, host: exchange.host))
        } else {
            exchange.finishWithResponse()
        }
    }
}
