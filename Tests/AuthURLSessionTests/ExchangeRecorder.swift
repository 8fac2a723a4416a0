// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthURLSession
import Foundation

/// Passes requests to `base` and keeps each request, its response and when it was sent.
final class ExchangeRecorder: HTTPTransport, @unchecked Sendable {
    struct Exchange {
        let request: TransportRequest
        let response: TransportResponse
        let sent: ContinuousClock.Instant
    }

    let base: URLSessionTransport
    private let lock = NSLock()
    private var recorded: [Exchange] = []

    init(base: URLSessionTransport) { self.base = base }

    var exchanges: [Exchange] { lock.withLock { recorded } }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        let sent = ContinuousClock.now
        let response = try await base.send(request)
        lock.withLock { recorded.append(Exchange(request: request, response: response, sent: sent)) }
        return response
    }
}
