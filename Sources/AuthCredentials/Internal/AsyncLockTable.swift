// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Locks by name for an actor: who holds each, and who waits, in order. The actor that owns the table makes
/// every call, so no further synchronization is needed; a waiter is resumed holding the lock (it is handed
/// over, never released in between, so no newcomer can overtake a waiter).
struct AsyncLockTable {
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Takes the lock of `key` when it is free; false when it is held.
    mutating func tryAcquire(_ key: String) -> Bool {
        guard waiting[key] == nil else { return false }
        waiting[key] = []
        return true
    }

    /// Queues `continuation` for the held lock of `key`.
    mutating func wait(_ key: String, _ continuation: CheckedContinuation<Void, Never>) {
        waiting[key, default: []].append(continuation)
    }

    /// Hands the lock of `key` to the first waiter, or frees it.
    mutating func release(_ key: String) {
        guard var queue = waiting[key], !queue.isEmpty else {
            waiting[key] = nil
            return
        }
        let next = queue.removeFirst()
        waiting[key] = queue
        next.resume()
    }
}
