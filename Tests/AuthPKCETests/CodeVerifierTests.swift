// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthTesting
import TestVectors
import Testing

@testable import AuthPKCE

@Suite("CodeVerifier")
struct CodeVerifierTests {
    @Test("generated from the RFC 7636 Appendix B octets, is the Appendix B verifier")
    func rfc7636AppendixB() throws {
        let example = try AppendixB.load()
        var generator = ReplayRandomNumberGenerator(octets: example.octets)
        let verifier = CodeVerifier(using: &generator)
        #expect(verifier.value == example.code_verifier)
        #expect(generator.remainingOctetCount == 0)
    }

    @Test(
        "generates each allowed length from the fewest octets that fill it",
        arguments: [(43, 32), (44, 33), (64, 48), (86, 64), (127, 95), (128, 96)]
    )
    func generatedLengths(length: Int, octets: Int) throws {
        var generator = ReplayRandomNumberGenerator(octets: [UInt8](repeating: 0xa7, count: octets))
        let verifier = try CodeVerifier(length: length, using: &generator)
        #expect(verifier.value.utf8.count == length)
        #expect(generator.remainingOctetCount == 0)
        #expect(try CodeVerifier(verifier.value) == verifier)
    }

    @Test("generates valid verifiers of every length from 43 to 128")
    func everyLength() throws {
        var generator = SeededRandomNumberGenerator(seed: 7)
        for length in CodeVerifier.allowedLengths {
            let verifier = try CodeVerifier(length: length, using: &generator)
            #expect(verifier.value.utf8.count == length)
            #expect(try CodeVerifier(verifier.value).value == verifier.value)
        }
    }

    @Test("refuses to generate a length outside 43...128")
    func generatedLengthBounds() {
        var generator = SeededRandomNumberGenerator(seed: 1)
        for length in [-1, 0, 42, 129, 1000] {
            #expect(throws: AuthPKCEError.invalidVerifierLength(length)) {
                try CodeVerifier(length: length, using: &generator)
            }
        }
    }

    @Test("from the system generator, is new every time")
    func systemGenerator() throws {
        let verifiers = Set((0..<100).map { _ in CodeVerifier().value })
        #expect(verifiers.count == 100)
        #expect(try CodeVerifier(length: 128).value.utf8.count == 128)
    }

    @Test("accepts text of 43 and 128 characters and refuses 42 and 129 (RFC 7636 §4.1)")
    func textLengthBounds() throws {
        #expect(try CodeVerifier(String(repeating: "a", count: 43)).value.count == 43)
        #expect(try CodeVerifier(String(repeating: "a", count: 128)).value.count == 128)
        #expect(throws: AuthPKCEError.invalidVerifierLength(42)) { try CodeVerifier(String(repeating: "a", count: 42)) }
        #expect(throws: AuthPKCEError.invalidVerifierLength(129)) { try CodeVerifier(String(repeating: "a", count: 129)) }
        #expect(throws: AuthPKCEError.invalidVerifierLength(0)) { try CodeVerifier("") }
    }

    @Test("accepts every unreserved character and refuses anything else at its offset")
    func characters() throws {
        let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        #expect(try CodeVerifier(unreserved).value == unreserved)
        let base = String(repeating: "a", count: 50)
        for bad in ["+", "/", "=", " ", "%", "!", "\u{7f}", "é"] {
            let text = String(base.prefix(10)) + bad + String(base.prefix(40))
            #expect(throws: AuthPKCEError.invalidVerifierCharacter(offset: 10)) { try CodeVerifier(text) }
        }
    }

    /// RFC 7636 §4.1: `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`, ALPHA = %x41-5A / %x61-7A,
    /// DIGIT = %x30-39 — written out, not computed, so an off-by-one range in the code cannot hide here.
    static let rfc7636Unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"

    @Test("accepts exactly the 66 unreserved characters of RFC 7636 §4.1 among all 256 byte values")
    func everyByteValue() throws {
        let allowed = Set(Self.rfc7636Unreserved.utf8)
        #expect(allowed.count == 66 && Self.rfc7636Unreserved.utf8.count == 66)
        let prefix = String(repeating: "a", count: 10)
        let suffix = String(repeating: "b", count: 40)
        var accepted = 0
        for value in 0...255 {
            let byte = UInt8(value)
            // The byte rule itself, over every octet (most octets above 0x7f cannot stand alone in a String).
            #expect(CharacterRules.firstNonUnreserved(in: [0x61, byte, 0x61]) == (allowed.contains(byte) ? nil : 1), "byte \(value)")
            // Through the public initializer: U+0000…U+00FF at offset 10 (above 0x7f, two UTF-8 octets).
            let text = prefix + String(Character(Unicode.Scalar(byte))) + suffix
            if allowed.contains(byte) {
                #expect(try CodeVerifier(text).value == text, "byte \(value)")
                accepted += 1
            } else {
                #expect(throws: AuthPKCEError.invalidVerifierCharacter(offset: 10), "byte \(value)") { try CodeVerifier(text) }
            }
        }
        #expect(accepted == 66)
        // The neighbours of each range, by name: the bugs an off-by-one would let through.
        for neighbour in ["@", "[", "`", "{", ":", "/", ",", "^", "}", "\u{7f}"] {
            #expect(throws: AuthPKCEError.invalidVerifierCharacter(offset: 10), "\(neighbour)") {
                try CodeVerifier(prefix + neighbour + suffix)
            }
        }
    }

    @Test("never shows its value in description")
    func redaction() {
        let verifier = CodeVerifier()
        #expect(!verifier.description.contains(verifier.value))
        #expect(!"\(verifier)".contains(verifier.value))
        #expect(verifier.description == "CodeVerifier(<redacted>, 43 characters)")
    }
}
