// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import AuthFlowCLI

@Suite("authflow login")
struct LoginCommandTests {
    @Test("adds the loopback redirect_uri to the authorization URL, or fills the placeholder")
    func authorizationURL() {
        let redirect = "http://127.0.0.1:5000/cb"
        #expect(
            LoginCommand.authorizationURL("https://as.example/authorize", redirectURI: redirect)
                == "https://as.example/authorize?redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcb")
        #expect(
            LoginCommand.authorizationURL("https://as.example/authorize?client_id=a", redirectURI: redirect)
                == "https://as.example/authorize?client_id=a&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcb")
        #expect(
            LoginCommand.authorizationURL("https://as.example/a?r={redirect_uri}&s=1", redirectURI: redirect)
                == "https://as.example/a?r=http%3A%2F%2F127.0.0.1%3A5000%2Fcb&s=1")
    }

    @Test("times out with the typed error when no redirect comes, after saying where it waits")
    func timeout() async {
        var terminal = MemoryTerminal()
        #expect(
            await terminal.runOnOwnThread("login", "--authorize-url", "https://as.example/authorize", "--no-browser", "--timeout", "0.2")
                == 1)
        #expect(terminal.errors.contains("waiting for the redirect to http://127.0.0.1:"))
        #expect(terminal.errors.contains("AuthSessionError 9005"))
    }

    @Test("bad usage and bad URLs are refused")
    func usage() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("login") == 2)
        #expect(terminal.run("login", "--authorize-url", "https://a.example", "--port", "70000") == 2)
        #expect(terminal.run("login", "--authorize-url", "https://a.example", "--timeout", "-1") == 2)
        #expect(terminal.run("login", "--authorize-url", "https://a.example", "extra") == 2)
        #expect(terminal.run("login", "--authorize-url", "not a url", "--no-browser") == 1)
        #expect(terminal.run("login", "--authorize-url", "ftp://a.example/x", "--no-browser") == 1)
        #expect(terminal.run("login", "--authorize-url", "https://a.example", "--redirect-path", "no-slash") == 1)
    }
}
