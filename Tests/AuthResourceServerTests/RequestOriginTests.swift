// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthResourceServer
import Testing

/// The absolute URL a framework integration gives the resource server (the `htu` a DPoP proof must name).
@Suite("RequestOrigin: the request URL from configuration, or from a trusted proxy's forwarded headers")
struct RequestOriginTests {
    @Test("fixed: the configured origin (a trailing slash dropped) and the request's own target; Host and forwarded headers ignored")
    func fixed() {
        let origin = RequestOrigin.fixed("https://mcp.example.com/")
        let headers: (String) -> [String] = { name in
            ["X-Forwarded-Host": ["evil.example"], "X-Forwarded-Proto": ["http"], "Host": ["evil.example"]][name] ?? []
        }
        #expect(origin.url(target: "/mcp?session=1", headerValues: headers) == "https://mcp.example.com/mcp?session=1")
        #expect(origin.url(target: "", headerValues: headers) == "https://mcp.example.com/")
    }

    @Test("forwarded: the last value of each header (the nearest proxy's), trimmed; the fallback's part when one is absent")
    func forwarded() {
        let origin = RequestOrigin.trustingForwardedHeaders(fallback: "http://10.0.0.7:8080")
        let both: (String) -> [String] = { name in
            ["X-Forwarded-Proto": ["http, https"], "X-Forwarded-Host": ["client-chosen.example", " api.example.com \t"]][name] ?? []
        }
        #expect(origin.url(target: "/orders", headerValues: both) == "https://api.example.com/orders")
        let hostOnly: (String) -> [String] = { $0 == "X-Forwarded-Host" ? ["api.example.com"] : [] }
        #expect(origin.url(target: "/orders", headerValues: hostOnly) == "http://api.example.com/orders")
        #expect(origin.url(target: "/orders", headerValues: { _ in [] }) == "http://10.0.0.7:8080/orders")
        #expect(origin.url(target: "/", headerValues: { $0 == "X-Forwarded-Host" ? [" , "] : [] }) == "http://10.0.0.7:8080/")
    }
}
