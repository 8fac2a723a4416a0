// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import AuthFlowCLI

@Suite("authflow callback")
struct CallbackCommandTests {
    /// The JSON the command printed, read back with Foundation (an independent parser).
    static func json(_ terminal: MemoryTerminal) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(terminal.standardOutput)) as? [String: Any])
    }

    @Test("parse prints the URI parts, the checked response and the checks that ran")
    func parsesAndChecks() throws {
        var terminal = MemoryTerminal()
        let url = "com.example.app:/oauth2redirect?code=SplxlOBeZQQYbYS6WxSbIA&state=af0ifjsldkj&iss=https%3A%2F%2Fserver.example.com"
        #expect(
            terminal.run(
                "callback", "parse", url, "--scheme", "COM.Example.App", "--state", "af0ifjsldkj", "--issuer", "https://server.example.com")
                == 0)
        let output = try Self.json(terminal)
        let uri = try #require(output["uri"] as? [String: Any])
        #expect(uri["scheme"] as? String == "com.example.app")
        #expect(uri["path"] as? String == "/oauth2redirect")
        #expect(uri["host"] is NSNull)
        let response = try #require(output["response"] as? [String: Any])
        #expect(response["code"] as? String == "SplxlOBeZQQYbYS6WxSbIA")
        #expect(response["iss"] as? String == "https://server.example.com")
        let checks = try #require(output["checks"] as? [String])
        #expect(checks.contains("iss equal to --issuer (RFC 9207 §2.4)"))
        #expect(checks.contains("the URI matches the callback (RFC 8252 §7)"))
    }

    @Test("without --state the output says state was not compared")
    func stateNotCompared() throws {
        var terminal = MemoryTerminal()
        #expect(terminal.run("callback", "parse", "http://127.0.0.1:49152/cb?code=c&state=s", "--loopback", "/cb") == 0)
        let checks = try #require(try Self.json(terminal)["checks"] as? [String])
        #expect(checks.contains { $0.contains("NOT compared") })
        #expect(try Self.json(terminal)["callback"] as? String == "loopback /cb")
    }

    @Test("a fragment response is read with --fragment and reported without it")
    func fragment() throws {
        var terminal = MemoryTerminal()
        let url = "com.example.app:/cb#code=c&state=s"
        #expect(terminal.run("callback", "parse", url, "--state", "s", "--fragment") == 0)
        var plain = MemoryTerminal()
        #expect(plain.run("callback", "parse", url, "--state", "s") == 1)
        #expect(plain.errors.contains("AuthCallbackError 6016"))
    }

    @Test("each failing check exits 1 with its typed error")
    func failures() {
        let cases: [([String], String)] = [
            (["https://example.com/auth?code=c&state=a", "--https", "example.com/auth", "--state", "b"], "AuthCallbackError 6012"),
            (["https://example.com/other?code=c&state=a", "--https", "example.com/auth"], "AuthCallbackError 6009"),
            (["http://localhost:8080/cb?code=c&state=a", "--loopback", "/cb"], "AuthCallbackError 6009"),
            (["com.example.app:/cb?code=c&state=a&state=a"], "AuthCallbackError 6010"),
            (["com.example.app:/cb?code=c"], "AuthCallbackError 6011"),
            (
                ["com.example.app:/cb?error=access_denied&state=a&error_description=User+denied", "--state", "a"],
                "access_denied (User denied)"
            ),
            (
                ["com.example.app:/cb?code=c&state=a&iss=https://evil.example", "--issuer", "https://good.example"],
                "AuthCallbackError 6014"
            ),
            (["com.example.app:/cb?code=c&state=a", "--issuer", "https://good.example", "--require-issuer"], "AuthCallbackError 6013"),
            (["com.example.app:/cb?code=%zz&state=a"], "AuthCallbackError 6003"),
            (["not a uri"], "AuthCallbackError 6001"),
            (["https://example.com/cb?code=c&state=a", "--scheme", "https"], "AuthCallbackError 6007"),
            (["https://example.com/cb?code=c&state=a", "--https", "example.com"], "AuthCallbackError 6008"),
        ]
        for (arguments, message) in cases {
            var terminal = MemoryTerminal()
            #expect(CLI.run(arguments: ["callback", "parse"] + arguments, terminal: &terminal) == 1, "\(arguments)")
            #expect(terminal.errors.contains(message), "\(arguments): \(terminal.errors)")
            #expect(terminal.standardOutput.isEmpty)
        }
    }

    @Test("bad usage exits 2")
    func usage() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("callback") == 2)
        #expect(terminal.run("callback", "match") == 2)
        #expect(terminal.run("callback", "parse") == 2)
        #expect(terminal.run("callback", "parse", "a:b", "--scheme", "x", "--loopback", "/cb") == 2)
        #expect(terminal.run("callback", "parse", "a:b", "--require-issuer") == 2)
        #expect(terminal.run("callback", "parse", "a:b", "extra") == 2)
    }
}
