// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Where ``DPoPProofVerifier`` remembers the `jti` of accepted proofs, so that none is accepted twice
/// with the same key while it could still pass the `iat` window (RFC 9449 §11.1).
///
/// ``InMemoryDPoPReplayCache`` serves one process. Several instances of a server behind a load balancer
/// share a store instead (Redis `SET key 1 NX EXAT expiresAt`, a database row with a unique key): conform
/// a type of your own.
///
/// ```swift
/// struct RedisReplayCache: DPoPReplayCache {
///     func insert(_ jti: String, thumbprint: String, expiresAt: Int64) async -> Bool {
///         await redis.setIfAbsent("dpop:\(thumbprint):\(jti)", expiresAt: expiresAt)
///     }
/// }
/// ```
///
/// The contract: `insert` returns true exactly once for a (`thumbprint`, `jti`) pair until `expiresAt`
/// has passed, also under concurrent calls, and returns false when it cannot remember the pair (a full
/// store, an unreachable one): a proof that cannot be remembered is refused, never let through.
public protocol DPoPReplayCache: Sendable {
    /// True if (`thumbprint`, `jti`) was not seen before; remembers it until `expiresAt` (seconds since 1970).
    func insert(_ jti: String, thumbprint: String, expiresAt: Int64) async -> Bool
}
