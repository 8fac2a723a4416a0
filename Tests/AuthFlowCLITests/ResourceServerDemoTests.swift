// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Testing

@Suite("authflow demo --resource-server: the other side of the bearer, narrated")
struct ResourceServerDemoTests {
    @Test("narrates the metadata, the 401 challenge, the token and proof checks, and three refusals with their challenges")
    func narrates() async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--resource-server") == 0)
        for step in 1...8 { #expect(terminal.output.contains("\n\(step). ")) }
        let output = terminal.output
        #expect(output.contains(#""resource":"https://mcp.example.com/mcp""#))
        #expect(
            output.contains(
                #"WWW-Authenticate: Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp""#))
        #expect(output.contains(#""typ":"at+jwt""#))
        #expect(output.contains("GET https://as.example.com/jwks"))
        #expect(output.contains("sub = user-42"))
        #expect(output.contains("code 12022"), "the replayed proof")
        #expect(output.contains("code 12017"), "the bound token as a Bearer token")
        #expect(output.contains(#"error="insufficient_scope""#) && output.contains(#"scope="mcp:admin""#))
        #expect(output.contains("← 403"))
        #expect(output.contains("Done."))
    }

    @Test(
        "--fail breaks the protected request; the refusal is shown with its code and challenge",
        arguments: [("wrong-audience", "12008"), ("expired", "12010"), ("stolen-token", "12018"), ("wrong-url", "12022")])
    func failures(failure: String, code: String) async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--resource-server", "--fail", failure) == 0)
        #expect(terminal.output.contains("✗ Caught at step 5: error \(code)"), "\(failure)")
        #expect(terminal.output.contains("WWW-Authenticate: DPoP error="), "\(failure)")
        #expect(!terminal.output.contains("\n6. "), "\(failure)")
    }

    @Test("--resource-server goes alone: not with --device, --mcp or a step of another flow")
    func usage() {
        var device = MemoryTerminal()
        #expect(device.run("demo", "--resource-server", "--device") == 2)
        var mcp = MemoryTerminal()
        #expect(mcp.run("demo", "--resource-server", "--mcp") == 2)
        var step = MemoryTerminal()
        #expect(step.run("demo", "--resource-server", "--fail", "nonce") == 2)
        var example = MemoryTerminal()
        #expect(example.run("demo", "--resource-server", "--rfc7636-example") == 2)
    }
}
