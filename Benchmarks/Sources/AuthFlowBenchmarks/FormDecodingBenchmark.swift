// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import Foundation

/// Large form data, 1 KB to 5 MB (issue 28 item 9): a `form_post` body of nothing but `&` through
/// `FormParameter.parse`, and a query of `a=1&a=1&…` through `URI.queryParameters()`, the two inputs whose cost
/// grew when the one-pass decoder landed. The peer is the one the callback rows use, Foundation's
/// `URLComponents`: for the body, a careful user turns the bytes into a string, sets it as the percent-encoded
/// query of an empty `URLComponents` (turning any `+` into `%20` first, which form data needs and
/// `URLComponents` does not do) and reads `queryItems`; for the query, both sides parse the URI once, outside
/// the timing, and decode its parameters each time (`queryParameters()` against `queryItems`).
enum FormDecodingBenchmark {
    static let sizes: [(name: String, bytes: Int)] = [
        ("1 KB", 1_000), ("10 KB", 10_000), ("100 KB", 100_000), ("1 MB", 1_000_000), ("5 MB", 5_000_000),
    ]

    static func run(settings: Settings) -> [Comparison] {
        var rows: [Comparison] = []
        for (name, size) in sizes {
            let body = [UInt8](repeating: UInt8(ascii: "&"), count: size)
            precondition((try? FormParameter.parse(body))?.isEmpty == true)
            rows.append(
                compare(
                    "form_post body of & only, \(name)", bytes: size, peer: "URLComponents.percentEncodedQuery + queryItems",
                    settings: settings
                ) {
                    blackHole(try? FormParameter.parse(body))
                } theirs: {
                    blackHole(foundationFormDecode(body))
                })
        }
        for (name, size) in sizes {
            let text = "https://client.example.com/callback?" + String(repeating: "a=1&", count: size / 4)
            guard let uri = try? URI(parsing: text), let components = URLComponents(string: text) else {
                preconditionFailure("the query does not parse")
            }
            precondition((try? uri.queryParameters())?.count == size / 4 && components.queryItems?.isEmpty == false)
            rows.append(
                compare("query a=1&a=1&…, \(name)", bytes: size, peer: "URLComponents.queryItems (parsed once)", settings: settings) {
                    blackHole(try? uri.queryParameters())
                } theirs: {
                    blackHole(components.queryItems)
                })
        }
        return rows
    }

    /// A form body decoded with Foundation as a careful user would: `+` is a space in form data (and only
    /// there), so it becomes `%20` before `URLComponents` reads the text as a query.
    static func foundationFormDecode(_ body: [UInt8]) -> [URLQueryItem]? {
        let text: String
        if body.contains(UInt8(ascii: "+")) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(body.count)
            for byte in body {
                if byte == UInt8(ascii: "+") {
                    bytes += [UInt8(ascii: "%"), UInt8(ascii: "2"), UInt8(ascii: "0")]
                } else {
                    bytes.append(byte)
                }
            }
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            text = String(decoding: body, as: UTF8.self)
        }
        var components = URLComponents()
        components.percentEncodedQuery = text
        return components.queryItems
    }
}
