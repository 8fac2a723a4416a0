import AuthDigest
import AuthJWT
import Crypto
import Foundation

/// ES256 signing: its speed against swift-crypto, and a dudect-style timing check (Reparaz, Balasch and
/// Verbauwhede, "Dude, is my code constant time?", DATE 2017): signing times of two classes of inputs,
/// interleaved in random order, compared with Welch's t-test. Class "fixed": one key with d = 1 (Hamming
/// weight 1) signing one message, so the nonce is fixed too. Class "random": fresh keys and messages, so
/// random scalars. |t| below 4.5 is reported as no leak detected — evidence on this machine and build,
/// not a proof (see Docs/Signing.md).
enum SigningTimingBenchmark {
    static func run(settings: Settings) {
        table(
            "signing", "ES256 signing (AuthJWT P256PrivateKey, pure Swift, constant-time source; peer: swift-crypto, BoringSSL)",
            [speed(settings: settings)])
        let perClass = settings.samples >= 11 ? 3000 : 150
        let result = welch(perClass: perClass)
        print(
            """

            ES256 signing-time leakage (dudect-style): \(perClass) signatures per class, interleaved at random,
            the slowest 10% of each class cropped. fixed (d = 1, one message): mean \(format(result.meanFixed)) µs;
            random (random d and messages): mean \(format(result.meanRandom)) µs. Welch's t = \(format(result.t)).
            |t| \(abs(result.t) < 4.5 ? "< 4.5: no timing difference detected" : ">= 4.5: the classes are distinguishable (LEAK?)").
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

    static func welch(perClass: Int) -> Result {
        var generator = SystemRandomNumberGenerator()
        var one = [UInt8](repeating: 0, count: 32)
        one[31] = 1
        guard let fixedKey = try? P256PrivateKey(rawRepresentation: one) else { return Result(meanFixed: 0, meanRandom: 0, t: .nan) }
        let fixedDigest = AuthDigest.SHA256.hash(data: Array("fixed".utf8))
        let randomKeys = (0..<64).map { _ in P256PrivateKey.generate(using: &generator) }
        var fixedTimes: [Double] = []
        var randomTimes: [Double] = []
        let clock = ContinuousClock()
        // Warm up both paths.
        for _ in 0..<20 {
            blackHole(fixedKey.signature(forDigest: fixedDigest))
            blackHole(randomKeys[0].signature(forDigest: fixedDigest))
        }
        while fixedTimes.count < perClass || randomTimes.count < perClass {
            let useFixed = Bool.random(using: &generator)
            if useFixed ? fixedTimes.count >= perClass : randomTimes.count >= perClass { continue }
            let key = useFixed ? fixedKey : randomKeys[Int.random(in: 0..<randomKeys.count, using: &generator)]
            let digest =
                useFixed ? fixedDigest : AuthDigest.SHA256.hash(data: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let start = clock.now
            blackHole(key.signature(forDigest: digest))
            let elapsed = clock.now - start
            let micros = Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6
            if useFixed { fixedTimes.append(micros) } else { randomTimes.append(micros) }
        }
        let a = cropped(fixedTimes)
        let b = cropped(randomTimes)
        let (meanA, varianceA) = moments(a)
        let (meanB, varianceB) = moments(b)
        let t = (meanA - meanB) / (varianceA / Double(a.count) + varianceB / Double(b.count)).squareRoot()
        return Result(meanFixed: meanA, meanRandom: meanB, t: t)
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
