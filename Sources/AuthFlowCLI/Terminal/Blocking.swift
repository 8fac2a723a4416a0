// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthSession
import Dispatch

/// Runs async work from a synchronous command and waits for its result: the CLI's commands are
/// synchronous (they write to an `inout` terminal), the client and session are async.
func runBlocking<Result: Sendable>(_ operation: @escaping @Sendable () async -> Result) -> Result {
    let box = Locked<Result?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await operation()
        box.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    // The task stored a value before signalling.
    return box.withLock { $0 }!
}
