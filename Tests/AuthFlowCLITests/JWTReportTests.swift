// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import AuthFlowCLI

@Suite("authflow jwt decode --json and the verify report")
struct JWTReportTests {
    @Test("decode --json is one JSON object with the header, the claims and exp in ISO 8601 (RFC 7519 §3.1: 2011-03-22T18:43:00Z)")
    func decodeJSON() throws {
        var terminal = MemoryTerminal()
        #expect(terminal.run("jwt", "decode", "--json", JWTCommandTests.a1Token) == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(terminal.standardOutput)) as? [String: Any])
        #expect((object["header"] as? [String: Any])?["alg"] as? String == "HS256")
        #expect((object["claims"] as? [String: Any])?["iss"] as? String == "joe")
        #expect((object["claims"] as? [String: Any])?["exp"] as? Int == 1_300_819_380)
        #expect(object["dates"] as? [String: String] == ["exp": "2011-03-22T18:43:00Z"])
        #expect(object["verified"] as? Bool == false)
        #expect(!terminal.output.contains("NOT verified (use"))
    }

    @Test("verify lists the checks that ran and those skipped, with the option that would turn each on")
    func verifyReport() {
        var terminal = MemoryTerminal()
        #expect(
            terminal.run("jwt", "verify", JWTCommandTests.a1Token, "--hs256-key-hex", JWTCommandTests.a1KeyHex, "--now", "1300819000") == 0)
        let output = terminal.output
        let parts = output.components(separatedBy: "skipped:\n")
        #expect(parts.count == 2)
        let checked = parts.first ?? ""
        let skipped = parts.last ?? ""
        #expect(checked.contains("signature  HS256"))
        #expect(checked.contains("alg "))
        #expect(checked.contains("exp        2011-03-22T18:43:00Z, not passed at 2011-03-22T18:36:40Z with 60 s leeway"))
        for (claim, reason) in [
            ("iss", "no --issuer"), ("aud", "no --audience"), ("nonce", "no --nonce"), ("nbf", "absent"), ("iat", "absent"),
        ] {
            #expect(skipped.contains("\(claim)") && skipped.contains(reason), "\(claim)")
            #expect(!checked.contains("✓ \(claim) "), "\(claim)")
        }
        var issuer = MemoryTerminal()
        #expect(
            issuer.run(
                "jwt", "verify", JWTCommandTests.a1Token, "--hs256-key-hex", JWTCommandTests.a1KeyHex, "--now", "1300819000", "--issuer=joe"
            ) == 0)
        #expect(issuer.output.contains("✓ iss        equal to 'joe'"))
    }

    @Test("a key may come from standard input, but not together with the token or the message")
    func keyFromStandardInput() {
        var terminal = MemoryTerminal(standardInput: Array((JWTCommandTests.a1KeyHex + "\n").utf8))
        #expect(terminal.run("jwt", "verify", JWTCommandTests.a1Token, "--hs256-key-hex", "-", "--now", "1300819000") == 0)
        var both = MemoryTerminal()
        #expect(both.run("jwt", "verify", "-", "--hs256-key-hex", "-") == 2)
        var hmac = MemoryTerminal(standardInput: Array("4a656665\n".utf8), files: ["m": Array("what do ya want for nothing?".utf8)])
        #expect(hmac.run("hmac-sha256", "--key-hex", "-", "m") == 0)
        #expect(hmac.output == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843\n")
        #expect(hmac.run("hmac-sha256", "--key-hex", "-") == 2)
    }
}
