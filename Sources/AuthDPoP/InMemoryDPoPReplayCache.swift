// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A bounded in-process ``DPoPReplayCache``: remembers each (key thumbprint, `jti`) until its expiry
/// (RFC 9449 §11.1).
///
/// ```swift
/// let cache = InMemoryDPoPReplayCache(capacity: 100_000)
/// let verifier = DPoPProofVerifier(replayCache: cache, now: now)
/// ```
///
/// Bounded: at most `capacity` entries. When full, it first forgets entries whose expiry has passed (the
/// one that expires first, first); when every entry is still unexpired it **refuses** the new one
/// (`insert` returns false, the proof is refused as a replay) rather than forget a `jti` that could still
/// be replayed. Size `capacity` for the proofs per `maxAge` window you expect: at 300 s, 100,000 entries
/// hold 333 proofs a second. Being an actor, concurrent inserts of one `jti` are serialized: exactly one
/// wins. A `jti` is compared byte for byte, per key: two keys may use the same `jti`.
public actor InMemoryDPoPReplayCache: DPoPReplayCache {
    /// The default capacity: 100,000 entries (about 10 MB at worst).
    public static let defaultCapacity = 100_000

    /// How many entries it holds at most.
    public nonisolated let capacity: Int
    private let now: @Sendable () -> Int64
    private var expiries: [String: Int64] = [:]
    private var heap = ExpiryHeap()

    /// A cache of `capacity` entries (at least 1) that reads the time from `now` (seconds since 1970;
    /// the system clock by default; pass the verifier's clock in tests).
    public init(capacity: Int = InMemoryDPoPReplayCache.defaultCapacity, now: @escaping @Sendable () -> Int64 = SystemClock.seconds) {
        self.capacity = max(1, capacity)
        self.now = now
    }

    /// How many entries it holds now, expired ones not yet forgotten included.
    public var count: Int { expiries.count }

    /// True if (`thumbprint`, `jti`) is not remembered unexpired; then remembers it until `expiresAt`.
    /// False when it is, or when the cache is full of unexpired entries.
    public func insert(_ jti: String, thumbprint: String, expiresAt: Int64) -> Bool {
        remember(jti, thumbprint: thumbprint, expiresAt: expiresAt) == true
    }

    /// As insert(_:thumbprint:expiresAt:), telling the two refusals apart: true when remembered now, false
    /// when (`thumbprint`, `jti`) is remembered unexpired (a replay), nil when the cache is full of unexpired
    /// entries. `package`: the logout token replay cache reports a full cache as its own refusal.
    package func remember(_ jti: String, thumbprint: String, expiresAt: Int64) -> Bool? {
        let time = now()
        // Length-prefixed, so that no other (thumbprint, jti) pair makes the same key.
        let key = "\(thumbprint.utf8.count):" + thumbprint + jti
        if let expiry = expiries[key], expiry >= time { return false }
        if expiries[key] == nil, expiries.count >= capacity {
            forgetExpired(before: time)
            guard expiries.count < capacity else { return nil }
        }
        // Stale heap entries (keys inserted again after they expired) are expired: dropped here at the latest.
        if heap.count >= 2 * capacity { forgetExpired(before: time) }
        expiries[key] = expiresAt
        heap.insert(expiresAt, key)
        return true
    }

    /// Forgets every entry whose expiry is before `time`, first to expire first. A heap entry whose key
    /// was re-inserted with another expiry is stale and only dropped.
    private func forgetExpired(before time: Int64) {
        while let top = heap.first, top.expiresAt < time {
            heap.removeFirst()
            if expiries[top.key] == top.expiresAt { expiries[top.key] = nil }
        }
    }
}
