// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthTesting
import Testing

@Suite("Third-party-initiated login (Core §4): a trusted iss, a target on the app's list, then an ordinary login")
struct ThirdPartyLoginRequestTests {
    static let trusted = ["https://fake-provider.authflow.test"]
    static let targets = ["https://app.example.com/", "https://other.example.com/welcome"]

    static func request(_ query: String) throws(AuthClientError) -> ThirdPartyLoginRequest {
        let url: URI
        do { url = try URI(parsing: "https://app.example.com/initiate-login?" + query) } catch { throw .callback(error) }
        return try ThirdPartyLoginRequest(url: url, trustedIssuers: trusted, allowedTargets: targets)
    }

    @Test("iss, login_hint and target_link_uri are read from the initiate_login_uri request")
    func reads() throws {
        let request = try Self.request(
            "iss=https%3A%2F%2Ffake-provider.authflow.test&login_hint=alice%40example.com&target_link_uri=https%3A%2F%2Fapp.example.com%2Forders%2F7"
        )
        #expect(request.issuer == "https://fake-provider.authflow.test")
        #expect(request.loginHint == "alice@example.com")
        #expect(request.targetLinkURI == "https://app.example.com/orders/7")
        #expect(request.loginOptions.loginHint == "alice@example.com")
    }

    @Test("an iss the app does not trust is refused")
    func untrustedIssuer() {
        #expect(throws: AuthClientError.thirdPartyLoginRefused(.untrustedIssuer("https://attacker.example"))) {
            try Self.request("iss=https%3A%2F%2Fattacker.example")
        }
        #expect(throws: AuthClientError.thirdPartyLoginRefused(.malformed("no iss"))) { try Self.request("login_hint=a") }
    }

    @Test(
        "a target_link_uri off the list is refused as an open redirect, a look-alike host included",
        arguments: [
            "https://evil.example/", "https://app.example.com.evil.example/x", "https://other.example.com/welcome/more",
            "https://app.example.com@evil.example/", "https:\\\\evil.example",
        ])
    func openRedirect(target: String) {
        #expect(throws: AuthClientError.thirdPartyLoginRefused(.untrustedTarget(target))) {
            try Self.request("iss=https%3A%2F%2Ffake-provider.authflow.test&target_link_uri=" + FormParameter.encode(component: target))
        }
    }

    @Test(
        "a target_link_uri with a dot segment or an encoded slash, which would leave the allowed path once resolved, is refused",
        arguments: [
            "https://tenant.example.net/app/../evil-tenant/", "https://tenant.example.net/app/%2e%2e/evil-tenant/",
            "https://tenant.example.net/app/%2E%2E/evil-tenant/", "https://tenant.example.net/app/.%2e/evil-tenant/",
            "https://tenant.example.net/app/%2e./evil-tenant/", "https://tenant.example.net/app/./x",
            "https://tenant.example.net/app/%2E", "https://tenant.example.net/app/..",
            "https://tenant.example.net/app/..%2fevil-tenant/", "https://tenant.example.net/app/..%5Cevil-tenant/",
        ])
    func dotSegments(target: String) {
        #expect(throws: AuthClientError.thirdPartyLoginRefused(.untrustedTarget(target))) {
            try ThirdPartyLoginRequest(
                parameters: [
                    FormParameter(name: "iss", value: Self.trusted[0]), FormParameter(name: "target_link_uri", value: target),
                ],
                trustedIssuers: Self.trusted, allowedTargets: ["https://tenant.example.net/app/"])
        }
    }

    @Test("a target_link_uri whose segments only contain dots, or a dot in a query, is still allowed")
    func dotsInNames() throws {
        for target in ["https://tenant.example.net/app/v1.2/..hidden/a...b", "https://tenant.example.net/app/x?next=../y"] {
            let request = try ThirdPartyLoginRequest(
                parameters: [FormParameter(name: "iss", value: Self.trusted[0]), FormParameter(name: "target_link_uri", value: target)],
                trustedIssuers: Self.trusted, allowedTargets: ["https://tenant.example.net/app/"])
            #expect(request.targetLinkURI == target)
        }
    }

    @Test("a repeated iss is refused")
    func repeated() {
        #expect(throws: AuthClientError.thirdPartyLoginRefused(.malformed("iss is repeated"))) {
            try Self.request("iss=https%3A%2F%2Ffake-provider.authflow.test&iss=https%3A%2F%2Ffake-provider.authflow.test")
        }
    }

    @Test("the login it starts carries the login_hint to the provider")
    func login() throws {
        let fixture = try Fixture()
        let request = try Self.request("iss=https%3A%2F%2Ffake-provider.authflow.test&login_hint=alice")
        var generator = SeededRandomNumberGenerator(seed: 4)
        let authorization = try fixture.client.authorizationRequest(request.loginOptions, using: &generator)
        #expect(try authorization.url.queryParameters().contains(FormParameter(name: "login_hint", value: "alice")))
    }
}
