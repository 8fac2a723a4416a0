// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A binary min-heap of (expiry, key): the entry that expires first is on top, so a full cache finds what
/// it may forget in O(log n).
struct ExpiryHeap {
    private(set) var entries: [(expiresAt: Int64, key: String)] = []

    var count: Int { entries.count }
    var first: (expiresAt: Int64, key: String)? { entries.first }

    mutating func insert(_ expiresAt: Int64, _ key: String) {
        entries.append((expiresAt, key))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].expiresAt < entries[parent].expiresAt else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func removeFirst() -> (expiresAt: Int64, key: String)? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let top = entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].expiresAt < entries[smallest].expiresAt { smallest = left }
            if right < entries.count, entries[right].expiresAt < entries[smallest].expiresAt { smallest = right }
            guard smallest != parent else { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }
}
