// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Testing

@Suite("authflow demo --userinfo: a signed userinfo answer and its claim sources, narrated")
struct DemoUserInfoTests {
    @Test("demo --userinfo verifies the signed answer, sends the token in the body and resolves both claim sources")
    func demo() async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--userinfo") == 0)
        let output = terminal.output
        for step in 1...4 { #expect(output.contains("\n\(step). ")) }
        #expect(output.contains("→ POST https://fake-provider.authflow.test/userinfo"))
        #expect(output.contains("token sent in = body"))
        #expect(output.contains("algorithm = ES256"))
        #expect(output.contains("answer header = {\"alg\":\"ES256\""))
        #expect(output.contains("✓ sub = alice, the ID token's sub"))
        #expect(output.contains("loyalty = loyalty_tier    — aggregated"))
        #expect(output.contains("bureau = credit_score    — distributed"))
        #expect(output.contains("→ GET https://fake-provider.authflow.test/claims-provider/claims/bureau"))
        #expect(output.contains("Bearer claims-token-bureau — never the user's"))
        #expect(output.contains("loyalty_tier = \"gold\"    — from loyalty"))
        #expect(output.contains("credit_score = 650    — from bureau"))
        #expect(output.contains("Done."))
        var again = MemoryTerminal()
        #expect(await again.runOnOwnThread("demo", "--userinfo") == 0)
        #expect(again.output == output, "the same text on every run: seeded generator, manual clock")
    }

    @Test(
        "demo --userinfo --fail shows each refusal where it is caught",
        arguments: [("wrong-subject", 2, "10604"), ("bad-signature", 2, "10601"), ("untrusted-source", 4, "10605")])
    func failures(failure: String, step: Int, code: String) async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--userinfo", "--fail", failure) == 0)
        #expect(terminal.output.contains("✗ Caught at step \(step): "), "\(failure)")
        #expect(terminal.output.contains("(code \(code))"), "\(failure)")
    }

    @Test("demo --userinfo refuses an unknown failure and another demo beside it")
    func usage() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("demo", "--userinfo", "--fail", "nonce") == 2)
        #expect(terminal.run("demo", "--userinfo", "--logout") == 2)
    }
}
