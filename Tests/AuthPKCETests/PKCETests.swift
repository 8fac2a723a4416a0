// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthPKCE
import AuthTesting
import TestVectors
import Testing

@Suite("PKCE")
struct PKCETests {
    @Test("defaults to S256 with a fresh 43-character verifier")
    func defaults() {
        let pkce = PKCE()
        #expect(pkce.challenge.method == .s256)
        #expect(pkce.verifier.value.utf8.count == 43)
        #expect(pkce.challenge == CodeChallenge(verifier: pkce.verifier))
        #expect(pkce.challenge.matches(pkce.verifier))
        #expect(PKCE().verifier != pkce.verifier)
    }

    @Test("is the same pair for the same seed, and a different one for another seed")
    func determinism() {
        var first = SeededRandomNumberGenerator(seed: 2026)
        var second = SeededRandomNumberGenerator(seed: 2026)
        var other = SeededRandomNumberGenerator(seed: 2027)
        let pair = PKCE(using: &first)
        #expect(pair == PKCE(using: &second))
        #expect(pair != PKCE(using: &other))
    }

    @Test("reproduces RFC 7636 Appendix B end to end from its octets")
    func appendixB() throws {
        let example = try AppendixB.load()
        var generator = ReplayRandomNumberGenerator(octets: example.octets)
        let pkce = PKCE(using: &generator)
        #expect(pkce.verifier.value == example.code_verifier)
        #expect(pkce.challenge.value == example.code_challenge)
    }

    @Test("takes plain only by explicit request, and refuses unknown methods")
    func explicitMethods() throws {
        let verifier = CodeVerifier()
        #expect(try PKCE(verifier: verifier, method: .plain).challenge.value == verifier.value)
        #expect(throws: AuthPKCEError.unsupportedChallengeMethod(CodeChallengeMethod(rawValue: "none"))) {
            try PKCE(verifier: verifier, method: CodeChallengeMethod(rawValue: "none"))
        }
    }

    @Test("shows the challenge but not the verifier in its description")
    func redaction() {
        let pkce = PKCE()
        #expect(!pkce.description.contains(pkce.verifier.value))
        #expect(pkce.description.contains(pkce.challenge.value))
    }

    @Test("gives every error a stable code and a message citing the rule without the value")
    func errorDescriptions() throws {
        let errors: [AuthPKCEError] = [
            .invalidVerifierLength(3), .invalidVerifierCharacter(offset: 1),
            .unsupportedChallengeMethod(CodeChallengeMethod(rawValue: "x")),
            .invalidChallenge(method: .s256), .emptyState, .invalidStateCharacter(offset: 1), .emptyNonce,
            .invalidNonceCharacter(offset: 1),
        ]
        #expect(errors.map(\.code) == Array(3001...3008))
        for error in errors { #expect(error.description.hasPrefix("AuthPKCEError \(error.code): ")) }
        #expect(AuthPKCEError.invalidVerifierLength(3).description.contains("RFC 7636 §4.1"))
        let secret = String(repeating: "s", count: 42)
        do {
            _ = try CodeVerifier(secret)
            Issue.record("a 42-character verifier was accepted")
        } catch {
            #expect(!error.description.contains(secret))
        }
    }
}
