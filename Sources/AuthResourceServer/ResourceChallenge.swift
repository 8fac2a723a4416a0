// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthHTTP

/// The HTTP answer to a refused request: status, header fields (`WWW-Authenticate`, `DPoP-Nonce`) and a
/// small JSON body, ready to send.
///
/// ```swift
/// let challenge = server.challenge(for: error)
/// challenge.status         // 401
/// challenge.headerFields   // [WWW-Authenticate: Bearer error="invalid_token", …, resource_metadata="…"]
/// ```
///
/// See ``ResourceServer/challenge(for:)`` for what each error becomes.
public struct ResourceChallenge: Sendable, Hashable {
    /// The status: 400, 401, 403, or 500/503 for the server's own trouble.
    public var status: Int
    /// `WWW-Authenticate` (one field per challenge), `DPoP-Nonce` when a nonce is demanded, `Content-Type`
    /// and `Cache-Control: no-store` with a body.
    public var headerFields: [HeaderField]
    /// Empty, or `{"error":"…","error_description":"…"}`.
    public var body: [UInt8]

    public init(status: Int, headerFields: [HeaderField], body: [UInt8] = []) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
    }

    /// The challenges of the `WWW-Authenticate` fields, parsed back (what a client will read).
    public var challenges: [AuthenticationChallenge] {
        TransportResponse(status: status, headerFields: headerFields).challenges
    }
}
