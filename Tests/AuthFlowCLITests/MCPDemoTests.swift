// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Testing

@Suite("authflow demo --mcp: the MCP authorization profile, narrated")
struct MCPDemoTests {
    @Test(
        "narrates the 401, both metadata documents, the metadata document as client id, the login with resource, the step-up and the accepted call"
    )
    func narrates() async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--mcp") == 0)
        for step in 1...4 { #expect(terminal.output.contains("\n\(step). ")) }
        #expect(terminal.output.contains("WWW-Authenticate: Bearer resource_metadata="))
        #expect(terminal.output.contains("GET https://mcp.authflow.test/.well-known/oauth-protected-resource/mcp"))
        #expect(terminal.output.contains("GET https://fake-provider.authflow.test/.well-known/oauth-authorization-server"))
        #expect(!terminal.output.contains("POST https://fake-provider.authflow.test/register"))
        #expect(terminal.output.contains("GET https://demo-agent.authflow.test/oauth/client.json"))
        #expect(terminal.output.contains("client_id_metadata_document_supported"))
        #expect(terminal.output.contains("resource=https://mcp.authflow.test/mcp"))
        #expect(terminal.output.contains("insufficient_scope"))
        #expect(terminal.output.contains("scope = openid mcp:tools mcp:write    — asked for in the step-up's authorization request"))
        #expect(terminal.output.contains("Done: the MCP server accepted the token"))
    }

    @Test(
        "--fail shows each refusal where it is caught, with its code",
        arguments: [
            ("resource-mismatch", 1, "10252"), ("issuer-mismatch", 1, "10004"), ("no-s256", 1, "10255"),
            ("registration-refused", 1, "invalid_client_metadata"), ("wrong-audience", 3, "answered 401"),
            ("cimd-mismatch", 2, "unknown client_id"), ("step-up-refused", 4, "10263"),
        ])
    func failures(failure: String, caughtAt: Int, mentions: String) async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--mcp", "--fail", failure) == 0)
        #expect(terminal.output.contains("✗ Caught at step \(caughtAt): "), "\(failure)")
        #expect(terminal.output.contains(mentions), "\(failure)")
        #expect(!terminal.output.contains("Done: the MCP server accepted the token"))
    }

    @Test("--mcp does not go with --device, nor with a step of another flow")
    func usage() {
        var device = MemoryTerminal()
        #expect(device.run("demo", "--mcp", "--device") == 2)
        var step = MemoryTerminal()
        #expect(step.run("demo", "--mcp", "--fail", "nonce") == 2)
    }
}
