// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthSession

/// Delivers each logout event to every stream that is listening.
final class LogoutBroadcast: Sendable {
    private let listeners = Locked<(next: Int, continuations: [Int: AsyncStream<LogoutEvent>.Continuation])>((0, [:]))

    func stream() -> AsyncStream<LogoutEvent> {
        let (stream, continuation) = AsyncStream<LogoutEvent>.makeStream()
        let id = listeners.withLock { state in
            defer { state.next += 1 }
            state.continuations[state.next] = continuation
            return state.next
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    func send(_ event: LogoutEvent) {
        let continuations = listeners.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(event) }
    }

    deinit {
        for continuation in listeners.withLock({ Array($0.continuations.values) }) { continuation.finish() }
    }
}
