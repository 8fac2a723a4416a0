// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest

/// Introspection answers by the SHA-256 of their token (the token itself is never kept), each until a
/// time; at most `capacity`, expired entries evicted first, then the oldest.
actor IntrospectionCache {
    private struct Entry {
        let principal: AccessPrincipal?
        let until: Int64
    }

    private let capacity: Int
    private var entries: [SHA256Digest: Entry] = [:]
    /// Keys in insertion order, for evicting the oldest (stale keys are skipped).
    private var order: [SHA256Digest] = []
    private var head = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// `.some(principal)` for a kept active answer, `.some(nil)` for a kept inactive one, nil when none.
    func answer(for key: SHA256Digest, now: Int64) -> AccessPrincipal?? {
        guard let entry = entries[key] else { return nil }
        guard now < entry.until else {
            entries[key] = nil
            return nil
        }
        return .some(entry.principal)
    }

    func store(_ principal: AccessPrincipal?, for key: SHA256Digest, until: Int64, now: Int64) {
        guard capacity > 0, until > now else { return }
        if entries.count >= capacity, entries[key] == nil {
            entries = entries.filter { now < $0.value.until }
        }
        while entries.count >= capacity, entries[key] == nil, head < order.count {
            entries[order[head]] = nil
            head += 1
        }
        if head > 1024, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
        if entries[key] == nil { order.append(key) }
        entries[key] = Entry(principal: principal, until: until)
    }

    /// How many answers are kept (for tests).
    var count: Int { entries.count }
}
