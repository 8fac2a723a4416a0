// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation
import TestVectors
import Testing

@testable import AuthFlowCLI

@Suite("authflow logout-token verify and authflow webfinger")
struct LogoutTokenCommandTests {
    /// The joserfc vectors of `Python/logout-tokens.json`: a token by name, the JWK Set, the time.
    static func vector(_ name: String) throws -> (token: String, jwks: [UInt8], now: String) {
        let root = try #require(try JSONSerialization.jsonObject(with: Vectors.data("Python/logout-tokens.json")) as? [String: Any])
        let cases = try #require(root["cases"] as? [[String: Any]])
        let token = try #require(cases.first { $0["name"] as? String == name }?["token"] as? String)
        let jwks = Array(try JSONSerialization.data(withJSONObject: try #require(root["jwks"])))
        return (token, jwks, String(try #require(root["now"] as? Int)))
    }

    static func verify(_ name: String) throws -> (status: Int32, terminal: MemoryTerminal) {
        let vector = try vector(name)
        var terminal = MemoryTerminal()
        terminal.files = ["token.jwt": Array((vector.token + "\n").utf8), "jwks.json": vector.jwks]
        let status = terminal.run(
            "logout-token", "verify", "token.jwt", "--jwks", "jwks.json", "--issuer", "https://op.example.com", "--audience", "rp-client",
            "--now", vector.now)
        return (status, terminal)
    }

    @Test("a valid joserfc logout token prints valid with its sub and sid")
    func valid() throws {
        let (status, terminal) = try Self.verify("valid, typed logout+jwt")
        #expect(status == 0, "\(terminal.errors)")
        #expect(terminal.output.hasPrefix("valid\nsub: 248289761001\nsid: 08a5019c-17e1-4977-8f42-65a12843ea02\n"))
    }

    @Test("a joserfc logout token with a nonce fails, naming the rule")
    func nonce() throws {
        let (status, terminal) = try Self.verify("nonce present")
        #expect(status == 1)
        #expect(terminal.errors.contains("nonce"))
    }

    @Test("webfinger --query-only prints the §2.2.1 example's resource, host and URL without a request")
    func webFingerQuery() throws {
        let root = try #require(
            try JSONSerialization.jsonObject(with: Vectors.data("RFC/openid-discovery-webfinger-examples.json")) as? [String: Any])
        let example = try #require((root["examples"] as? [[String: Any]])?.first)
        var terminal = MemoryTerminal()
        #expect(terminal.run("webfinger", try #require(example["input"] as? String), "--query-only") == 0, "\(terminal.errors)")
        #expect(terminal.output.contains("resource: \(try #require(example["resource"] as? String))\n"))
        #expect(terminal.output.contains("url: \(try #require(example["request"] as? String))\n"))
        var xri = MemoryTerminal()
        #expect(xri.run("webfinger", "=Nat.Sakimura", "--query-only") == 1)
    }
}
