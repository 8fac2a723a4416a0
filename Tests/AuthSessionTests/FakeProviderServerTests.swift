// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthTesting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fake provider's HTTP server against a client that misbehaves (it lives beside the loopback
/// listener's stress tests, whose raw-socket clients it uses).
@Suite("FakeProviderServer")
struct FakeProviderServerTests {
    @Test("a client that connects and sends nothing does not hold up the next request")
    func stalledConnectionDoesNotHoldUpOthers() async throws {
        let server = try FakeProviderServer()
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.issuer = server.baseURL
        server.start(serving: FakeOpenIDProvider(configuration))
        defer { server.stop() }
        let stalled = try #require(HostileClient.open(port: server.port))
        defer { close(stalled) }
        try await Task.sleep(for: .milliseconds(100))  // the accept loop takes the stalled connection first

        // Served one at a time, the second request waited for the first one's 5-second read deadline. The
        // 1-second bound holds on a quiet machine (`.ci/run` runs this suite alone with
        // AUTHFLOW_TIMING_CHECKS=1); in the full suite on 2 cores the server's task may wait long for a thread.
        let port = server.port
        let budget = HostileClient.budget
        let exchange = await withCheckedContinuation { continuation in
            // A blocking client, so off the cooperative threads the server needs.
            DispatchQueue.global().async {
                continuation.resume(returning: HostileClient.get(port: port, "/.well-known/openid-configuration", within: budget))
            }
        }
        let answer = try #require(exchange)
        #expect(answer.response.hasPrefix("HTTP/1.1 200"))
        #expect(answer.response.contains("\"issuer\""))
    }
}
