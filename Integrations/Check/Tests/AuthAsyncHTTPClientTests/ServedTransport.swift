// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient

/// A server for ``TLSProviderServer`` made of a closure: a stub that answers every request the same way.
struct ServedTransport: HTTPTransport {
    let answer: @Sendable (TransportRequest) async throws(AuthHTTPError) -> TransportResponse

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        try await answer(request)
    }
}
