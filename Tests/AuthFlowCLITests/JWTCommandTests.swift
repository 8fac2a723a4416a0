// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation
import TestVectors
import Testing

@testable import AuthFlowCLI

@Suite("authflow jwt")
struct JWTCommandTests {
    static let a1Token =
        "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    /// The RFC 7515 A.1 key, as hex.
    static let a1KeyHex =
        "0323354b2b0fa5bc837e0665777ba68f5ab328e6f054c928a90f84b2d2502ebfd3fb5a92d20647ef968ab4c377623d223d2e2172052e4f08c0cd9af567d080a3"

    /// The raw JSON of a member of RFC/jose-examples.json.
    static func jose(_ name: String) throws -> [UInt8] {
        let root = try JSONSerialization.jsonObject(with: Vectors.data("RFC/jose-examples.json")) as? [String: Any]
        return Array(try JSONSerialization.data(withJSONObject: try #require(root?[name])))
    }

    @Test("decode prints header and claims and says they were not verified")
    func decode() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("jwt", "decode", Self.a1Token) == 0)
        #expect(terminal.output.contains("NOT verified"))
        #expect(terminal.output.contains(#""iss": "joe""#))
        #expect(terminal.output.contains(#""alg": "HS256""#))
    }

    @Test("verify accepts RFC 7515 A.1 with its key before exp, and says why after")
    func verifyWithKey() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("jwt", "verify", Self.a1Token, "--hs256-key-hex", Self.a1KeyHex, "--now", "1300819000") == 0)
        #expect(terminal.output.hasPrefix("valid\nchecked:\n  ✓ signature"))
        var late = MemoryTerminal()
        #expect(late.run("jwt", "verify", Self.a1Token, "--hs256-key-hex", Self.a1KeyHex, "--now", "1300819500") == 1)
        #expect(late.errors.contains("AuthJWTError 5026"))
        var wrongKey = MemoryTerminal()
        #expect(
            wrongKey.run("jwt", "verify", Self.a1Token, "--hs256-key-hex", String(repeating: "ab", count: 32), "--now", "1300819000") == 1)
        #expect(wrongKey.errors.contains("AuthJWTError 5020"))
    }

    @Test("verify finds the key in a JWKS file, and reads the token from standard input")
    func verifyWithJWKS() throws {
        var terminal = MemoryTerminal(standardInput: Array((Self.a1Token + "\n").utf8), files: ["keys.json": try Self.jose("rfc7517_a3")])
        #expect(terminal.run("jwt", "verify", "-", "--jwks", "keys.json", "--now", "1300819000", "--issuer", "joe") == 0)
        #expect(terminal.output.hasPrefix("valid\nchecked:\n  ✓ signature"))
    }

    @Test("verify takes RS256 (RFC 7515 A.2) and ES256 (RFC 7515 A.3) keys from a JWKS file")
    func verifyAsymmetric() throws {
        let root = try JSONSerialization.jsonObject(with: Vectors.data("RFC/jose-examples.json")) as? [String: Any]
        for name in ["rfc7515_a2", "rfc7515_a3"] {
            let example = try #require(root?[name] as? [String: Any])
            let token = try #require(example["token"] as? String)
            let jwks = Array(try JSONSerialization.data(withJSONObject: ["keys": [try #require(example["jwk"])]]))
            var terminal = MemoryTerminal(files: ["jwks.json": jwks])
            #expect(terminal.run("jwt", "verify", token, "--jwks", "jwks.json", "--now", "1300819000") == 0, "\(name)")
            #expect(terminal.output.hasPrefix("valid\nchecked:\n  ✓ signature"))
            let tampered = String(token.dropLast(2)) + (token.hasSuffix("AA") ? "BA" : "AA")
            #expect(terminal.run("jwt", "verify", tampered, "--jwks", "jwks.json", "--now", "1300819000") == 1)
        }
    }

    @Test("verify with --issuer and --audience validates an ID token made by joserfc")
    func verifyIDToken() throws {
        let root = try JSONSerialization.jsonObject(with: Vectors.data("Python/jwt-corpus.json")) as? [String: Any]
        let first = try #require((root?["cases"] as? [[String: Any]])?.first)
        let token = try #require(first["token"] as? String)
        let jwks = Array(try JSONSerialization.data(withJSONObject: try #require(first["jwks"])))
        var terminal = MemoryTerminal(files: ["jwks.json": jwks])
        let common = ["jwt", "verify", token, "--jwks", "jwks.json", "--issuer", "https://issuer.example", "--now", "1767225600"]
        #expect(CLI.run(arguments: common + ["--audience", "client-123", "--nonce", "n-0S6_WzA2Mj"], terminal: &terminal) == 0)
        #expect(CLI.run(arguments: common + ["--audience", "someone-else"], terminal: &terminal) == 1)
        #expect(terminal.errors.contains("AuthJWTError 5022"))
        #expect(CLI.run(arguments: common + ["--audience", "client-123", "--nonce", "other"], terminal: &terminal) == 1)
        #expect(terminal.errors.contains("AuthJWTError 5030"))
    }

    @Test("refuses an oversize token before parsing it, and bad usage with status 2")
    func limitsAndUsage() {
        let huge = String(repeating: "a", count: 70_000)
        var terminal = MemoryTerminal(standardInput: Array(huge.utf8))
        #expect(terminal.run("jwt", "decode", "-") == 1)
        #expect(terminal.errors.contains("over the limit"))
        #expect(terminal.run("jwt", "decode", huge) == 1)
        #expect(terminal.run("jwt", "verify", Self.a1Token) == 2)
        #expect(terminal.run("jwt", "verify", Self.a1Token, "--hs256-key-hex", "00", "--now", "soon") == 2)
        #expect(terminal.run("jwt") == 2)
        #expect(terminal.run("jwt", "decode", "a.b") == 1)
        #expect(terminal.errors.contains("AuthJWTError 5003"))
    }
}
