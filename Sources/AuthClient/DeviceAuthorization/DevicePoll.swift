// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An answer to one device token poll that keeps the poll going (RFC 8628 §3.5), as
/// ``AuthClient/pollDeviceAuthorization(_:onPoll:)`` reports it for a progress display — and
/// ``AuthClient/pollBackchannelAuthentication(_:onPoll:)`` for CIBA's polls, whose answers are the same (CIBA §11).
///
/// ```swift
/// let user = try await client.pollDeviceAuthorization(authorization) { poll in
///     switch poll {
///     case .pending: break                                   // the user has not finished yet
///     case .slowDown(let interval): print("polling every \(interval) s now")
///     case .unavailable(let error): print("the provider did not answer (\(error)); waiting longer")
///     }
/// }
/// ```
public enum DevicePoll: Sendable {
    /// `authorization_pending`: the user has not finished yet.
    case pending
    /// `slow_down`: the interval is now this many seconds.
    case slowDown(interval: Int64)
    /// No usable answer (no response, 429, 5xx, `temporarily_unavailable`): the next wait is doubled.
    case unavailable(AuthClientError)
}
