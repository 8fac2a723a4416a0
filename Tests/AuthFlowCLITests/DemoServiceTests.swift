// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Testing

@Suite("authflow demo --service: client credentials, JWT bearer and introspection, narrated")
struct DemoServiceTests {
    @Test("demo --service makes one grant for twenty callers, renews inside the margin, and introspects without sending a secret")
    func serviceDemo() async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--service") == 0)
        for step in 1...5 { #expect(terminal.output.contains("\n\(step). ")) }
        #expect(terminal.output.contains("grant_type=client_credentials"))
        #expect(terminal.output.contains("token requests = 1    — one grant, shared by all twenty"))
        #expect(terminal.output.contains("✓ every caller got the same new token"))
        #expect(terminal.output.contains("token requests = 1    — one new grant"))
        #expect(terminal.output.contains("grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer"))
        #expect(terminal.output.contains("→ POST https://fake-provider.authflow.test/introspect"))
        #expect(terminal.output.contains("unknown token = active false"))
        #expect(!terminal.output.contains("a-demo-client-secret"))
        #expect(terminal.output.contains("Done."))
        var wrong = MemoryTerminal()
        #expect(wrong.run("demo", "--service", "--fail", "nonce") == 2)
        #expect(wrong.run("demo", "--service", "--dpop") == 2)
    }
}
