// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Testing

@Suite("authflow demo --logout: back-channel logout, narrated")
struct DemoLogoutTests {
    @Test("demo --logout checks the logout token, ends one client's session, keeps the other's, and the helper answers 200")
    func demo() async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--logout") == 0)
        let output = terminal.output
        for step in 1...5 { #expect(output.contains("\n\(step). ")) }
        #expect(output.contains("ID token sid = "))
        #expect(output.contains("logout token header = {\"alg\":\"RS256\""))
        #expect(output.contains("\"events\":{\"http://schemas.openid.net/event/backchannel-logout\":{}}"))
        for rule in ["(steps 1, 3)", "(step 4)", "(step 5)", "(step 6)", "(step 7)", "(step 8)"] { #expect(output.contains(rule)) }
        #expect(output.contains("ended = alice at demo-app"))
        #expect(output.contains("alice at demo-app = signed out"))
        #expect(output.contains("alice at other-app = signed in"))
        #expect(output.contains("→ POST https://app.example.com/backchannel-logout"))
        #expect(output.contains("← 200"))
        #expect(output.contains("Cache-Control = no-store"))
        #expect(output.contains("Done."))
        var again = MemoryTerminal()
        #expect(await again.runOnOwnThread("demo", "--logout") == 0)
        #expect(again.output == output, "the same text on every run: seeded generator, manual clock")
    }

    @Test(
        "demo --logout --fail shows each refusal where it is caught",
        arguments: [("replayed", "a replay"), ("nonce", "nonce claim"), ("other-client", "does not contain")])
    func failures(failure: String, rule: String) async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--logout", "--fail", failure) == 0)
        #expect(terminal.output.contains("✗ Caught at step 4: "), "\(failure)")
        #expect(terminal.output.contains("(code 10651)"), "\(failure)")
        #expect(terminal.output.contains(rule), "\(failure)")
    }

    @Test("demo --logout refuses an unknown failure")
    func usage() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("demo", "--logout", "--fail", "denied") == 2)
    }
}
