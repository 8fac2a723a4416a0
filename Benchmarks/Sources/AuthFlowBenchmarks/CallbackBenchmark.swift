// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import Foundation

/// Parsing a redirect: AuthCallback's own RFC 3986 parser and form decoding against Foundation's
/// `URLComponents(string:)` + `queryItems`, the path AppAuth and most apps take. In the parsing rows both
/// percent-decode every parameter into a `String` up front (neither side is lazy). The "checked response" row
/// adds what a client must do next: duplicate, state and iss checks, then the code. Ours checks the decoded
/// bytes in place (`state` in constant time) and makes one string, the code; Foundation's query items are
/// strings already, so the peer compares those.
enum CallbackBenchmark {
    static let customScheme =
        "com.example.app:/oauth2redirect?code=SplxlOBeZQQYbYS6WxSbIA-4f3c2a1b0e9d8c7b6a5f4e3d2c1b0a9&state=af0ifjsldkj-Rk9vQmFyQmF6&iss=https%3A%2F%2Fserver.example.com"
    static let loopback =
        "http://127.0.0.1:49152/callback?state=af0ifjsldkj-Rk9vQmFyQmF6&code=4%2F0AeanS0b-very-long-google-style-code_with~chars&scope=openid%20email%20profile&authuser=0&prompt=consent"

    static func run(settings: Settings) -> [Comparison] {
        var rows: [Comparison] = []
        for (name, text) in [("custom scheme, 3 params", customScheme), ("loopback, 5 params", loopback)] {
            rows.append(
                compare("callback \(name)", bytes: text.utf8.count, peer: "URLComponents.queryItems", settings: settings) {
                    blackHole(try? URI(parsing: text).queryParameters())
                } theirs: {
                    blackHole(URLComponents(string: text)?.queryItems)
                }
            )
        }
        rows.append(
            compare("URI split only, 3 params", bytes: customScheme.utf8.count, peer: "URLComponents(string:)", settings: settings) {
                blackHole(try? URI(parsing: customScheme))
            } theirs: {
                blackHole(URLComponents(string: customScheme))
            }
        )
        let expected = AuthorizationResponse.Expectations(state: "af0ifjsldkj-Rk9vQmFyQmF6", issuer: "https://server.example.com")
        rows.append(
            compare("checked response", bytes: customScheme.utf8.count, peer: "URLComponents + same checks", settings: settings) {
                blackHole(try? AuthorizationResponse(callback: URI(parsing: customScheme), expecting: expected).code)
            } theirs: {
                guard let items = URLComponents(string: customScheme)?.queryItems else { return }
                guard Set(items.map(\.name)).count == items.count else { return }
                guard items.first(where: { $0.name == "state" })?.value == expected.state,
                    items.first(where: { $0.name == "iss" })?.value.map({ $0 == expected.issuer }) ?? true
                else { return }
                blackHole(items.first { $0.name == "code" }?.value)
            }
        )
        return rows
    }
}
