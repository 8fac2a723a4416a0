// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Testing

@Suite("authflow demo --par: a pushed authorization request, narrated")
struct DemoPushedAuthorizationTests {
    @Test("demo --par pushes, opens a URL with client_id and request_uri only, and gets a token per resource")
    func parDemo() async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--par") == 0)
        for step in 1...5 { #expect(terminal.output.contains("\n\(step). ")) }
        #expect(terminal.output.contains("→ POST https://fake-provider.authflow.test/par"))
        #expect(terminal.output.contains("← 201 {\"request_uri\":\"urn:ietf:params:oauth:request_uri:"))
        #expect(terminal.output.contains("/authorize?client_id=demo-app&request_uri=urn%3Aietf%3Aparams%3Aoauth%3Arequest_uri%3A"))
        #expect(terminal.output.contains("client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer"))
        #expect(terminal.output.contains("audience = https://files.authflow.test/    — only that resource"))
        #expect(terminal.output.contains("Done."))
    }

    @Test(
        "demo --par --fail shows an expired and a reused request_uri, and a client that may not push, where each is caught",
        arguments: [("expired", 3, "invalid_request_uri"), ("reused", 3, "invalid_request_uri"), ("not-pushed", 2, "10201")])
    func parDemoFailures(failure: String, step: Int, mentions: String) async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--par", "--fail", failure) == 0)
        #expect(terminal.output.contains("✗ Caught at step \(step): "), "\(failure)")
        #expect(terminal.output.contains(mentions), "\(failure)")
        var wrong = MemoryTerminal()
        #expect(wrong.run("demo", "--par", "--fail", "nonce") == 2)
        #expect(wrong.run("demo", "--par", "--device") == 2)
    }
}
