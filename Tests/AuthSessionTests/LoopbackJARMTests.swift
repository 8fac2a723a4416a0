// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthSession
import Testing

@Suite("Loopback listener and JARM: a response JWT whose state claim is the session's ends the wait")
struct LoopbackJARMTests {
    static let authorize = "https://server.example.com/authorize?client_id=cli&state=xyz&response_mode=jwt"

    /// An unsigned-looking JWT with `claims` (the listener reads, it does not verify: the client does).
    static func token(_ claims: String) -> String {
        Base64URL.encode(Array(#"{"alg":"ES256"}"#.utf8)) + "." + Base64URL.encode(Array(claims.utf8)) + ".c2ln"
    }

    @Test("a response JWT with another state (or none) is foreign; the session's one is delivered")
    func stateInsideTheJWT() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let responses = LockedStrings()
        let forged = Self.token(#"{"code":"stolen","state":"abc"}"#)
        let stateless = Self.token(#"{"code":"stolen"}"#)
        let good = Self.token(#"{"code":"c","state":"xyz"}"#)
        let result = await LoopbackUserAgentTests.run(listener: listener, authorize: Self.authorize) { port in
            responses.append(RawClient.get(port: port, "/callback?response=\(forged)"))
            responses.append(RawClient.get(port: port, "/callback?response=\(stateless)"))
            responses.append(RawClient.get(port: port, "/callback?response=\(good)"))
        }
        let redirect = try result.get()
        #expect(redirect.callbackURL.text.hasSuffix("/callback?response=\(good)"))
        #expect(responses.all.count == 3)
        #expect(responses.all.prefix(2).allSatisfy { !$0.hasPrefix("HTTP/1.1 200 OK") })
    }

    @Test("a request-object login's state and JWT mode, told to the session, filter a URL that shows neither")
    func expectedRedirectInsideARequestObject() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let responses = LockedStrings()
        let forged = Self.token(#"{"code":"stolen","state":"abc"}"#)
        let good = Self.token(#"{"code":"c","state":"xyz"}"#)
        // RFC 9101 §5.1: state and response_mode travel inside the request object.
        let byValue = "https://server.example.com/authorize?client_id=cli&request=eyJhbGciOiJFUzI1NiJ9.e30.c2ln"
        let expected = ExpectedRedirect(state: "xyz", isResponseJWT: true)
        let result = await LoopbackUserAgentTests.run(listener: listener, authorize: byValue, expectedRedirect: expected) { port in
            responses.append(RawClient.get(port: port, "/callback?response=\(forged)"))
            responses.append(RawClient.get(port: port, "/callback?code=stolen"))
            responses.append(RawClient.get(port: port, "/callback?response=\(good)"))
        }
        #expect(try result.get().callbackURL.text.hasSuffix("/callback?response=\(good)"))
        #expect(responses.all.count == 3)
        #expect(responses.all.prefix(2).allSatisfy { !$0.hasPrefix("HTTP/1.1 200 OK") })
    }

    @Test("without response_mode=jwt in the URL, a lone response parameter is foreign (no state)")
    func plainModeIgnoresResponseJWT() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let good = Self.token(#"{"code":"c","state":"xyz"}"#)
        let result = await LoopbackUserAgentTests.run(listener: listener, timeout: .seconds(2)) { port in
            _ = RawClient.get(port: port, "/callback?response=\(good)")
        }
        #expect(throws: AuthSessionError.self) { try result.get() }
    }
}
