// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDPoP
import AuthJWT

/// A bounded, in-process LogoutTokenReplayCache: at most `capacity` entries; when full it forgets
/// expired entries first, and refuses new tokens while none has expired (a flood of logout tokens cannot
/// push out the ones that could still be replayed). The bookkeeping is the DPoP replay cache's
/// (`InMemoryDPoPReplayCache`, RFC 9449 §11.1), keyed by issuer instead of key thumbprint.
///
/// ```swift
/// let replays = InMemoryLogoutTokenReplayCache(capacity: 10_000)
/// try await client.handleBackChannelLogout(token, replayCache: replays)
/// ```
public struct InMemoryLogoutTokenReplayCache: LogoutTokenReplayCache {
    /// The default capacity: 10,000 tokens.
    public static let defaultCapacity = 10_000
    private let table: InMemoryDPoPReplayCache

    /// A cache of `capacity` entries (at least 1) reading the time from `now` (seconds since 1970; the
    /// system clock when nil, a test's clock in tests).
    public init(
        capacity: Int = InMemoryLogoutTokenReplayCache.defaultCapacity,
        now: (@Sendable () -> Int64)? = nil
    ) {
        table = InMemoryDPoPReplayCache(capacity: capacity, now: now ?? { WallClock.system.now().secondsSince1970 })
    }

    /// The capacity, as given (at least 1).
    public var capacity: Int { table.capacity }

    public func insert(_ jti: String, issuer: String, expiresAt: Int64) async -> Bool {
        await table.insert(jti, thumbprint: issuer, expiresAt: expiresAt)
    }

    public func remember(_ jti: String, issuer: String, expiresAt: Int64) async -> Bool? {
        await table.remember(jti, thumbprint: issuer, expiresAt: expiresAt)
    }
}
