// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import Foundation

/// Hostile input: how the time to read a JSON number as a NumericDate, to parse nesting at the depth limit,
/// megabyte strings, thousands of form or `WWW-Authenticate` parameters, large JWK Sets and an authorization
/// request with up to 100,000 extra scopes grows with the input. Each case runs at growing sizes (doubling, or
/// tenfold for the scopes) and prints the time ratio to the previous size, and the growth per doubling over
/// the range: about 2 is linear; about 4 is quadratic, the shape of the old `0.000…1` NumericDate bug (400,000
/// zeros took 13 s through `UserInfo.claims`). There is no peer: the number that matters is the growth.
enum HostileInputBenchmark {
    /// Above this growth per doubling (averaged over the sizes) a case is flagged: linear work gives
    /// about 2, quadratic about 4.
    static let superLinearRatio = 2.8

    static func run(settings: Settings) {
        let quick = settings.samples < Settings.full.samples
        let zeroRuns = quick ? [1 << 17, 1 << 18, 1 << 19, 1 << 20] : [1 << 16, 1 << 17, 1 << 18, 1 << 19, 1 << 20]
        let big = JSONValue.ParsingOptions(maximumInputSize: 4 << 20)
        let limit = JSONValue.ParsingOptions.maximumSupportedDepth
        let atLimit = JSONValue.ParsingOptions(maximumDepth: limit)

        var cases: [(name: String, unit: String, sizes: [Int], body: (Int) -> () -> Void)] = []
        cases.append(
            (
                "JSON text 0.000…01 → NumericDate", "zeros", zeroRuns,
                { count in
                    let text = Array(("0." + String(repeating: "0", count: count) + "1").utf8)
                    return {
                        let date = (try? JSONValue(parsing: text, options: big))?.numberValue.flatMap(NumericDate.init)
                        precondition(date == NumericDate(secondsSince1970: 0))
                        blackHole(date)
                    }
                }
            ))
        cases.append(
            (
                "JSONNumber → NumericDate only", "zeros", zeroRuns,
                { count in
                    let number = (try? JSONValue(parsing: "0." + String(repeating: "0", count: count) + "1", options: big))!.numberValue!
                    return { blackHole(NumericDate(number)) }
                }
            ))
        cases.append(
            (
                "claims date {\"exp\":0.000…01}", "zeros", zeroRuns,
                { count in
                    let text = Array(("{\"exp\":0." + String(repeating: "0", count: count) + "1}").utf8)
                    return {
                        let object = (try? JSONValue(parsing: text, options: big))!.objectValue!
                        blackHole(try? JWTClaims(object).date("exp"))
                    }
                }
            ))
        cases.append(
            (
                "1000…0 int64Value/decimalParts", "digits", zeroRuns,
                { count in
                    let number = (try? JSONValue(parsing: "1" + String(repeating: "0", count: count), options: big))!.numberValue!
                    return {
                        precondition(number.int64Value == nil && NumericDate(number) == nil)
                        blackHole(number.decimalParts)
                    }
                }
            ))
        cases.append(
            (
                "exponent 1e-999…9", "digits", zeroRuns,
                { count in
                    let number = (try? JSONValue(parsing: "1e-" + String(repeating: "9", count: count), options: big))!.numberValue!
                    return { blackHole(NumericDate(number)) }
                }
            ))
        cases.append(
            (
                "nested [[…]] up to the limit", "levels", [limit / 8, limit / 4, limit / 2, limit],
                { depth in
                    let text = Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
                    return { blackHole(try? JSONValue(parsing: text, options: atLimit)) }
                }
            ))

        let kibibytes = quick ? [1 << 17, 1 << 18, 1 << 19, 1 << 20] : [1 << 16, 1 << 17, 1 << 18, 1 << 19, 1 << 20]
        cases.append(
            (
                "JSON string \"aaa…\"", "bytes", kibibytes,
                { count in
                    let text = Array(("\"" + String(repeating: "a", count: count) + "\"").utf8)
                    return { blackHole(try? JSONValue(parsing: text, options: big)) }
                }
            ))
        cases.append(
            (
                "JSON string \"\\u00e9…\" escapes", "bytes", kibibytes,
                { count in
                    let text = Array(("\"" + String(repeating: "\\u00e9", count: count / 6) + "\"").utf8)
                    return { blackHole(try? JSONValue(parsing: text, options: big)) }
                }
            ))
        let parameterCounts = quick ? [1 << 12, 1 << 13, 1 << 14, 1 << 15] : [1 << 11, 1 << 12, 1 << 13, 1 << 14, 1 << 15]
        cases.append(
            (
                "form body a=b&a=b&… (FormParameter)", "pairs", parameterCounts,
                { count in
                    let body = Array(Array(repeating: "p=v%20w", count: count).joined(separator: "&").utf8)
                    return { blackHole(try? FormParameter.parse(body)) }
                }
            ))
        cases.append(
            (
                "WWW-Authenticate p0=\"v\", p1=…", "params", parameterCounts,
                { count in
                    let field = "Bearer " + (0..<count).map { "p\($0)=\"v\"" }.joined(separator: ", ")
                    return { blackHole(try? AuthenticationChallenge.parse(field)) }
                }
            ))
        cases.append(
            (
                "JWK Set of n EC keys", "keys", quick ? [1 << 8, 1 << 9, 1 << 10, 1 << 11] : [1 << 7, 1 << 8, 1 << 9, 1 << 10, 1 << 11],
                { count in
                    let key =
                        #"{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}"#
                    let set = Array(("{\"keys\":[" + Array(repeating: key, count: count).joined(separator: ",") + "]}").utf8)
                    return { blackHole(try? JWKSet(json: set)) }
                }
            ))

        // Issue 28 item 8: the extra scopes were deduplicated with `contains` in a loop (×3.9 per doubling).
        let configuration = try! ClientConfiguration(
            issuer: "https://server.example.com", clientID: "demo-app", redirectURI: "com.example.app:/oauth/callback",
            scopes: [.openID, .email, .profile])
        let metadata = ProviderMetadata(
            issuer: "https://server.example.com", authorizationEndpoint: "https://server.example.com/authorize",
            tokenEndpoint: "https://server.example.com/token", jwksURI: "https://server.example.com/jwks")
        cases.append(
            (
                "AuthorizationRequest n extra scopes", "scopes", [1_000, 10_000, 100_000],
                { count in
                    // Every scope twice, so half of them are duplicates the request drops.
                    let scopes = (0..<count).map { Scope(rawValue: "s\($0 % (count / 2))") }
                    let options = AuthorizationRequest.Options(extraScopes: scopes)
                    return {
                        var generator = SystemRandomNumberGenerator()
                        blackHole(
                            try? AuthorizationRequest(configuration: configuration, metadata: metadata, options: options, using: &generator)
                        )
                    }
                }
            ))

        print(
            "\nHostile input growth (AuthJSON, AuthJWT, AuthCallback, AuthClient): time per operation, and the ratio to the previous size")
        print(pad("case (size: digits or levels)", 34) + padLeft("size", 10) + padLeft("ms/op", 11) + padLeft("×prev", 8) + "  growth")
        for (name, unit, sizes, body) in cases {
            var previous: Double? = nil
            var times: [Double] = []
            for size in sizes {
                let nanoseconds = measure(settings: settings, body(size))
                times.append(nanoseconds)
                let ratio = previous.map { nanoseconds / $0 }
                print(
                    pad(name, 34) + padLeft(Self.label(size, unit: unit), 10)
                        + padLeft(format(nanoseconds / 1e6, decimals: 3), 11)
                        + padLeft(ratio.map { format($0, decimals: 2) } ?? "-", 8))
                previous = nanoseconds
            }
            // The growth over the whole range, per doubling: one step can jump when an allocation crosses
            // into another cache level or into mmap, but only super-linear work keeps the average above 2.
            // Sizes that grow tenfold are measured per doubling too: log2 of the size ratio doublings in all.
            let doublings = log2(Double(sizes[sizes.count - 1]) / Double(sizes[0]))
            let growth = pow(times[times.count - 1] / times[0], 1 / doublings)
            print(
                pad("", 34) + padLeft("×\(format(growth, decimals: 2))", 29) + "  per doubling over the range: "
                    + (growth <= superLinearRatio ? "linear" : "SUPER-LINEAR (quadratic is ×4)"))
        }
        // The deepest attack is refused at the limit, however large the configured depth.
        let attack = Array(String(repeating: "[", count: 55_000).utf8)
        let refusal = measure(settings: settings) {
            blackHole(try? JSONValue(parsing: attack, options: .init(maximumDepth: .max)))
        }
        print(
            pad("55,000 '[' with maximumDepth .max", 34) + padLeft("refused", 10) + padLeft(format(refusal / 1e6, decimals: 3), 11)
                + "          nestingTooDeep at \(limit)")
    }

    /// A size as the table shows it: levels, a count, or a binary multiple of bytes or digits.
    private static func label(_ size: Int, unit: String) -> String {
        switch unit {
        case "levels": "\(size) lv"
        case "pairs", "params", "keys", "scopes": "\(size)"
        default: size >= 1 << 20 ? "\(size >> 20) Mi" : "\(size >> 10) Ki"
        }
    }

    /// The fastest time of one call of `body`, in nanoseconds, over `settings.samples` samples of at least
    /// two calls each: the minimum, not the median, since noise only ever adds time and a ratio of two
    /// noisy medians could fake (or hide) super-linear growth.
    private static func measure(settings: Settings, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let once = clock.measure(body)  // also warms up
        let count = max(2, Int(settings.sampleDuration / max(once, .nanoseconds(1))))
        var fastest = Double.infinity
        for _ in 0..<settings.samples {
            fastest = min(fastest, nanoseconds(clock.measure { for _ in 0..<count { body() } }) / Double(count))
        }
        return fastest
    }
}
