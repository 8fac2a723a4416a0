// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import Testing

@testable import AuthResourceServer

/// The introspection cache's bookkeeping under a steady stream of new tokens (issue 30 review).
@Suite("IntrospectionCache: bounded under a stream of new tokens")
struct IntrospectionCacheTests {
    @Test("tokens arriving slower than the cache fills keep the eviction order within twice the capacity")
    func orderStaysBounded() async {
        let cache = IntrospectionCache(capacity: 10)
        // Each answer lives 5 s and one new token comes each second: the cache makes room by dropping expired
        // answers, never by eviction, so without compaction every key would stay in the order forever.
        for second in 0..<5_000 {
            let key = SHA256.hash(data: Array("token-\(second)".utf8))
            await cache.store(nil, for: key, until: Int64(second) + 5, now: Int64(second))
        }
        #expect(await cache.count <= 10)
        #expect(await cache.orderCount <= 2 * 10 + 64 + 1)
        // The newest answers are still there.
        let newest = SHA256.hash(data: Array("token-4999".utf8))
        #expect(await cache.answer(for: newest, now: 4_999) != nil)
    }
}
