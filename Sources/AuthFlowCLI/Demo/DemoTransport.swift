// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthSession

/// The demo's view of the wire: passes requests to the fake provider and keeps each exchange, so the
/// narration can show the real requests and responses of every step.
final class DemoTransport: HTTPTransport, Sendable {
    let base: any HTTPTransport
    private let log = Locked<[(TransportRequest, TransportResponse?)]>([])

    init(_ base: some HTTPTransport) {
        self.base = base
    }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        do {
            let response = try await base.send(request)
            log.withLock { $0.append((request, response)) }
            return response
        } catch {
            log.withLock { $0.append((request, nil)) }
            throw error
        }
    }

    /// The exchanges since the last call, oldest first.
    func takeExchanges() -> [(TransportRequest, TransportResponse?)] {
        log.withLock { log in
            defer { log.removeAll() }
            return log
        }
    }
}
