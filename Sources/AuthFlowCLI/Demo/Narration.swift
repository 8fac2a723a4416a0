// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT

/// The demo's text: numbered steps, values, checks and the HTTP exchanges, with long tokens shortened.
struct Narration {
    private(set) var text = ""

    mutating func line(_ line: String) { text += line + "\n" }

    mutating func step(_ number: Int, _ title: String, _ spec: String, _ code: String) {
        line("\n\(number). \(title)  [\(spec)]")
        line("   code: \(code)")
    }

    mutating func value(_ name: String, _ value: String, _ note: String) {
        line("    \(name) = \(value)" + (note.isEmpty ? "" : "    — \(note)"))
    }

    mutating func check(_ text: String) { line("    ✓ \(text)") }

    /// Runs a demo's `steps` and ends the narration: done, with the `--fail` choices of `flag`; or the
    /// failure caught (``DemoFlow/CaughtFailure``) and where; or an unexpected error. True when the flow
    /// went as asked: done without a chosen failure, or caught with one (`expectingFailure`).
    mutating func conclude(
        flag: String, failures: [String], expectingFailure: Bool, _ steps: (inout Narration) async throws -> Void
    ) async -> Bool {
        do {
            try await steps(&self)
            line("\nDone. Try `authflow demo \(flag) --fail` with one of: \(failures.joined(separator: ", ")).")
            return !expectingFailure
        } catch let error as DemoFlow.CaughtFailure {
            line("\n✗ Caught at step \(error.step): \(error.message)")
            line("  That is the error your code gets. Nothing was stored.")
            return expectingFailure
        } catch {
            line("\n✗ Unexpected error: \(error)")
            return false
        }
    }

    /// A whole demo: its introduction, the failure chosen with `--fail` (`showing`: its name and explanation),
    /// then `steps`, ended by ``conclude(flag:failures:expectingFailure:_:)``. The text, and whether the flow
    /// went as asked.
    static func demo(
        _ introduction: [String], flag: String, failures: [String], showing failure: (name: String, explanation: String)?,
        _ steps: (inout Narration) async throws -> Void
    ) async -> (text: String, asExpected: Bool) {
        var out = Narration()
        for line in introduction { out.line(line) }
        if let failure { out.line("Showing: \(failure.name) — \(failure.explanation).") }
        let asExpected = await out.conclude(flag: flag, failures: failures, expectingFailure: failure != nil, steps)
        return (out.text, asExpected)
    }

    /// A JWT's header and claims, decoded without any check (the checks are the step's own), one line each.
    mutating func decoded(_ name: String, _ compact: String) {
        guard let jws = try? JWS(compact: compact) else { return }
        value("\(name) header", String(decoding: JSONValue.object(jws.header.parameters).serialized(), as: UTF8.self), "")
        value("\(name) claims", String(decoding: jws.payload, as: UTF8.self), "")
    }

    mutating func exchanges(_ exchanges: [(TransportRequest, TransportResponse?)]) {
        for (request, response) in exchanges {
            line("    → \(request.method.rawValue) \(Self.shortened(request.url, limit: 100))")
            if let authorization = request.header("Authorization") {
                line("        Authorization: \(Self.shortened(authorization, limit: 40))")
            }
            if request.header("Content-Type") == "application/json" {
                line("        \(Self.shortenedJSONStrings(String(decoding: request.body, as: UTF8.self)))")
            } else if !request.body.isEmpty, let form = try? FormParameter.parse(request.body) {
                for parameter in form { line("        \(parameter.name)=\(Self.shortened(parameter.value, limit: 60))") }
            }
            guard let response else {
                line("    ← no response")
                continue
            }
            let body = String(decoding: response.body, as: UTF8.self)
            line("    ← \(response.status)" + (body.isEmpty ? "" : " " + Self.shortenedJSONStrings(body)))
            if let challenge = response.header("WWW-Authenticate") { line("        WWW-Authenticate: \(challenge)") }
        }
    }

    /// A polling grant's exchanges (the device grant, CIBA), each after the wait that came before it; a last
    /// wait without an exchange is the one that reached the deadline.
    mutating func polls(_ exchanges: [(TransportRequest, TransportResponse?)], sleeps: [Duration]) {
        for (index, exchange) in exchanges.enumerated() {
            if index < sleeps.count { line("    … waits \(sleeps[index].components.seconds) s") }
            self.exchanges([exchange])
        }
        if sleeps.count > exchanges.count, let last = sleeps.last {
            line("    … waits \(last.components.seconds) s: the request has expired, so the client stops without another request")
        }
    }

    /// `text`, or its start, an ellipsis and its length when longer than `limit`.
    static func shortened(_ text: String, limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 12)) + "…(\(text.count) chars)"
    }

    /// A JSON body with every long string value shortened, so a response fits on a line or two.
    static func shortenedJSONStrings(_ body: String) -> String {
        var result = ""
        var current = ""
        var inString = false
        var escaped = false
        for character in body.unicodeScalars {  // scalars: a quote followed by a combining mark still ends a string
            if inString {
                if escaped {
                    escaped = false
                    current.unicodeScalars.append(character)
                    continue
                }
                if character == "\\" {
                    escaped = true
                    current.unicodeScalars.append(character)
                    continue
                }
                if character == "\"" {
                    result += shortened(current, limit: 48) + "\""
                    current = ""
                    inString = false
                    continue
                }
                current.unicodeScalars.append(character)
            } else {
                result.unicodeScalars.append(character)
                if character == "\"" { inString = true }
            }
        }
        return result + current
    }
}
