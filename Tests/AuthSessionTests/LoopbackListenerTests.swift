// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthSession
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The listener under hostile and stray local traffic (RFC 8252 §7.3, §8.3): forged, stateless and
/// cross-site requests, idle and slowloris connections, and binding a fixed port again. Offline, on
/// 127.0.0.1 only; every client call is bounded, so a listener that does not answer fails the test quickly.
@Suite("Loopback listener, under hostile local traffic")
struct LoopbackListenerTests {
    /// The session's `state`, as the authorization URL of `LoopbackUserAgentTests.run` carries it.
    static let state = "xyz"

    static func formPost(port: UInt16, origin: String, body: String) -> [UInt8] {
        Array(
            ("POST /callback HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: \(origin)\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)").utf8)
    }

    @Test("a forged, missing or repeated state and a cross-site form POST get an error page, and the wait goes on")
    func foreignRequests() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let responses = LockedStrings()
        let result = await LoopbackUserAgentTests.run(listener: listener) { port in
            for target in [
                "/callback?code=evil&state=forged", "/callback?code=evil", "/callback", "/callback?code=evil&state=xyz&state=forged",
                "/callback?code=evil&state=XYZ", "/callback?code=evil&state=xyz%00",
            ] {
                responses.append(HostileClient.get(port: port, target)?.response ?? "no answer")
            }
            for body in ["code=evil", "code=evil&state=guess", "error=access_denied"] {
                let post = HostileClient.exchange(
                    port: port, Self.formPost(port: port, origin: "https://attacker.example", body: body), within: HostileClient.budget)
                responses.append(post?.response ?? "no answer")
            }
            responses.append(HostileClient.get(port: port, "/callback?code=genuine&state=xyz")?.response ?? "no answer")
        }
        #expect(try result.get().callbackURL.query == "code=genuine&state=xyz", "only the redirect with the session's state ends the wait")
        let all = responses.all
        #expect(all.count == 10)
        for response in all.prefix(9) {
            #expect(response.hasPrefix("HTTP/1.1 400 Bad Request"), "\(response.prefix(40))")
            #expect(response.contains("Not this sign-in") && !response.contains("Signed in"))
        }
        #expect(all.last?.hasPrefix("HTTP/1.1 200 OK") == true)
        #expect(all.last?.contains("<h1>Signed in</h1>") == true)
    }

    @Test("an OAuth error with the session's state gets an error page, not 'Signed in', and is delivered")
    func errorResponse() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let responses = LockedStrings()
        let result = await LoopbackUserAgentTests.run(listener: listener) { port in
            responses.append(
                HostileClient.get(port: port, "/callback?error=access_denied%3Cb%3E&error_description=no&state=xyz")?.response
                    ?? "no answer")
        }
        let redirect = try result.get()
        #expect(redirect.callbackURL.query == "error=access_denied%3Cb%3E&error_description=no&state=xyz")
        #expect(
            throws: AuthCallbackError.errorResponse(
                OAuthErrorResponse(error: OAuthErrorCode(rawValue: "access_denied<b>"), errorDescription: "no"))
        ) {
            try AuthorizationResponse(callback: redirect.callbackURL, expecting: .init(state: Self.state))
        }
        let page = try #require(responses.all.first)
        #expect(page.hasPrefix("HTTP/1.1 200 OK"))
        #expect(page.contains("<h1>Sign-in failed</h1>") && !page.contains("Signed in"))
        #expect(
            page.contains("access_denied&lt;b&gt;") && !page.contains("<b>"), "the server's error code is shown as text, never as markup")
    }

    @Test("a GET error redirect without any state gets an error page, and the wait goes on to the session's own redirect")
    func statelessErrorRedirectKeepsWaiting() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let responses = LockedStrings()
        let result = await LoopbackUserAgentTests.run(listener: listener) { port in
            // Still foreign: a stateless code, and a stateless error that also carries a code.
            responses.append(HostileClient.get(port: port, "/callback?code=evil")?.response ?? "no answer")
            responses.append(HostileClient.get(port: port, "/callback?error=access_denied&code=evil")?.response ?? "no answer")
            // Any local process, or a page that guessed the port, can send this: it must not end the login.
            responses.append(
                HostileClient.get(port: port, "/callback?error=access_denied&error_description=User%20denied")?.response ?? "no answer")
            responses.append(HostileClient.get(port: port, "/callback?code=genuine&state=xyz")?.response ?? "no answer")
        }
        #expect(try result.get().callbackURL.query == "code=genuine&state=xyz", "the stateless error did not end the wait")
        let all = responses.all
        #expect(all.count == 4)
        for response in all.prefix(2) { #expect(response.contains("Not this sign-in")) }
        let page = all[2]
        #expect(page.hasPrefix("HTTP/1.1 200 OK"))
        #expect(page.contains("<h1>Sign-in failed</h1>") && page.contains("access_denied") && !page.contains("Signed in"))
        #expect(page.contains("keeps waiting"), "the page says the application is still waiting")
        #expect(all[3].contains("<h1>Signed in</h1>"))
    }

    @Test("a stateless error redirect is reported, as unverified, when the wait times out without the session's redirect")
    func statelessErrorRedirectAtTimeout() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let responses = LockedStrings()
        let result = await LoopbackUserAgentTests.run(listener: listener, timeout: .seconds(2)) { port in
            responses.append(
                HostileClient.get(port: port, "/callback?error=access_denied&error_description=User%20denied")?.response ?? "no answer")
            // A second one does not replace the first.
            responses.append(HostileClient.get(port: port, "/callback?error=server_error")?.response ?? "no answer")
        }
        #expect(
            throws: AuthSessionError.unverifiedErrorResponse(OAuthErrorResponse(error: .accessDenied, errorDescription: "User denied"))
        ) { try result.get() }
        #expect(AuthSessionError.unverifiedErrorResponse(OAuthErrorResponse(error: .accessDenied)).code == 9008)
        #expect(responses.all.count == 2 && responses.all.allSatisfy { $0.contains("<h1>Sign-in failed</h1>") })
    }

    @Test("a stateless error redirect is reported, as unverified, when the user agent's task is cancelled")
    func statelessErrorRedirectAtCancel() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let agent = LoopbackUserAgent(listener: listener, timeout: .seconds(120)) { _ in }
        let request = UserAgentRequest(url: try URI(parsing: LoopbackUserAgentTests.authorize), callback: listener.callback)
        let task = Task { try await agent.present(request) }
        let port = listener.port
        let page = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: HostileClient.get(port: port, "/callback?error=access_denied")?.response) }.start()
        }
        #expect(page?.contains("<h1>Sign-in failed</h1>") == true, "the error page was served before the cancel")
        task.cancel()
        let outcome = await task.result
        #expect(throws: AuthSessionError.unverifiedErrorResponse(OAuthErrorResponse(error: .accessDenied))) { try outcome.get() }
    }

    @Test("a response with the session's state but no code is delivered with an error page")
    func missingCode() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let responses = LockedStrings()
        let result = await LoopbackUserAgentTests.run(listener: listener) { port in
            responses.append(HostileClient.get(port: port, "/callback?state=xyz")?.response ?? "no answer")
        }
        #expect(try result.get().callbackURL.query == "state=xyz")
        #expect(responses.all.first?.contains("<h1>Sign-in failed</h1>") == true)
    }

    @Test("without a state in the authorization URL, the first request on the path ends the wait, as before")
    func noStateInURL() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let result = await LoopbackUserAgentTests.run(listener: listener, authorize: "https://server.example.com/authorize?client_id=cli") {
            port in
            _ = HostileClient.get(port: port, "/callback?code=anything")
        }
        #expect(try result.get().callbackURL.query == "code=anything")
    }

    @Test("with 200 idle and 30 slowloris connections open, the genuine redirect is answered within a second")
    func stress() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let limit = LoopbackListener.maximumConnections
        let report = StressReport()
        let result = await LoopbackUserAgentTests.run(listener: listener, timeout: .seconds(60), clientTimeout: .seconds(30)) { port in
            // First make sure the listener is serving (a stray path gets its 404), so that what is measured is
            // the listener under load, not the test runner's scheduling.
            _ = HostileClient.get(port: port, "/warm-up")
            let idle = HostileClient.openMany(200, port: port)
            let slow = HostileClient.openMany(30, port: port)
            let hostile = idle + slow
            defer { for descriptor in hostile { close(descriptor) } }
            // Slowloris: a head that looks right, one byte every 200 ms, never finished.
            let stop = StopFlag()
            let slowloris = Thread {
                let head = Array("GET /callback?code=slow&state=xyz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
                var sent = 0
                while !stop.isSet {
                    for descriptor in slow { HostileClient.send(descriptor, [sent < head.count ? head[sent] : UInt8(ascii: "a")]) }
                    sent += 1
                    Thread.sleep(forTimeInterval: 0.2)
                }
            }
            slowloris.start()
            defer { stop.set() }
            // The listener keeps at most `limit` of them, closing the oldest first.
            for _ in 0..<HostileClient.polls where hostile.count(where: HostileClient.isClosedByPeer) < hostile.count - limit {
                Thread.sleep(forTimeInterval: 0.01)
            }
            Thread.sleep(forTimeInterval: 0.45)  // two more slowloris bytes
            report.record(
                closedEarly: hostile.count(where: HostileClient.isClosedByPeer), oldestClosed: HostileClient.isClosedByPeer(idle[0]),
                slowOpen: slow.count { !HostileClient.isClosedByPeer($0) }, opened: hostile.count)
            report.answer(HostileClient.get(port: port, "/callback?code=forged&state=forged"))
            report.answer(HostileClient.get(port: port, "/callback?code=stateless"))
            report.answer(
                HostileClient.exchange(
                    port: port, LoopbackListenerTests.formPost(port: port, origin: "https://attacker.example", body: "code=evil"),
                    within: HostileClient.budget))
            report.answer(HostileClient.get(port: port, "/callback?code=genuine&state=xyz", within: HostileClient.budget))
            // Once the wait is over, every connection the listener held is closed.
            for _ in 0..<HostileClient.polls where hostile.count(where: HostileClient.isClosedByPeer) < hostile.count {
                Thread.sleep(forTimeInterval: 0.01)
            }
            report.record(closedAtEnd: hostile.count(where: HostileClient.isClosedByPeer))
        }
        #expect(try result.get().callbackURL.query == "code=genuine&state=xyz")
        for _ in 0..<HostileClient.polls where report.closedAtEnd == nil { try await Task.sleep(nanoseconds: 10_000_000) }
        let figures = report.snapshot
        #expect(figures.opened == 230)
        #expect(figures.closedEarly >= 230 - limit, "at most \(limit) connections are kept open")
        #expect(figures.oldestClosed, "the oldest idle connection is the first to go")
        #expect(figures.slowOpen == 30, "the newest connections, the slowloris ones, are still open when the redirect comes")
        #expect(figures.answers.count == 4)
        for answer in figures.answers.prefix(3) { #expect(answer?.response.hasPrefix("HTTP/1.1 400 Bad Request") == true) }
        let genuine = try #require(figures.answers.last ?? nil, "the genuine redirect is answered within 1 second")
        #expect(genuine.response.hasPrefix("HTTP/1.1 200 OK") && genuine.response.contains("<h1>Signed in</h1>"))
        #expect(genuine.elapsed < HostileClient.budget)
        #expect(figures.closedAtEnd == 230, "no connection is left open")
        #expect(RawClient.connect(port: listener.port) == nil, "and the listener is closed")
    }

    @Test("a client that sends its head a byte at a time is dropped at its own deadline, not kept alive by each byte")
    func slowlorisDeadline() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let dropped = LockedStrings()
        let result = await LoopbackUserAgentTests.run(listener: listener, clientTimeout: .milliseconds(300)) { port in
            _ = HostileClient.get(port: port, "/warm-up")  // the listener is serving: its deadlines are what is measured
            guard let slow = HostileClient.open(port: port) else { return }
            defer { close(slow) }
            let clock = ContinuousClock()
            let start = clock.now
            for byte in Array("GET /callback?code=slow&state=xyz HTTP/1.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8) {
                if HostileClient.isClosedByPeer(slow) { break }
                HostileClient.send(slow, [byte])
                Thread.sleep(forTimeInterval: 0.05)
            }
            if HostileClient.isClosedByPeer(slow) { dropped.append("after \(clock.now - start)") }
            _ = HostileClient.get(port: port, "/callback?code=after&state=xyz")
        }
        #expect(try result.get().callbackURL.query == "code=after&state=xyz")
        #expect(dropped.all.count == 1, "the slow client was closed before its 70 bytes (3.5 s) were sent")
    }

    @Test("a request head over 16 KiB is refused with 400, whether it ends or not, and the wait goes on")
    func oversizedHead() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let responses = LockedStrings()
        let result = await LoopbackUserAgentTests.run(listener: listener) { port in
            let head = "GET /callback?state=xyz HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 17 * 1024)
            for request in [head, head + "\r\n\r\n"] {  // unfinished, and finished in one piece
                responses.append(
                    HostileClient.exchange(port: port, Array(request.utf8), within: HostileClient.budget)?.response ?? "no answer")
            }
            _ = HostileClient.get(port: port, "/callback?code=ok&state=xyz")
        }
        #expect(try result.get().callbackURL.query == "code=ok&state=xyz")
        #expect(responses.all.count == 2)
        for response in responses.all {
            #expect(response.hasPrefix("HTTP/1.1 400 Bad Request") && response.contains("request head over 16384 bytes"))
        }
    }

    @Test("a fixed port can be bound again right after a login on it (SO_REUSEADDR, RFC 8252 §7.3)")
    func rebindAfterLogin() async throws {
        let port = try LoopbackListener(path: "/callback").port  // a free port; that listener closes at once
        let listener = try LoopbackListener(path: "/callback", port: port)
        let responses = LockedStrings()
        let result = await LoopbackUserAgentTests.run(listener: listener) { port in
            // Reads to the end and then closes: the listener closed first, so its side is in TIME_WAIT.
            responses.append(RawClient.get(port: port, "/callback?code=first&state=xyz"))
        }
        #expect(try result.get().callbackURL.query == "code=first&state=xyz")
        for _ in 0..<200 where responses.all.isEmpty { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(responses.all.first?.hasPrefix("HTTP/1.1 200 OK") == true)
        let again = try LoopbackListener(path: "/callback", port: port)
        #expect(again.port == port)
        let second = await LoopbackUserAgentTests.run(listener: again) { port in
            _ = RawClient.get(port: port, "/callback?code=second&state=xyz")
        }
        #expect(try second.get().callbackURL.query == "code=second&state=xyz")
    }

    @Test("two listeners cannot hold the same port at once")
    func portInUse() throws {
        let listener = try LoopbackListener(path: "/callback")
        #expect(throws: AuthSessionError.socketFailure(operation: "bind", errno: EADDRINUSE)) {
            try LoopbackListener(path: "/callback", port: listener.port)
        }
    }
}

/// What the stress test's browser thread saw, read by the test afterwards.
final class StressReport: @unchecked Sendable {
    struct Figures {
        var opened = 0
        var closedEarly = 0
        var oldestClosed = false
        var slowOpen = 0
        var answers: [(response: String, elapsed: Duration)?] = []
        var closedAtEnd: Int?
    }

    private var figures = Figures()
    private let lock = NSLock()

    var snapshot: Figures { lock.withLock { figures } }
    var closedAtEnd: Int? { lock.withLock { figures.closedAtEnd } }

    func record(closedEarly: Int, oldestClosed: Bool, slowOpen: Int, opened: Int) {
        lock.withLock {
            figures.closedEarly = closedEarly
            figures.oldestClosed = oldestClosed
            figures.slowOpen = slowOpen
            figures.opened = opened
        }
    }

    func answer(_ answer: (response: String, elapsed: Duration)?) { lock.withLock { figures.answers.append(answer) } }
    func record(closedAtEnd: Int) { lock.withLock { figures.closedAtEnd = closedAtEnd } }
}
