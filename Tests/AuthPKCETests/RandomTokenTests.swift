// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthPKCE
import AuthTesting
import TestVectors
import Testing

@Suite("RandomToken: OAuthState and OIDCNonce")
struct RandomTokenTests {
    @Test("are generated as 43 base64url characters, fresh each time")
    func generation() {
        let states = Set((0..<50).map { _ in OAuthState().value })
        let nonces = Set((0..<50).map { _ in OIDCNonce().value })
        #expect(states.count == 50 && nonces.count == 50)
        #expect(states.allSatisfy { $0.utf8.count == 43 })
        #expect(nonces.allSatisfy { $0.utf8.count == 43 })
        var generator = SeededRandomNumberGenerator(seed: 9)
        var again = SeededRandomNumberGenerator(seed: 9)
        #expect(OAuthState(using: &generator) == OAuthState(using: &again))
        #expect(OIDCNonce(using: &generator) == OIDCNonce(using: &again))
    }

    @Test("match only the exact value received")
    func matching() throws {
        let state = try OAuthState("af0ifjsldkj")  // the state of RFC 6749 §4.1.1's example
        #expect(state.matches("af0ifjsldkj"))
        #expect(!state.matches("af0ifjsldk"))
        #expect(!state.matches("af0ifjsldkj "))
        #expect(!state.matches(""))
        let nonce = try OIDCNonce("n-0S6_WzA2Mj")  // the nonce of OpenID Connect Core §3.1.2.1's example
        #expect(nonce.matches("n-0S6_WzA2Mj"))
        #expect(!nonce.matches("n-0S6_WzA2MJ"))
    }

    @Test("accept printable ASCII and refuse empty values and other characters at their offset")
    func validation() throws {
        #expect(try OAuthState(" ~any printable!").value == " ~any printable!")
        #expect(throws: AuthPKCEError.emptyState) { try OAuthState("") }
        #expect(throws: AuthPKCEError.invalidStateCharacter(offset: 3)) { try OAuthState("abc\ndef") }
        #expect(throws: AuthPKCEError.invalidStateCharacter(offset: 1)) { try OAuthState("aé") }
        #expect(throws: AuthPKCEError.emptyNonce) { try OIDCNonce("") }
        #expect(throws: AuthPKCEError.invalidNonceCharacter(offset: 0)) { try OIDCNonce("\u{0}") }
    }

    @Test("are distinct types, so a state is never accepted where a nonce is expected")
    func distinctTypes() {
        #expect(OAuthState.self != OIDCNonce.self)
        #expect(!(OAuthState() as Any is OIDCNonce))
    }

    @Test("never show their value in description")
    func redaction() {
        let state = OAuthState()
        let nonce = OIDCNonce()
        #expect(state.description == "OAuthState(<redacted>)")
        #expect(nonce.description == "OIDCNonce(<redacted>)")
        #expect(!"\(state) \(nonce)".contains(state.value))
    }
}
