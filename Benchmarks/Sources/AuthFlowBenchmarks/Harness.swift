// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A small side-by-side harness: each case runs ours and the peer in alternating batches in the same
/// process, so machine noise hits both alike, and reports the median of the samples.

/// Keeps a value alive so the optimizer cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

struct Settings {
    /// Samples per side; the median is reported.
    var samples: Int
    /// Target wall time of one sample.
    var sampleDuration: Duration
    /// `--instructions`: count each row's instructions over a fixed number of calls instead of timing it.
    var counting = false
    /// `--inject-slowdown ROW`: in counting mode, the rows whose name contains ROW (`all`: every row) do their
    /// work twice per call, the 2× regression the gate must catch.
    var slowdown: String?

    static let full = Settings(samples: 11, sampleDuration: .milliseconds(60))
    static let quick = Settings(samples: 3, sampleDuration: .milliseconds(5))
}

struct Measurement {
    var nanosecondsPerOperation: Double
    var bytesPerOperation: Int

    /// Throughput in MB/s (10^6 bytes per second).
    var megabytesPerSecond: Double {
        Double(bytesPerOperation) / nanosecondsPerOperation * 1_000
    }
}

struct Comparison {
    var name: String
    var ours: Measurement
    var theirs: Measurement
    var peer: String
    /// The peer ran outside this process (`openssl speed`), not interleaved with ours: the gate checks such a
    /// row only when the thresholds file names it.
    var isExternalPeer = false

    /// time(ours) / time(theirs): below 1 means ours is faster.
    var ratio: Double { ours.nanosecondsPerOperation / theirs.nanosecondsPerOperation }
}

/// Runs `ours` and `theirs` (each doing one operation on `bytes` bytes per call) side by side.
func compare(
    _ name: String,
    bytes: Int,
    peer: String,
    settings: Settings,
    ours: () -> Void,
    theirs: () -> Void
) -> Comparison {
    if settings.counting {
        let iterations = Counting.iterations(bytes: bytes)
        let ours = Counting.count(
            "ours:\(name)", iterations: iterations, doubled: Counting.isSlowedDown(name, settings: settings), ours)
        let peerCount = Counting.count("peer:\(name)", iterations: iterations, theirs)
        return Comparison(
            name: name, ours: Measurement(nanosecondsPerOperation: ours, bytesPerOperation: bytes),
            theirs: Measurement(nanosecondsPerOperation: peerCount, bytesPerOperation: bytes), peer: peer)
    }
    let clock = ContinuousClock()
    func iterations(for body: () -> Void) -> Int {
        var count = 1
        while true {
            let elapsed = clock.measure { for _ in 0..<count { body() } }
            if elapsed >= settings.sampleDuration / 4 || count >= 1 << 28 {
                let perCall = elapsed / count
                return max(1, Int(settings.sampleDuration / max(perCall, .nanoseconds(1))))
            }
            count *= 4
        }
    }
    let oursCount = iterations(for: ours)
    let theirsCount = iterations(for: theirs)
    var oursSamples: [Double] = []
    var theirsSamples: [Double] = []
    for _ in 0..<settings.samples {
        oursSamples.append(nanoseconds(clock.measure { for _ in 0..<oursCount { ours() } }) / Double(oursCount))
        theirsSamples.append(nanoseconds(clock.measure { for _ in 0..<theirsCount { theirs() } }) / Double(theirsCount))
    }
    return Comparison(
        name: name,
        ours: Measurement(nanosecondsPerOperation: median(oursSamples), bytesPerOperation: bytes),
        theirs: Measurement(nanosecondsPerOperation: median(theirsSamples), bytesPerOperation: bytes),
        peer: peer
    )
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func format(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: ".") {
        let fraction = text[text.index(after: dot)...]
        if fraction.count < decimals { text += String(repeating: "0", count: decimals - fraction.count) }
    }
    return text
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func padLeft(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

func printTable(_ title: String, _ rows: [Comparison]) {
    print("\n\(title)")
    print(
        pad("case", 36) + padLeft("ours ns/op", 12) + padLeft("ours MB/s", 11) + padLeft("peer ns/op", 12)
            + padLeft("peer MB/s", 11) + padLeft("ours/peer", 11) + "  peer"
    )
    for row in rows {
        print(
            pad(row.name, 36) + padLeft(format(row.ours.nanosecondsPerOperation, decimals: 1), 12)
                + padLeft(format(row.ours.megabytesPerSecond, decimals: 1), 11)
                + padLeft(format(row.theirs.nanosecondsPerOperation, decimals: 1), 12)
                + padLeft(format(row.theirs.megabytesPerSecond, decimals: 1), 11)
                + padLeft(format(row.ratio, decimals: 2), 11) + "  " + row.peer
        )
    }
}

/// `compare` for a peer whose API is `async` (vapor/jwt-kit's `JWTKeyCollection` is an actor). Both sides
/// run inside the same async loop, so the loop's own cost falls on both alike; the peer pays for its
/// `await`s, as every caller of its API does.
func compareAsync(
    _ name: String,
    bytes: Int,
    peer: String,
    settings: Settings,
    ours: () -> Void,
    theirs: () async -> Void
) async -> Comparison {
    if settings.counting {
        let iterations = Counting.iterations(bytes: bytes)
        let ours = Counting.count(
            "ours:\(name)", iterations: iterations, doubled: Counting.isSlowedDown(name, settings: settings), ours)
        let peerCount = await Counting.count("peer:\(name)", iterations: iterations, theirs)
        return Comparison(
            name: name, ours: Measurement(nanosecondsPerOperation: ours, bytesPerOperation: bytes),
            theirs: Measurement(nanosecondsPerOperation: peerCount, bytesPerOperation: bytes), peer: peer)
    }
    let clock = ContinuousClock()
    func timeOurs(_ count: Int) async -> Duration {
        let start = clock.now
        for _ in 0..<count { ours() }
        return clock.now - start
    }
    func timeTheirs(_ count: Int) async -> Duration {
        let start = clock.now
        for _ in 0..<count { await theirs() }
        return clock.now - start
    }
    func iterations(_ time: (Int) async -> Duration) async -> Int {
        var count = 1
        while true {
            let elapsed = await time(count)
            if elapsed >= settings.sampleDuration / 4 || count >= 1 << 28 {
                return max(1, Int(settings.sampleDuration / max(elapsed / count, .nanoseconds(1))))
            }
            count *= 4
        }
    }
    let oursCount = await iterations(timeOurs)
    let theirsCount = await iterations(timeTheirs)
    var oursSamples: [Double] = []
    var theirsSamples: [Double] = []
    for _ in 0..<settings.samples {
        oursSamples.append(nanoseconds(await timeOurs(oursCount)) / Double(oursCount))
        theirsSamples.append(nanoseconds(await timeTheirs(theirsCount)) / Double(theirsCount))
    }
    return Comparison(
        name: name,
        ours: Measurement(nanosecondsPerOperation: median(oursSamples), bytesPerOperation: bytes),
        theirs: Measurement(nanosecondsPerOperation: median(theirsSamples), bytesPerOperation: bytes),
        peer: peer
    )
}

/// `compareAsync` for an AuthFlow side that is `async` too (the DPoP verifier's replay cache, the resource
/// server's cached key set). Both sides are timed in the same loop shape, so neither pays for the other's.
func compareBothAsync(
    _ name: String,
    bytes: Int,
    peer: String,
    settings: Settings,
    ours: () async -> Void,
    theirs: () async -> Void
) async -> Comparison {
    if settings.counting {
        let iterations = Counting.iterations(bytes: bytes)
        let ours = await Counting.countOnOneThread(
            "ours:\(name)", iterations: iterations, doubled: Counting.isSlowedDown(name, settings: settings), ours)
        // A peer that stays on its thread (no actor of its own) is counted too; one that hops counts 0, as in
        // `compareAsync`.
        let peerCount = await Counting.countOnOneThread("peer:\(name)", iterations: iterations, doubled: false, theirs)
        return Comparison(
            name: name, ours: Measurement(nanosecondsPerOperation: ours, bytesPerOperation: bytes),
            theirs: Measurement(nanosecondsPerOperation: peerCount, bytesPerOperation: bytes), peer: peer)
    }
    let clock = ContinuousClock()
    func time(_ body: () async -> Void, _ count: Int) async -> Duration {
        let start = clock.now
        for _ in 0..<count { await body() }
        return clock.now - start
    }
    func iterations(_ body: () async -> Void) async -> Int {
        var count = 1
        while true {
            let elapsed = await time(body, count)
            if elapsed >= settings.sampleDuration / 4 || count >= 1 << 28 {
                return max(1, Int(settings.sampleDuration / max(elapsed / count, .nanoseconds(1))))
            }
            count *= 4
        }
    }
    let oursCount = await iterations(ours)
    let theirsCount = await iterations(theirs)
    var oursSamples: [Double] = []
    var theirsSamples: [Double] = []
    for _ in 0..<settings.samples {
        oursSamples.append(nanoseconds(await time(ours, oursCount)) / Double(oursCount))
        theirsSamples.append(nanoseconds(await time(theirs, theirsCount)) / Double(theirsCount))
    }
    return Comparison(
        name: name,
        ours: Measurement(nanosecondsPerOperation: median(oursSamples), bytesPerOperation: bytes),
        theirs: Measurement(nanosecondsPerOperation: median(theirsSamples), bytesPerOperation: bytes),
        peer: peer
    )
}
