// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import Testing

@Suite("ClientConfiguration: checked at creation")
struct ClientConfigurationTests {
    @Test("an http issuer is refused unless on loopback with allowsInsecureLoopbackIssuer")
    func insecureIssuer() throws {
        #expect(throws: AuthClientError.self) {
            try ClientConfiguration(issuer: "http://127.0.0.1:9400", clientID: "app", redirectURI: "com.example.app:/cb")
        }
        #expect(throws: AuthClientError.self) {
            try ClientConfiguration(
                issuer: "http://login.example.com", clientID: "app", redirectURI: "com.example.app:/cb", allowsInsecureLoopbackIssuer: true)
        }
        let loopback = try ClientConfiguration(
            issuer: "http://127.0.0.1:9400", clientID: "app", redirectURI: "com.example.app:/cb", allowsInsecureLoopbackIssuer: true)
        #expect(loopback.allowsInsecureLoopbackIssuer)
        do {
            _ = try ClientConfiguration(issuer: "http://127.0.0.1:9400", clientID: "app", redirectURI: "com.example.app:/cb")
        } catch {
            #expect(error.code == 10002)
            #expect(error.description.contains("http://127.0.0.1:9400"))
        }
    }

    @Test("the issuer may not carry a query or fragment, and the scopes must be scope tokens")
    func issuerAndScopes() {
        for (issuer, scopes) in [
            ("https://login.example.com?tenant=1", [Scope.openID]), ("https://login.example.com#x", [.openID]),
            ("https://login.example.com", [.openID, Scope(rawValue: "two words")]),
            ("https://login.example.com", [Scope(rawValue: "quote\"")]),
        ] {
            #expect(throws: AuthClientError.self, "\(issuer) \(scopes)") {
                try ClientConfiguration(issuer: issuer, clientID: "app", redirectURI: "com.example.app:/cb", scopes: scopes)
            }
        }
    }

    @Test("scopes without openid make a plain OAuth 2.0 configuration, and no scopes at all are allowed")
    func plainOAuth() throws {
        let oauth = try ClientConfiguration(
            issuer: "https://auth.example.com", clientID: "agent", redirectURI: "com.example.app:/cb",
            scopes: [Scope(rawValue: "mcp:tools"), .email])
        #expect(!oauth.isOpenIDConnect)
        #expect(oauth.scopes == [Scope(rawValue: "mcp:tools"), .email])
        let none = try ClientConfiguration(
            issuer: "https://auth.example.com", clientID: "agent", redirectURI: "com.example.app:/cb", scopes: [])
        #expect(!none.isOpenIDConnect)
        #expect(none.scopes.isEmpty)
    }

    @Test("openid among the scopes, wherever it is, makes an OpenID Connect configuration, as the default scopes do")
    func openIDConnect() throws {
        let last = try ClientConfiguration(
            issuer: "https://login.example.com", clientID: "app", redirectURI: "com.example.app:/cb", scopes: [.email, .openID])
        #expect(last.isOpenIDConnect)
        #expect(
            try ClientConfiguration(issuer: "https://login.example.com", clientID: "app", redirectURI: "com.example.app:/cb")
                .isOpenIDConnect)
    }

    @Test("the callback is derived from the redirect URI: private-use scheme, https, loopback")
    func callbacks() throws {
        let custom = try ClientConfiguration(issuer: "https://a.example", clientID: "app", redirectURI: "com.example.app:/oauth/cb")
        #expect(custom.callback == (try Callback.customScheme("com.example.app")))
        let https = try ClientConfiguration(issuer: "https://a.example", clientID: "app", redirectURI: "https://app.example.com/auth/done")
        #expect(https.callback == (try Callback.https(host: "app.example.com", path: "/auth/done")))
        let loopback = try ClientConfiguration(issuer: "https://a.example", clientID: "app", redirectURI: "http://127.0.0.1:8765/cb")
        #expect(loopback.callback == (try Callback.loopback(path: "/cb")))
        for refused in ["http://app.example.com/cb", "com.example.app:/cb#frag", "not a uri", "https:///nohost"] {
            #expect(throws: AuthClientError.self, "\(refused)") {
                try ClientConfiguration(issuer: "https://a.example", clientID: "app", redirectURI: refused)
            }
        }
    }

    @Test("an empty client id or secret is refused, and the secret never appears in descriptions")
    func secrets() throws {
        #expect(throws: AuthClientError.self) { try ClientConfiguration(issuer: "https://a.example", clientID: "", redirectURI: "x.y:/cb") }
        #expect(throws: AuthClientError.self) {
            try ClientConfiguration(
                issuer: "https://a.example", clientID: "app", clientAuthentication: .clientSecretPost(""), redirectURI: "x.y:/cb")
        }
        let configuration = try ClientConfiguration(
            issuer: "https://a.example", clientID: "app", clientAuthentication: .clientSecretBasic("hunter2"), redirectURI: "x.y:/cb")
        #expect("\(configuration.clientAuthentication)" == "client_secret_basic")
        #expect(!String(describing: configuration).contains("hunter2"))
    }
}
