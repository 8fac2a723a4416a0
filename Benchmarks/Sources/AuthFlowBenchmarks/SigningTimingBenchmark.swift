// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import AuthJWT
import Crypto
import Foundation

/// ES256 signing: its speed against swift-crypto, and a dudect-style timing check (Reparaz, Balasch and
/// Verbauwhede, "Dude, is my code constant time?", DATE 2017): signing times of two classes of inputs,
/// interleaved in random order, compared with Welch's t-test, for two pairs of classes.
/// - keys: class "fixed" is one key with d = 1 (Hamming weight 1) signing one message, so the nonce is
///   fixed too; class "random" is 64 random keys signing random messages.
/// - nonce: one random key for both classes; "fixed" signs one message (so one nonce k), "random" signs
///   random messages. This isolates the nonce: k·G, k⁻¹ and the RFC 6979 derivation.
/// Each signature is timed by the thread's CPU clock (`CLOCK_THREAD_CPUTIME_ID`), so time spent
/// descheduled on a loaded machine does not count. With a fixed input every branch is perfectly
/// predicted, so any secret-dependent branch shows up as "fixed" being faster. |t| below 4.5 is reported
/// as no leak detected — evidence on this machine and build, not a proof (see Docs/Signing.md).
enum SigningTimingBenchmark {
    static func run(settings: Settings) {
        table(
            "signing", "ES256 signing (AuthJWT P256PrivateKey, pure Swift, constant-time source; peer: swift-crypto, BoringSSL)",
            [speed(settings: settings)])
        if settings.counting { return }
        let perClass = settings.samples >= 11 ? 3000 : 150
        let keys = welch(perClass: perClass, pair: .keys)
        let nonce = welch(perClass: perClass, pair: .nonce)
        print(
            """

            ES256 signing-time leakage (dudect-style): \(perClass) signatures per class and pair, interleaved at
            random, timed by the thread's CPU clock, the slowest 10% of each class cropped.
            keys:  fixed (d = 1, one message) \(format(keys.meanFixed)) µs; random (64 random keys, random messages) \(format(keys.meanRandom)) µs. Welch's t = \(format(keys.t)).
            nonce: one random key; fixed message \(format(nonce.meanFixed)) µs; random messages \(format(nonce.meanRandom)) µs. Welch's t = \(format(nonce.t)).
            \(max(abs(keys.t), abs(nonce.t)) < 4.5 ? "|t| < 4.5 in both: no timing difference detected" : "|t| >= 4.5: the classes are distinguishable (LEAK?)").
            """)
    }

    static func speed(settings: Settings) -> Comparison {
        var generator = SystemRandomNumberGenerator()
        let ours = P256PrivateKey.generate(using: &generator)
        let theirs = P256.Signing.PrivateKey()
        var message = Array("eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9".utf8)
        var counter: UInt8 = 0
        return compare("ES256 sign", bytes: message.count, peer: "swift-crypto P256.Signing", settings: settings) {
            counter &+= 1
            message[0] = counter
            blackHole(ours.signature(for: message))
        } theirs: {
            counter &+= 1
            message[0] = counter
            blackHole(try? theirs.signature(for: message))
        }
    }

    struct Result {
        var meanFixed: Double
        var meanRandom: Double
        var t: Double
    }

    /// Which pair of classes: `keys` varies the key and the message, `nonce` only the message.
    enum Pair {
        case keys
        case nonce
    }

    static func welch(perClass: Int, pair: Pair) -> Result {
        var generator = SystemRandomNumberGenerator()
        var one = [UInt8](repeating: 0, count: 32)
        one[31] = 1
        let randomKeys = (0..<64).map { _ in P256PrivateKey.generate(using: &generator) }
        guard let dIsOne = try? P256PrivateKey(rawRepresentation: one) else { return Result(meanFixed: 0, meanRandom: 0, t: .nan) }
        let fixedKey = pair == .keys ? dIsOne : randomKeys[0]
        let fixedDigest = AuthDigest.SHA256.hash(data: Array("fixed".utf8))
        var fixedTimes: [Double] = []
        var randomTimes: [Double] = []
        // Warm up both paths.
        for _ in 0..<20 {
            blackHole(fixedKey.signature(forDigest: fixedDigest))
            blackHole(randomKeys[1].signature(forDigest: fixedDigest))
        }
        while fixedTimes.count < perClass || randomTimes.count < perClass {
            let useFixed = Bool.random(using: &generator)
            if useFixed ? fixedTimes.count >= perClass : randomTimes.count >= perClass { continue }
            // Both classes pick a key and draw a message outside the timed region, so they do the same
            // work around it.
            let randomKey = pair == .keys ? randomKeys[Int.random(in: 0..<randomKeys.count, using: &generator)] : fixedKey
            let randomDigest = AuthDigest.SHA256.hash(data: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let key = useFixed ? fixedKey : randomKey
            let digest = useFixed ? fixedDigest : randomDigest
            let start = threadCPUTime()
            blackHole(key.signature(forDigest: digest))
            let micros = (threadCPUTime() - start) * 1e6
            if useFixed { fixedTimes.append(micros) } else { randomTimes.append(micros) }
        }
        let a = cropped(fixedTimes)
        let b = cropped(randomTimes)
        let (meanA, varianceA) = moments(a)
        let (meanB, varianceB) = moments(b)
        let t = (meanA - meanB) / (varianceA / Double(a.count) + varianceB / Double(b.count)).squareRoot()
        return Result(meanFixed: meanA, meanRandom: meanB, t: t)
    }

    /// The CPU time this thread has used, in seconds: unlike a wall clock, it stops while the thread
    /// waits for a core, which on a loaded machine is most of the noise.
    static func threadCPUTime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The fastest 90%: dudect crops the tail, where interrupts and scheduling dominate.
    static func cropped(_ values: [Double]) -> [Double] {
        Array(values.sorted().prefix(max(2, values.count * 9 / 10)))
    }

    static func moments(_ values: [Double]) -> (mean: Double, variance: Double) {
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
        return (mean, variance)
    }

    static func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
