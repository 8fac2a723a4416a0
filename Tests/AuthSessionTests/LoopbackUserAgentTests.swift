// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import Foundation
import Testing

@testable import AuthSession

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw TCP client for the tests: sends exactly the bytes given and reads the whole answer.
enum RawClient {
    /// Connects to 127.0.0.1:`port`; nil when the connection is refused.
    static func connect(port: UInt16) -> Int32? {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard connect(descriptor, to: port) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// `connect(2)` to 127.0.0.1:`port`; the system's status.
    static func connect(_ descriptor: Int32, to port: UInt16) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    /// Sends `bytes` and returns the response text (empty if the connection is refused or closed silently).
    static func request(port: UInt16, _ bytes: [UInt8]) -> String {
        guard let descriptor = connect(port: port) else { return "" }
        defer { close(descriptor) }
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            response += buffer[..<count]
        }
        return String(decoding: response, as: UTF8.self)
    }

    static func get(port: UInt16, _ target: String) -> String {
        request(port: port, Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8))
    }
}

#if canImport(Glibc)
    private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        Glibc.connect(descriptor, address, length)
    }
#else
    private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        Darwin.connect(descriptor, address, length)
    }
#endif

@Suite("Loopback user agent, over real sockets")
struct LoopbackUserAgentTests {
    static let authorize = "https://server.example.com/authorize?client_id=cli&state=xyz"

    /// Runs a loopback session while `client` plays the browser; returns the session's result.
    static func run(
        listener: LoopbackListener, authorize: String = LoopbackUserAgentTests.authorize, timeout: Duration = .seconds(10),
        clientTimeout: Duration = .milliseconds(300), expectedRedirect: ExpectedRedirect? = nil,
        client: @escaping @Sendable (UInt16) -> Void
    ) async -> Result<Redirect, AuthSessionError> {
        let opened = LockedStrings()
        let agent = LoopbackUserAgent(listener: listener, timeout: timeout, clientTimeout: clientTimeout) { url in opened.append(url) }
        let session = AuthenticationSession(url: try! URI(parsing: authorize), callback: listener.callback, userAgent: agent)
        session.expectedRedirect = expectedRedirect
        let port = listener.port
        let finished = StopFlag()
        let browser = Thread {
            client(port)
            finished.set()
        }
        browser.start()
        let result: Result<Redirect, AuthSessionError>
        do {
            let redirect = try await session.authenticate()
            #expect(opened.all == [authorize], "the browser was opened with the authorization URL")
            result = .success(redirect)
        } catch {
            result = .failure(error)
        }
        // The client may still be reading the page the listener answered with: let it finish (bounded), so
        // that what it recorded is complete when the test reads it.
        for _ in 0..<max(6000, HostileClient.polls) where !finished.isSet { try? await Task.sleep(for: .milliseconds(10)) }
        return result
    }

    @Test("binds 127.0.0.1 only, on a port of its own, and names the redirect URI")
    func binding() throws {
        let listener = try LoopbackListener(path: "/callback")
        #expect(listener.boundHost == "127.0.0.1")
        #expect(listener.port > 0)
        #expect(listener.redirectURI == "http://127.0.0.1:\(listener.port)/callback")
        #expect(listener.callback.matches(listener.redirectURI + "?code=x"))
        let v6 = try? LoopbackListener(path: "/cb", ipv6: true)
        if let v6 { #expect(v6.boundHost == "::1" && v6.redirectURI.hasPrefix("http://[::1]:")) }
    }

    @Test("accepts the matching redirect, answers the browser with a page, and closes")
    func goodRedirect() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let responses = LockedStrings()
        let result = await Self.run(listener: listener) { port in
            responses.append(RawClient.get(port: port, "/callback?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz"))
        }
        let redirect = try result.get()
        #expect(redirect.callbackURL.text == "http://127.0.0.1:\(listener.port)/callback?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz")
        for _ in 0..<200 where responses.all.isEmpty { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(responses.all.first?.hasPrefix("HTTP/1.1 200 OK") == true)
        #expect(responses.all.first?.contains("You can close this window") == true)
        // A second request after completion finds nobody listening.
        #expect(RawClient.connect(port: listener.port) == nil)
    }

    @Test("a session told its state filters redirects when the URL shows none (a pushed or request-object login)")
    func expectedStateWithoutStateInTheURL() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let responses = LockedStrings()
        // RFC 9126 §4: the pushed request's URL carries client_id and request_uri only.
        let pushed = "https://server.example.com/authorize?client_id=cli&request_uri=urn%3Aietf%3Aparams%3Aoauth%3Arequest_uri%3Abwc4JK"
        let result = await Self.run(listener: listener, authorize: pushed, expectedRedirect: ExpectedRedirect(state: "xyz")) { port in
            responses.append(RawClient.get(port: port, "/callback?code=stolen&state=abc"))
            responses.append(RawClient.get(port: port, "/callback?code=stolen"))
            responses.append(RawClient.get(port: port, "/callback?code=good&state=xyz"))
        }
        #expect(try result.get().callbackURL.query == "code=good&state=xyz")
        for _ in 0..<200 where responses.all.count < 3 { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(responses.all.count == 3)
        #expect(responses.all.prefix(2).allSatisfy { !$0.hasPrefix("HTTP/1.1 200 OK") }, "the forged redirects got error pages")
    }

    @Test("an empty expected state checks nothing more than the URL does")
    func emptyExpectedStateFallsBackToTheURL() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let result = await Self.run(listener: listener, expectedRedirect: ExpectedRedirect(state: "")) { port in
            _ = RawClient.get(port: port, "/callback?code=stolen&state=abc")
            _ = RawClient.get(port: port, "/callback?code=ok&state=xyz")
        }
        #expect(try result.get().callbackURL.query == "code=ok&state=xyz", "the URL's state=xyz still filters")
    }

    @Test("the expected redirect's description and dump hide the state")
    func expectedRedirectRedactsState() {
        let expected = ExpectedRedirect(state: "secret-state-af0ifjsldkj", isResponseJWT: true)
        var dumped = ""
        dump(expected, to: &dumped)
        #expect(!"\(expected)".contains("af0ifjsldkj") && !dumped.contains("af0ifjsldkj"))
        #expect("\(expected)" == "ExpectedRedirect(state: <redacted>, isResponseJWT: true)")
    }

    @Test("a wrong path gets 404 and garbage gets 400, and the wait goes on")
    func wrongPathAndGarbage() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let responses = LockedStrings()
        let result = await Self.run(listener: listener) { port in
            responses.append(RawClient.get(port: port, "/favicon.ico"))
            responses.append(RawClient.request(port: port, Array("\u{0}\u{1}garbage\r\n\r\n".utf8)))
            responses.append(RawClient.request(port: port, Array("GET /callback?code=a HTTP/9\r\n\r\n".utf8)))
            responses.append(RawClient.request(port: port, [0xff, 0xfe, 13, 10, 13, 10]))
            responses.append(RawClient.get(port: port, "/callback?code=ok&state=xyz"))
        }
        #expect(try result.get().callbackURL.query == "code=ok&state=xyz")
        for _ in 0..<200 where responses.all.count < 5 { try await Task.sleep(nanoseconds: 5_000_000) }
        let all = responses.all
        #expect(all.count == 5)
        #expect(all.first?.hasPrefix("HTTP/1.1 404") == true)
        #expect(all.dropFirst().prefix(3).allSatisfy { $0.hasPrefix("HTTP/1.1 400") })
    }

    @Test("a slow client that sends nothing is dropped, and the next one is served")
    func slowClient() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let result = await Self.run(listener: listener, clientTimeout: .milliseconds(200)) { port in
            let silent = RawClient.connect(port: port)
            Thread.sleep(forTimeInterval: 0.05)
            _ = RawClient.get(port: port, "/callback?code=after-slow&state=xyz")
            if let silent { close(silent) }
        }
        #expect(try result.get().callbackURL.query == "code=after-slow&state=xyz")
    }

    @Test("a form_post to the callback delivers its body")
    func formPost() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let body = "code=c&state=xyz&user=%7B%22name%22%3A%7B%22firstName%22%3A%22Jane%22%7D%7D"
        let result = await Self.run(listener: listener) { port in
            _ = RawClient.request(
                port: port,
                Array(
                    "POST /callback HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                        .utf8))
        }
        let redirect = try result.get()
        #expect(redirect.formBody == Array(body.utf8))
        let response = try AuthorizationResponse(
            formPostBody: redirect.formBody ?? [], expecting: .init(state: "xyz", responseMode: .formPost))
        #expect(response.user == #"{"name":{"firstName":"Jane"}}"#)
    }

    @Test("times out when no redirect comes, and then stops listening")
    func timeout() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let result = await Self.run(listener: listener, timeout: .milliseconds(200)) { _ in }
        #expect(throws: AuthSessionError.timedOut) { try result.get() }
        #expect(RawClient.connect(port: listener.port) == nil)
    }

    @Test("with .fail, a browser that cannot be launched fails the session with the reason")
    func browserFailure() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let agent = LoopbackUserAgent(listener: listener, browserUnavailable: .fail) { _ throws(AuthSessionError) in
            throw .userAgentFailed("cannot launch 'xdg-open': no such program (errno 2)")
        }
        let session = AuthenticationSession(url: try URI(parsing: Self.authorize), callback: listener.callback, userAgent: agent)
        await #expect(throws: AuthSessionError.userAgentFailed("cannot launch 'xdg-open': no such program (errno 2)")) {
            try await session.authenticate()
        }
    }

    @Test("by default, a browser that cannot be launched shows the URL and the wait goes on to the redirect (a headless host)")
    func headlessHostKeepsWaiting() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let shown = LockedStrings()
        let agent = LoopbackUserAgent(
            listener: listener, timeout: .seconds(20),
            browserUnavailable: .custom { url, reason in shown.append("\(url) | \(reason)") }
        ) { _ throws(AuthSessionError) in
            throw .userAgentFailed("cannot launch 'xdg-open': no such program (errno 2)")
        }
        let session = AuthenticationSession(url: try URI(parsing: Self.authorize), callback: listener.callback, userAgent: agent)
        let port = listener.port
        let user = Thread {
            // The user copies the URL into a browser elsewhere; the provider redirects back here.
            for _ in 0..<2000 where shown.all.isEmpty { usleep(5000) }
            _ = RawClient.get(port: port, "/callback?code=c1&state=xyz")
        }
        user.start()
        let redirect = try await session.authenticate()
        #expect(redirect.callbackURL.text.hasSuffix("/callback?code=c1&state=xyz"))
        #expect(
            shown.all == [
                "\(Self.authorize) | AuthSessionError 9004: the user agent failed: cannot launch 'xdg-open': no such program (errno 2)"
            ])
    }

    @Test(
        "the default fallback is to print the URL, and the browser list is AUTHFLOW_BROWSER, then BROWSER's entries, then the platform's opener"
    )
    func defaultsAndBrowserList() throws {
        let listener = try LoopbackListener(path: "/callback")
        let agent = LoopbackUserAgent(listener: listener)
        var printed = false
        do throws(AuthSessionError) {
            // .printURL writes to standard error and does not throw.
            try agent.browserUnavailable.handle("https://server.example.com/authorize", .userAgentFailed("none"))
            printed = true
        } catch {}
        #expect(printed)
        let environment = ["AUTHFLOW_BROWSER": "ci-browser", "BROWSER": "w3m::lynx"]
        #if canImport(Darwin)
            let opener = "open"
        #else
            let opener = "xdg-open"
        #endif
        #expect(SystemBrowser.commands { environment[$0] } == ["ci-browser", "w3m", "lynx", opener])
        #expect(SystemBrowser.commands { _ in nil } == [opener])
        #expect(SystemBrowser.commands { $0 == "AUTHFLOW_BROWSER" ? "" : nil } == [opener])
    }

    @Test("SystemBrowser tries each command in order and, when none starts, names every reason and what to do")
    func systemBrowserTriesEachCommand() throws {
        var tried: [String] = []
        #expect(throws: AuthSessionError.userAgentFailed("a: no; b: no (set BROWSER to a browser command, or open the URL yourself)")) {
            try SystemBrowser.open("https://x.example/", trying: ["a", "b"]) { command, _ throws(AuthSessionError) in
                tried.append(command)
                throw .userAgentFailed("\(command): no")
            }
        }
        #expect(tried == ["a", "b"])
        tried = []
        try SystemBrowser.open("https://x.example/", trying: ["a", "b", "c"]) { command, _ throws(AuthSessionError) in
            tried.append(command)
            if command == "a" { throw .userAgentFailed("a: no") }
        }
        #expect(tried == ["a", "b"])
    }

    @Test("cancelling the session stops the listener")
    func cancel() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let agent = LoopbackUserAgent(listener: listener) { _ in }
        let session = AuthenticationSession(url: try URI(parsing: Self.authorize), callback: listener.callback, userAgent: agent)
        let task = Task { try await session.authenticate() }
        try await Task.sleep(nanoseconds: 50_000_000)
        session.cancel()
        await #expect(throws: AuthSessionError.canceledLogin) { try await task.value }
        for _ in 0..<100 where RawClient.connect(port: listener.port) != nil { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(RawClient.connect(port: listener.port) == nil)
    }

    @Test("refuses an invalid callback path")
    func invalidPath() {
        #expect(throws: AuthSessionError.self) { try LoopbackListener(path: "no-slash") }
    }
}

@Suite("System browser")
struct SystemBrowserTests {
    @Test("a browser command that cannot be started is a typed error naming it; one that starts returns at once")
    func launch() throws {
        #expect(throws: AuthSessionError.userAgentFailed("cannot launch '/nonexistent/browser': no such program (errno 2)")) {
            try SystemBrowser.open("https://example.com/", command: "/nonexistent/browser")
        }
        try SystemBrowser.open("https://example.com/", command: "true")
    }
}
