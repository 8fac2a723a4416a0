// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C during `authflow login` is a cancellation, not a crash: the command says so and exits with the
/// denied/cancelled status (3). Nothing is half-written: the tokens are saved only at the end, each file
/// by an atomic rename.
enum Interruption {
    /// The signal sources, kept alive for the life of the process.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// From now on, SIGINT and SIGTERM end the process with `message` on standard error and status 3.
    static func exitOnInterrupt(message: String) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let text = Array("\nauthflow: \(message)\n".utf8)
                _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
                _exit(ExitStatus.denied.code)
            }
            source.resume()
            sources.append(source)
        }
    }
}
