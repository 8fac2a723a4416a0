// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthPKCE
import TestVectors
import Testing

@Suite("CodeChallenge")
struct CodeChallengeTests {
    @Test("of the RFC 7636 Appendix B verifier, is the Appendix B challenge")
    func rfc7636AppendixB() throws {
        let example = try AppendixB.load()
        let challenge = CodeChallenge(verifier: try CodeVerifier(example.code_verifier))
        #expect(challenge.value == example.code_challenge)
        #expect(challenge.method == .s256)
        #expect(challenge.method.rawValue == "S256")
    }

    @Test("agrees with Python's hashlib + base64 for verifiers of every length")
    func pythonChallenges() throws {
        let vectors = try PythonChallenges.load()
        #expect(vectors.cases.count == 86)
        for vector in vectors.cases {
            let verifier = try CodeVerifier(vector.verifier)
            #expect(CodeChallenge(verifier: verifier).value == vector.challenge)
            #expect(try CodeChallenge(value: vector.challenge, method: .s256).matches(verifier))
        }
    }

    @Test("uses plain only when asked, and then the challenge is the verifier")
    func plain() throws {
        let verifier = try CodeVerifier(String(repeating: "p", count: 43))
        let challenge = try CodeChallenge(verifier: verifier, method: .plain)
        #expect(challenge.value == verifier.value)
        #expect(challenge.method.rawValue == "plain")
        #expect(CodeChallenge(verifier: verifier).method == .s256)
    }

    @Test("refuses a method it cannot compute, naming it")
    func unsupportedMethod() throws {
        let verifier = CodeVerifier()
        #expect(throws: AuthPKCEError.unsupportedChallengeMethod(CodeChallengeMethod(rawValue: "s256"))) {
            try CodeChallenge(verifier: verifier, method: CodeChallengeMethod(rawValue: "s256"))
        }
        #expect(throws: AuthPKCEError.unsupportedChallengeMethod(CodeChallengeMethod(rawValue: "S512"))) {
            try CodeChallenge(value: "x", method: CodeChallengeMethod(rawValue: "S512"))
        }
    }

    @Test("matches only the verifier it came from (RFC 7636 §4.6)")
    func matching() throws {
        let example = try AppendixB.load()
        let received = try CodeChallenge(value: example.code_challenge, method: .s256)
        #expect(received.matches(try CodeVerifier(example.code_verifier)))
        var wrong = Array(example.code_verifier.utf8)
        wrong[0] = UInt8(ascii: "e")
        #expect(!received.matches(try CodeVerifier(String(decoding: wrong, as: UTF8.self))))
        let plain = try CodeChallenge(value: example.code_verifier, method: .plain)
        #expect(plain.matches(try CodeVerifier(example.code_verifier)))
        #expect(!plain.matches(CodeVerifier()))
    }

    @Test("validates received challenges for their method")
    func receivedValidation() throws {
        let example = try AppendixB.load()
        #expect(throws: AuthPKCEError.invalidChallenge(method: .s256)) {
            try CodeChallenge(value: example.code_challenge.dropLast(), method: .s256)
        }
        #expect(throws: AuthPKCEError.invalidChallenge(method: .s256)) {
            try CodeChallenge(value: example.code_challenge + "A", method: .s256)
        }
        #expect(throws: AuthPKCEError.invalidChallenge(method: .s256)) {
            try CodeChallenge(value: String(example.code_challenge.dropLast()) + "+", method: .s256)
        }
        #expect(throws: AuthPKCEError.invalidChallenge(method: .plain)) {
            try CodeChallenge(value: "too-short", method: .plain)
        }
    }

    @Test("describes itself in full, since a challenge is public")
    func description() throws {
        let example = try AppendixB.load()
        let challenge = CodeChallenge(verifier: try CodeVerifier(example.code_verifier))
        #expect(challenge.description == "CodeChallenge(S256: \(example.code_challenge))")
    }
}
