// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation
import InstructionCounter

/// `--instructions FILE`: each row's work run a fixed number of times and its instructions counted, instead of
/// timed. Instruction counts do not move with the machine's load (a loaded core retires the same instructions,
/// later), so the gate (.ci/benchmark-gate) compares them with committed baselines at 10%: a 2× regression is
/// +100%. Counted by the kernel's hardware counter (perf_event_open, user mode) where it is available, or by
/// callgrind when the benchmark runs under valgrind (`--tool=callgrind --instr-atstart=no`: only the counted
/// stretches are instrumented, each dumped to its own file, named `ours:ROW` or `peer:ROW`).
enum Counting {
    /// How many times a row's work runs while counted: small inputs 16 times, inputs of 100 kB and more once
    /// (callgrind runs ~50× slower than the hardware, and CI pays for it).
    static func iterations(bytes: Int) -> Int {
        bytes >= 100_000 ? 1 : 16
    }

    /// The counter's kind: 0 none, 1 perf_event_open, 2 callgrind.
    nonisolated(unsafe) static var mode: Int32 = 0

    static func open() -> Int32 {
        mode = authflow_counter_open()
        return mode
    }

    static var toolName: String {
        switch mode {
        case 1: "perf"
        case 2: "callgrind"
        default: "none"
        }
    }

    /// Instructions per call of `body`: two calls to warm up (caches, a key's lazily built table), then
    /// `iterations` counted. `doubled` runs the body twice per iteration: the gate's self-test, a 2× slowdown.
    static func count(_ label: String, iterations: Int, doubled: Bool = false, _ body: () -> Void) -> Double {
        body()
        body()
        authflow_counter_start()
        for _ in 0..<iterations {
            body()
            if doubled { body() }
        }
        let total = label.withCString { authflow_counter_stop($0) }
        return Double(total) / Double(iterations)
    }

    static func count(_ label: String, iterations: Int, _ body: () async -> Void) async -> Double {
        await body()
        await body()
        // An async peer may hop threads at each await, and the hardware counter counts one thread: such a
        // peer is counted by callgrind only (which counts every thread); with perf its count is left out.
        guard mode == 2 else { return 0 }
        authflow_counter_start()
        for _ in 0..<iterations { await body() }
        let total = label.withCString { authflow_counter_stop($0) }
        return Double(total) / Double(iterations)
    }

    /// An AuthFlow side that is `async` but does not suspend (an `await` on a value type, an idle actor): the
    /// hardware counter counts the thread it was started on, so each call is checked to end on that thread;
    /// if one ever does not, the count is 0 and the gate fails the row ("no count") rather than report part
    /// of the work. callgrind counts every thread and needs no check.
    static func countOnOneThread(_ label: String, iterations: Int, doubled: Bool, _ body: () async -> Void) async -> Double {
        await body()
        await body()
        let thread = pthread_self()
        var stayed = true
        authflow_counter_start()
        for _ in 0..<iterations {
            await body()
            if doubled { await body() }
            stayed = stayed && pthread_equal(thread, pthread_self()) != 0
        }
        let total = label.withCString { authflow_counter_stop($0) }
        guard stayed || mode == 2 else { return 0 }
        return Double(total) / Double(iterations)
    }

    static func isSlowedDown(_ name: String, settings: Settings) -> Bool {
        guard let pattern = settings.slowdown else { return false }
        return pattern == "all" || name.contains(pattern)
    }
}

/// Writes the counts: `{"tool": "perf"|"callgrind", "rows": [{name, section, iterations, authflow, peer}]}`
/// (instructions per operation; with callgrind the counts are 0 here and read from its dumps by the gate).
func writeCounts(to path: String) throws {
    let rows: [[String: Any]] = recordedRows.map { section, row in
        [
            "name": row.name, "section": section, "iterations": Counting.iterations(bytes: row.ours.bytesPerOperation),
            "authflow": row.ours.nanosecondsPerOperation.rounded(), "peer": row.theirs.nanosecondsPerOperation.rounded(),
            "peer_name": row.peer,
        ]
    }
    let document: [String: Any] = ["tool": Counting.toolName, "rows": rows]
    let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    try data.write(to: URL(fileURLWithPath: path))
}
