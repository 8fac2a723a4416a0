// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// A dudect-style timing check of ES256 signing (see `Welch`): for each pair of input classes, many
// signatures in random class order, each timed by the thread's CPU clock, then Welch's t. Exit status 0
// when every |t| is below 4.5 (no difference found), 1 when one is not, 2 on a usage error.
//
//     AuthFlowTimingCheck [--signer real|vartime|early-exit] [--samples N] [--seconds S]
//
// `--samples` is per class and pair (default 20000); `--seconds` bounds the measuring (default 50): the
// run stops early, with fewer samples, when it is reached. `.ci/constant-time-check` runs it.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

var signer = TimingSigner.real
var samples = 20_000
var seconds = 50.0
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch (argument, arguments.popFirst()) {
    case ("--signer", let value?) where TimingSigner(rawValue: value) != nil: signer = TimingSigner(rawValue: value) ?? .real
    case ("--samples", let value?) where (Int(value) ?? 0) >= 100: samples = Int(value) ?? samples
    case ("--seconds", let value?) where (Double(value) ?? 0) > 0: seconds = Double(value) ?? seconds
    default:
        print("usage: AuthFlowTimingCheck [--signer real|vartime|early-exit] [--samples N ≥ 100] [--seconds S]")
        exit(2)
    }
}

func format(_ value: Double, _ digits: Int = 2) -> String {
    let scale = Double((0..<digits).reduce(1) { result, _ in result * 10 })
    let rounded = (abs(value) * scale).rounded() / scale
    let whole = Int(rounded)
    var fraction = String(Int(((rounded - Double(whole)) * scale).rounded()))
    while fraction.count < digits { fraction = "0" + fraction }
    return (value < 0 ? "-" : "") + String(whole) + (digits > 0 ? "." + fraction : "")
}

// The class of each measurement, shuffled: both classes meet the same machine load.
var generator = SystemRandomNumberGenerator()
var order = [Bool](repeating: true, count: samples) + [Bool](repeating: false, count: samples)
order.shuffle(using: &generator)
let pairs = signer.pairs(order: order)
var kept: UInt8 = 0
var worst = 0.0
let started = ThreadClock.wallSeconds()
let budget = seconds / Double(pairs.count)
for pair in pairs {
    for step in 0..<200 { kept ^= pair.run(step) }  // warm-up
    var fixed: [Double] = []
    var random: [Double] = []
    fixed.reserveCapacity(samples)
    random.reserveCapacity(samples)
    let pairStarted = ThreadClock.wallSeconds()
    for (step, isFixed) in order.enumerated() {
        let start = ThreadClock.nanoseconds()
        kept ^= pair.run(step)
        let elapsed = ThreadClock.nanoseconds() - start
        if isFixed { fixed.append(elapsed) } else { random.append(elapsed) }
        if step & 1023 == 1023, ThreadClock.wallSeconds() - pairStarted > budget { break }
    }
    let welch = Welch(fixed: fixed, random: random)
    let top = welch.worst
    worst = max(worst, abs(top.t))
    print("\(signer.rawValue) \(pair.name): \(pair.summary)")
    print(
        "  \(fixed.count) + \(random.count) signatures; means \(format(top.meanFixed / 1000)) µs fixed, \(format(top.meanRandom / 1000)) µs random"
            + " (crop \(format(top.percentile * 100, 0))%); t by crop: "
            + welch.crops.map { "\(format($0.percentile * 100, 0))%: \(format($0.t))" }.joined(separator: ", "))
    print("  max |t| = \(format(abs(top.t))); detectable difference ≥ \(format(welch.crops.map(\.detectable).min() ?? 0, 0)) ns")
}
print(
    "\(signer.rawValue): max |t| = \(format(worst)) in \(format(ThreadClock.wallSeconds() - started, 1)) s: "
        + (worst < 4.5 ? "below 4.5, no timing difference found" : "4.5 or more, the classes are told apart by time")
        + " [\(kept & 1)]")
exit(worst < 4.5 ? 0 : 1)
