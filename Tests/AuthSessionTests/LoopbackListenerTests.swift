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
        let second = await LoopbackUserAgentTests.run(listener: again) { port in _ = RawClient.get(port: port, "/callback?code=second&state=xyz") }
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

