// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import Testing

@testable import AuthSession

/// What the ASWebAuthenticationSession adapter asks of Apple's session (the adapter itself compiles only
/// on Apple platforms; this decision is portable). Expected values from Apple's API: `callbackURLScheme:`
/// takes a custom scheme only; `ASWebAuthenticationSession.Callback` (.customScheme, .https(host:path:))
/// and `additionalHeaderFields` exist from iOS 17.4 / macOS 14.4; there is no loopback callback.
@Suite("AppleSessionPlan")
struct AppleSessionPlanTests {
    static let url = try! URI(parsing: "https://server.example.com/authorize?client_id=app")

    static func request(_ callback: Callback, headers: [String: String] = [:]) -> UserAgentRequest {
        UserAgentRequest(url: url, callback: callback, additionalHeaderFields: headers)
    }

    @Test("an https callback becomes Callback.https(host:path:) with the callback API, and a clear error without it")
    func https() throws {
        let request = Self.request(try .https(host: "Example.COM", path: "/auth/done"))
        let plan = try AppleSessionPlan(request, callbackAPI: true)
        #expect(plan.callback == .https(host: "example.com", path: "/auth/done"))
        #expect(throws: AuthSessionError.self) { try AppleSessionPlan(request, callbackAPI: false) }
    }

    @Test("a custom scheme works on every system, lowercased as the callback matches it")
    func customScheme() throws {
        for callbackAPI in [true, false] {
            let plan = try AppleSessionPlan(Self.request(try .customScheme("Com.Example.App")), callbackAPI: callbackAPI)
            #expect(plan.callback == .customScheme("com.example.app"))
        }
    }

    @Test("a loopback callback is refused on every system, naming the loopback agent")
    func loopback() throws {
        for callbackAPI in [true, false] {
            let error = #expect(throws: AuthSessionError.self) {
                try AppleSessionPlan(Self.request(try .loopback(path: "/cb")), callbackAPI: callbackAPI)
            }
            #expect(error?.code == 9004 && "\(error!)".contains("LoopbackUserAgent"))
        }
    }

    @Test("additional header fields are passed with the callback API and refused, not dropped, without it")
    func headers() throws {
        let request = Self.request(try .customScheme("com.example.app"), headers: ["X-Tenant": "acme"])
        #expect(try AppleSessionPlan(request, callbackAPI: true).additionalHeaderFields == ["X-Tenant": "acme"])
        #expect(throws: AuthSessionError.self) { try AppleSessionPlan(request, callbackAPI: false) }
        #expect(try AppleSessionPlan(Self.request(try .customScheme("com.example.app")), callbackAPI: false).additionalHeaderFields == [:])
    }
}
