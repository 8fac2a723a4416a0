// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import Testing

@Suite("Callback")
struct CallbackTests {
    @Test("a custom scheme matches case-insensitively and refuses http, https and invalid schemes")
    func customScheme() throws {
        let callback = try Callback.customScheme("com.example.app")
        #expect(callback.matches("com.example.app:/oauth2redirect?code=x"))
        #expect(callback.matches("COM.Example.App:/cb"))
        #expect(!callback.matches("com.example.app2:/cb"))
        #expect(!callback.matches("https://example.com/cb"))
        #expect(!callback.matches("com.example.app:/bad path"))
        for scheme in ["https", "HTTP", "1app", "", "my_app", "my app"] {
            #expect(throws: AuthCallbackError.invalidCustomScheme(scheme)) { try Callback.customScheme(scheme) }
        }
    }

    @Test("an https callback needs the exact host, the default port and the exact path")
    func https() throws {
        let callback = try Callback.https(host: "Example.com", path: "/auth/callback")
        #expect(callback.matches("https://example.com/auth/callback?code=x&state=y"))
        #expect(callback.matches("HTTPS://EXAMPLE.COM:443/auth/callback"))
        #expect(!callback.matches("https://example.com/auth/callback/"))
        #expect(!callback.matches("https://example.com/Auth/callback"))
        #expect(!callback.matches("https://example.com.evil.com/auth/callback"))
        #expect(!callback.matches("https://example.com:8443/auth/callback"))
        #expect(!callback.matches("http://example.com/auth/callback"))
        #expect(!callback.matches("https://user@example.com/auth/callback"))
        #expect(throws: AuthCallbackError.invalidCallback("the path must start with '/' and use URI path characters")) {
            try Callback.https(host: "example.com", path: "auth")
        }
    }

    @Test("a loopback callback accepts 127.0.0.1 and [::1] on any port, never localhost (RFC 8252 §7.3, §8.3)")
    func loopback() throws {
        let callback = try Callback.loopback(path: "/callback")
        #expect(callback.matches("http://127.0.0.1:49152/callback?code=x"))
        #expect(callback.matches("http://[::1]:8080/callback"))
        #expect(!callback.matches("http://localhost:8080/callback"))
        #expect(!callback.matches("http://127.0.0.1/callback"))
        #expect(!callback.matches("https://127.0.0.1:8080/callback"))
        #expect(!callback.matches("http://127.0.0.1:8080/other"))
        #expect(!callback.matches("http://127.0.0.2:8080/callback"))
    }

    @Test("names the scheme of a custom-scheme callback only")
    func customSchemeName() throws {
        #expect(try Callback.customScheme("Com.Example.App").customSchemeName == "com.example.app")
        #expect(try Callback.https(host: "example.com", path: "/cb").customSchemeName == nil)
        #expect(try Callback.loopback(path: "/cb").customSchemeName == nil)
    }
}
