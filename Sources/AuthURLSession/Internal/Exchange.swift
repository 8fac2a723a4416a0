// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request's state between `URLSessionTransport.send` and the session delegate: the response and body
/// received so far, and the outcome, decided exactly once — by the delegate (a response, a failure), by the
/// transport's deadline (`.timedOut`) or by the calling task's cancellation (`.cancelled`), whichever comes
/// first. Later attempts to decide are ignored, so no callback the library makes late, twice or never can
/// keep `send` waiting past its deadline.
final class Exchange: @unchecked Sendable {
    /// The host, for failures.
    let host: String
    private let lock = NSLock()
    private var response: URLResponse?
    private var body = Data()
    private var outcome: Result<TransportResponse, TransportFailure>?
    private var waiter: CheckedContinuation<Result<TransportResponse, TransportFailure>, Never>?

    init(host: String) {
        self.host = host
    }

    /// The response head arrived (a new one replaces an earlier one, with an empty body).
    func received(_ response: URLResponse) {
        lock.withLock {
            self.response = response
            body = Data()
        }
    }

    /// Part of the body arrived.
    func received(_ data: Data) {
        lock.withLock { body.append(data) }
    }

    /// Whether a response head has arrived.
    var hasResponse: Bool { lock.withLock { response != nil } }

    /// Ends the exchange with the response received so far (or `.notHTTP` when it is not HTTP).
    func finishWithResponse() {
        let result: Result<TransportResponse, TransportFailure> = lock.withLock {
            guard let http = response as? HTTPURLResponse else { return .failure(TransportFailure(.notHTTP, host: host)) }
            var fields: [HeaderField] = []
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { fields.append(HeaderField(name: name, value: value)) }
            }
            return .success(TransportResponse(status: http.statusCode, headerFields: fields, body: Array(body)))
        }
        finish(result)
    }

    /// Ends the exchange with a failure.
    func fail(_ failure: TransportFailure) {
        finish(.failure(failure))
    }

    /// The outcome, once decided (at once if it already is).
    func outcome() async -> Result<TransportResponse, TransportFailure> {
        await withCheckedContinuation { continuation in
            let decided: Result<TransportResponse, TransportFailure>? = lock.withLock {
                if let outcome { return outcome }
                waiter = continuation
                return nil
            }
            if let decided { continuation.resume(returning: decided) }
        }
    }

    private func finish(_ result: Result<TransportResponse, TransportFailure>) {
        let continuation: CheckedContinuation<Result<TransportResponse, TransportFailure>, Never>? = lock.withLock {
            guard outcome == nil else { return nil }
            outcome = result
            defer { waiter = nil }
            return waiter
        }
        continuation?.resume(returning: result)
    }
}
