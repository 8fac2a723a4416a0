// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJWT
import AuthSession
import AuthTesting
import Testing

@Suite("Test doubles: .scripted, .immediate, .unimplemented, manual clock")
struct DoublesTests {
    static let request = TransportRequest(method: .get, url: "https://api.example.com/orders?code=secret-value")

    func send(_ transport: some HTTPTransport) async throws(AuthHTTPError) -> TransportResponse {
        try await transport.send(Self.request)
    }

    @Test("a scripted transport answers in order, records requests, then fails loudly naming where it was made")
    func scripted() async throws {
        let transport: ScriptedTransport = .scripted([TransportResponse(status: 200), TransportResponse(status: 503)])
        #expect(try await send(transport).status == 200)
        #expect(try await send(transport).status == 503)
        do {
            _ = try await send(transport)
            Issue.record("a spent script answered")
        } catch {
            #expect(error.code == 11003)
            #expect(error.description.contains("DoublesTests.swift:"))
            #expect(!error.description.contains("secret-value"))
        }
        #expect(transport.requests.count == 3)
    }

    @Test("an immediate transport answers every request the same way")
    func immediate() async throws {
        let transport: ScriptedTransport = .immediate(TransportResponse(status: 204))
        for _ in 0..<5 { #expect(try await send(transport).status == 204) }
    }

    @Test("an unimplemented transport or user agent throws, says why and where it was made, and counts calls")
    func unimplemented() async throws {
        let transport: UnimplementedTransport = .unimplemented("resume must not touch the network")
        await #expect { try await send(transport) } throws: {
            let text = "\($0)"
            return text.contains("resume must not touch the network") && text.contains("DoublesTests.swift:")
                && !text.contains("secret-value")
        }
        #expect(transport.callCount == 1)
        let agent: UnimplementedUserAgent = .unimplemented("no browser here")
        let url = try URI(parsing: "https://login.example.com/authorize")
        await #expect { try await agent.present(UserAgentRequest(url: url, callback: try .customScheme("x.y"))) } throws: {
            "\($0)".contains("no browser here") && "\($0)".contains("DoublesTests.swift:")
        }
    }

    @Test("a manual wall clock moves only when told; a fixed one never")
    func clocks() {
        let start = NumericDate(secondsSince1970: 1_000)
        let manual = ManualWallClock(start)
        let clock = WallClock.manual(manual)
        #expect(clock.now() == start)
        manual.advance(by: 90)
        #expect(clock.now() == start.adding(seconds: 90))
        #expect(WallClock.fixed(start).now() == start)
    }
}
