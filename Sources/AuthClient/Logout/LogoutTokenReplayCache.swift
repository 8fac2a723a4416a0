// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Where accepted logout tokens' `jti`s are remembered, so that none is accepted twice (OpenID Connect
/// Back-Channel Logout 1.0 §2.6 step 8). InMemoryLogoutTokenReplayCache serves one process; several
/// instances behind a load balancer share a store instead (Redis `SET NX EXAT`, a unique database row).
///
/// ```swift
/// struct RedisLogoutReplays: LogoutTokenReplayCache {
///     func insert(_ jti: String, issuer: String, expiresAt: Int64) async -> Bool {
///         await redis.setIfAbsent("logout:\(issuer):\(jti)", expiresAt: expiresAt)
///     }
/// }
/// ```
///
/// The contract: `insert` returns true exactly once for an (`issuer`, `jti`) pair until `expiresAt` has
/// passed, also under concurrent calls, and false when it cannot remember the pair (a full or unreachable
/// store): a token that cannot be remembered is refused, never let through. A cache that can tell those two
/// refusals apart also implements remember(_:issuer:expiresAt:), so that a full cache is not reported as a
/// replay.
public protocol LogoutTokenReplayCache: Sendable {
    /// True if (`issuer`, `jti`) was not seen before; remembers it until `expiresAt` (seconds since 1970).
    func insert(_ jti: String, issuer: String, expiresAt: Int64) async -> Bool

    /// As insert(_:issuer:expiresAt:), with the refusals told apart: true when remembered now, false when
    /// (`issuer`, `jti`) was seen before (a replay), nil when the cache cannot remember it (full or
    /// unreachable). The default calls insert(_:issuer:expiresAt:) and so never answers nil.
    func remember(_ jti: String, issuer: String, expiresAt: Int64) async -> Bool?
}

extension LogoutTokenReplayCache {
    public func remember(_ jti: String, issuer: String, expiresAt: Int64) async -> Bool? {
        await insert(jti, issuer: issuer, expiresAt: expiresAt)
    }
}
