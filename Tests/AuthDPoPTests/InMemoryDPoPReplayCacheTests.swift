// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDPoP
import Synchronization
import Testing

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let time: Mutex<Int64>
    init(_ start: Int64) { time = Mutex(start) }
    var now: Int64 { time.withLock { $0 } }
    func advance(by seconds: Int64) { time.withLock { $0 += seconds } }
    var read: @Sendable () -> Int64 { { [self] in now } }
}

@Suite("InMemoryDPoPReplayCache: one winner per jti and key, bounded, never forgetting an unexpired jti")
struct InMemoryDPoPReplayCacheTests {
    @Test("a jti is accepted once per key, and again with another key")
    func oncePerKey() async {
        let cache = InMemoryDPoPReplayCache(now: { 1_000 })
        #expect(await cache.insert("j1", thumbprint: "key-a", expiresAt: 1_300))
        #expect(await !cache.insert("j1", thumbprint: "key-a", expiresAt: 1_300))
        #expect(await cache.insert("j1", thumbprint: "key-b", expiresAt: 1_300))
        #expect(await cache.insert("j2", thumbprint: "key-a", expiresAt: 1_300))
    }

    @Test("the pair is kept apart: thumbprint 'a b' with jti 'c' is not thumbprint 'a' with jti 'b c'")
    func pairsDoNotCollide() async {
        let cache = InMemoryDPoPReplayCache(now: { 1_000 })
        #expect(await cache.insert("c", thumbprint: "a b", expiresAt: 1_300))
        #expect(await cache.insert("b c", thumbprint: "a", expiresAt: 1_300))
    }

    @Test("1,000 tasks inserting the same jti at once: exactly one wins")
    func concurrentInserts() async {
        let cache = InMemoryDPoPReplayCache(now: { 1_000 })
        let winners = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<1_000 { group.addTask { await cache.insert("same", thumbprint: "key", expiresAt: 1_300) } }
            var count = 0
            for await won in group where won { count += 1 }
            return count
        }
        #expect(winners == 1)
    }

    @Test("a jti is remembered up to its expiry, inclusive, and accepted again after it")
    func expiry() async {
        let clock = TestClock(1_000)
        let cache = InMemoryDPoPReplayCache(now: clock.read)
        #expect(await cache.insert("j", thumbprint: "k", expiresAt: 1_300))
        clock.advance(by: 300)
        #expect(await !cache.insert("j", thumbprint: "k", expiresAt: 1_600))
        clock.advance(by: 1)
        #expect(await cache.insert("j", thumbprint: "k", expiresAt: 1_601))
        #expect(await !cache.insert("j", thumbprint: "k", expiresAt: 1_601))
    }

    @Test("full of unexpired entries, it refuses a new jti rather than forget one")
    func refusesWhenFull() async {
        let cache = InMemoryDPoPReplayCache(capacity: 3, now: { 1_000 })
        for index in 0..<3 { #expect(await cache.insert("j\(index)", thumbprint: "k", expiresAt: 1_300)) }
        #expect(await !cache.insert("new", thumbprint: "k", expiresAt: 1_300))
        // Nothing was forgotten: each is still a replay.
        for index in 0..<3 { #expect(await !cache.insert("j\(index)", thumbprint: "k", expiresAt: 1_300)) }
        #expect(await cache.count == 3)
    }

    @Test("full, it forgets expired entries first, earliest expiry first, and keeps the unexpired ones")
    func evictsExpiredFirst() async {
        let clock = TestClock(1_000)
        let cache = InMemoryDPoPReplayCache(capacity: 3, now: clock.read)
        #expect(await cache.insert("late", thumbprint: "k", expiresAt: 2_000))
        #expect(await cache.insert("early", thumbprint: "k", expiresAt: 1_100))
        #expect(await cache.insert("middle", thumbprint: "k", expiresAt: 1_200))
        clock.advance(by: 150)  // 1,150: "early" expired
        #expect(await cache.insert("new", thumbprint: "k", expiresAt: 1_450))
        #expect(await cache.count == 3)
        #expect(await !cache.insert("middle", thumbprint: "k", expiresAt: 1_450))
        #expect(await !cache.insert("late", thumbprint: "k", expiresAt: 1_450))
        #expect(await !cache.insert("another", thumbprint: "k", expiresAt: 1_450))  // full again, nothing expired
        clock.advance(by: 100)  // 1,250: "middle" expired too
        #expect(await cache.insert("another", thumbprint: "k", expiresAt: 1_550))
        #expect(await !cache.insert("late", thumbprint: "k", expiresAt: 1_550))
    }

    @Test("at capacity under a steady stream, it holds capacity entries and accepts only as entries expire")
    func steadyStream() async {
        let clock = TestClock(0)
        let cache = InMemoryDPoPReplayCache(capacity: 100, now: clock.read)
        var accepted = 0
        // 10 proofs a second for 60 s, each remembered 20 s: 200 would be live, the cache holds 100.
        for second in 0..<60 {
            for index in 0..<10 where await cache.insert("\(second)-\(index)", thumbprint: "k", expiresAt: Int64(second) + 20) {
                accepted += 1
            }
            clock.advance(by: 1)
        }
        #expect(await cache.count <= 100)
        // First 100 in 10 s, then about 10 a second as 10 a second expire (expiry is inclusive: 21 s each).
        #expect(accepted > 100 && accepted < 400, "\(accepted)")
    }
}
