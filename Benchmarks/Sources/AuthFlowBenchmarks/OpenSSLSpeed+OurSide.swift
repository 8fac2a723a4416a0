// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import Foundation

extension OpenSSLSpeed {
    /// Our side of the OpenSSL rows, counted the way `openssl speed` counts its own: CPU time, not wall time.
    ///
    /// `openssl speed` divides by user CPU time, so time its process spends waiting for a core is not
    /// counted; a wall-clock figure for our side would be charged for that wait and theirs not, and on the
    /// shared 2-core machine that alone moved the ratio by a third. Here AuthDigest's SHA-256 hashes the
    /// same 1 MiB input (one byte changed per digest) for `seconds` of this thread's CPU time
    /// (`CLOCK_THREAD_CPUTIME_ID`), and the figure is CPU time ÷ digests, like OpenSSL's.
    static func oursNanosecondsPerMiB(seconds: Int) -> Double {
        var data = input(1 << 20)
        var counter: UInt8 = 0
        let start = SigningTimingBenchmark.threadCPUTime()
        var elapsed = 0.0
        var digests = 0
        while elapsed < Double(seconds) {
            counter &+= 1
            data[0] = counter
            blackHole(AuthDigest.SHA256.hash(data: data))
            digests += 1
            elapsed = SigningTimingBenchmark.threadCPUTime() - start
        }
        return elapsed * 1e9 / Double(digests)
    }
}
