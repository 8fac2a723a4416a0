// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// Test support shared by the suites that must not hang on a call that blocks (a FIFO store, a silent server).
import Foundation

/// `operation`'s result, or nil when it has not finished within `seconds` (it is then left running), so
/// that a call that blocks fails the test instead of hanging it. The clock runs on a thread of its own, so
/// a cooperative pool that is busy or blocked cannot stop it.
public func finishes<Value: Sendable>(within seconds: Double, _ operation: @escaping @Sendable () async -> Value) async -> Value? {
    await withCheckedContinuation { continuation in
        let once = Once(continuation)
        Thread.detachNewThread {
            let semaphore = DispatchSemaphore(value: 0)
            Task {
                once.resume(await operation())
                semaphore.signal()
            }
            if semaphore.wait(timeout: .now() + seconds) == .timedOut { once.resume(nil) }
        }
    }
}

/// `operation`'s result, or nil when it has not finished within `seconds`, for CPU-bound work that might
/// loop: it runs on a thread of its own, not in the cooperative pool, so a loop that never ends fails the
/// test (and is left spinning) without taking a pool thread the rest of the run needs.
public func finishesOnItsOwnThread<Value: Sendable>(within seconds: Double, _ operation: @escaping @Sendable () -> Value) async -> Value? {
    await withCheckedContinuation { continuation in
        let once = Once(continuation)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            once.resume(operation())
            finished.signal()
        }
        Thread.detachNewThread {
            if finished.wait(timeout: .now() + seconds) == .timedOut { once.resume(nil) }
        }
    }
}

/// A continuation resumed by whichever caller comes first; later calls are ignored.
private final class Once<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value?, Never>?

    init(_ continuation: CheckedContinuation<Value?, Never>) {
        self.continuation = continuation
    }

    func resume(_ value: Value?) {
        let continuation: CheckedContinuation<Value?, Never>? = lock.withLock {
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(returning: value)
    }
}
