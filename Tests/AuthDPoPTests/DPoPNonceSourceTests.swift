// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDPoP
import AuthTesting
import Testing

@Suite("DPoPNonceSource: rotates on its interval, accepts the current and previous nonce, nothing else")
struct DPoPNonceSourceTests {
    @Test("the nonce stays the same within an interval and changes at its end")
    func rotation() {
        let clock = TestClock(1_800_000_000)  // a multiple of 300
        let nonces = DPoPNonceSource(secret: Array(repeating: 7, count: 32), rotationInterval: 300, now: clock.read)
        let first = nonces.current()
        clock.advance(by: 299)
        #expect(nonces.current() == first)
        clock.advance(by: 1)
        let second = nonces.current()
        #expect(second != first)
        #expect(nonces.isValid(first))  // the previous one
        #expect(nonces.isValid(second))
        clock.advance(by: 300)
        #expect(!nonces.isValid(first))  // two rotations old
        #expect(nonces.isValid(second))
        #expect(nonces.current() != second)
    }

    @Test("a made-up, empty or truncated nonce is not valid")
    func refusesOthers() {
        let nonces = DPoPNonceSource(secret: Array(repeating: 7, count: 32), now: { 1_800_000_000 })
        let current = nonces.current()
        #expect(!nonces.isValid(""))
        #expect(!nonces.isValid("made-up"))
        #expect(!nonces.isValid(String(current.dropLast())))
        #expect(!nonces.isValid(current + "A"))
    }

    @Test("the nonce is base64url text of 16 bytes, and other secrets give other nonces")
    func secrets() {
        let a = DPoPNonceSource(secret: Array(repeating: 1, count: 32), now: { 1_800_000_000 })
        let b = DPoPNonceSource(secret: Array(repeating: 2, count: 32), now: { 1_800_000_000 })
        #expect(a.current().count == 22)
        #expect(
            a.current().utf8.allSatisfy {
                $0 == 45 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0)
            })
        #expect(a.current() != b.current())
        #expect(!b.isValid(a.current()))
    }

    @Test("two sources from one seeded generator agree; another seed does not")
    func injectedRandomness() {
        var first = SeededRandomNumberGenerator(seed: 9)
        var second = SeededRandomNumberGenerator(seed: 9)
        var third = SeededRandomNumberGenerator(seed: 10)
        let a = DPoPNonceSource(now: { 1_000 }, using: &first)
        let b = DPoPNonceSource(now: { 1_000 }, using: &second)
        let c = DPoPNonceSource(now: { 1_000 }, using: &third)
        #expect(a.current() == b.current())
        #expect(a.current() != c.current())
    }

    @Test("times before 1970 rotate on the same grid (floor division)")
    func negativeTimes() {
        let clock = TestClock(-1)
        let nonces = DPoPNonceSource(secret: [1, 2, 3], rotationInterval: 10, now: clock.read)
        let before = nonces.current()
        clock.advance(by: 1)  // 0: a new interval
        #expect(nonces.current() != before)
        clock.advance(by: -10)  // -10: the interval of -1
        #expect(nonces.current() == before)
    }
}
