// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import Foundation
import TestVectors
import Testing

@Suite("Base64URL")
struct Base64URLTests {
    struct RFC7515: Decodable {
        let octets: [UInt8]
        let encoded: String
    }

    struct RandomCases: Decodable {
        struct Case: Decodable {
            let bytes: String
            let text: String
        }
        let cases: [Case]
    }

    @Test("encodes and decodes the RFC 4648 §10 vectors without padding")
    func rfc4648() throws {
        let vectors = try RFC4648Vectors.load()
        for vector in vectors.base64 {
            let unpadded = vector.encoded.replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(vector.text.utf8) == unpadded)
            #expect(try Base64URL.decode(unpadded) == Array(vector.text.utf8))
            #expect(try Base64URL.decode(vector.encoded, options: .allowPadding) == Array(vector.text.utf8))
        }
    }

    @Test("encodes and decodes the RFC 7515 Appendix C example")
    func rfc7515() throws {
        let vector = try Vectors.json("RFC/rfc7515-appendix-c.json", as: RFC7515.self)
        #expect(Base64URL.encode(vector.octets) == vector.encoded)
        #expect(try Base64URL.decode(vector.encoded) == vector.octets)
    }

    @Test("agrees with Python's urlsafe_b64encode for every length from 0 to 100 bytes")
    func pythonRandom() throws {
        let vectors = try Vectors.json("Python/base64url-random.json", as: RandomCases.self)
        #expect(vectors.cases.count == 104)
        for vector in vectors.cases {
            let bytes = try Vectors.bytes(hex: vector.bytes)
            #expect(Base64URL.encode(bytes) == vector.text)
            #expect(Base64URL.encodedCount(forByteCount: bytes.count) == vector.text.utf8.count)
            #expect(try Base64URL.decode(vector.text) == bytes)
            #expect(try Base64URL.decode(bytes: Array(vector.text.utf8)) == bytes)
            #expect(try Base64URL.decode(bytes: AnySequence(vector.text.utf8)) == bytes)
        }
    }

    @Test("uses - and _ where standard base64 uses + and /")
    func urlAlphabet() throws {
        #expect(Base64URL.encode([0xfb, 0xff, 0xbf]) == "-_-_")
        #expect(try Base64URL.decode("-_-_") == [0xfb, 0xff, 0xbf])
    }

    @Test("rejects standard base64's + and / with their own error")
    func standardAlphabet() {
        #expect(throws: AuthBase64URLError.standardAlphabetCharacter(offset: 2)) { try Base64URL.decode("ab+d") }
        #expect(throws: AuthBase64URLError.standardAlphabetCharacter(offset: 3)) { try Base64URL.decode("abc/") }
    }

    @Test("rejects characters outside the alphabet at their byte offset")
    func invalidCharacters() {
        for (text, offset) in [("ab.d", 2), ("abc!", 3), ("\u{0}bcd", 0), ("abcé", 3), ("ab*", 2)] {
            #expect(throws: AuthBase64URLError.invalidCharacter(offset: offset)) { try Base64URL.decode(text) }
        }
    }

    @Test("reports exact offsets for problems after many whole groups of valid text")
    func offsetsDeepInLongInput() throws {
        let prefix = String(repeating: "AAAA", count: 250)
        #expect(throws: AuthBase64URLError.standardAlphabetCharacter(offset: 1001)) { try Base64URL.decode(prefix + "A+AA") }
        #expect(throws: AuthBase64URLError.invalidCharacter(offset: 1003)) { try Base64URL.decode(prefix + "AAA.") }
        #expect(throws: AuthBase64URLError.unexpectedPadding(offset: 1002)) { try Base64URL.decode(prefix + "Zg==") }
        #expect(throws: AuthBase64URLError.nonCanonicalTrailingBits(offset: 1001)) { try Base64URL.decode(prefix + "Zh") }
        #expect(throws: AuthBase64URLError.invalidLength(characterCount: 1001)) { try Base64URL.decode(prefix + "Z") }
        #expect(try Base64URL.decode(prefix + "Zg==", options: .allowPadding) == [UInt8](repeating: 0, count: 750) + [0x66])
        #expect(try Base64URL.decode(prefix + "Zm9v\nYmFy", options: .ignoreWhitespace).suffix(6) == Array("foobar".utf8))
    }

    @Test("rejects padding by default and accepts only correct padding when allowed")
    func padding() throws {
        #expect(throws: AuthBase64URLError.unexpectedPadding(offset: 2)) { try Base64URL.decode("Zg==") }
        #expect(try Base64URL.decode("Zg==", options: .allowPadding) == [0x66])
        #expect(try Base64URL.decode("Zg", options: .allowPadding) == [0x66])
        #expect(try Base64URL.decode("Zm8=", options: .allowPadding) == [0x66, 0x6f])
        #expect(throws: AuthBase64URLError.misplacedPadding(offset: 2)) {
            try Base64URL.decode("Zg=", options: .allowPadding)
        }
        #expect(throws: AuthBase64URLError.misplacedPadding(offset: 3)) {
            try Base64URL.decode("Zm8==", options: .allowPadding)
        }
        #expect(throws: AuthBase64URLError.misplacedPadding(offset: 4)) {
            try Base64URL.decode("Zm9v====", options: .allowPadding)
        }
        #expect(throws: AuthBase64URLError.misplacedPadding(offset: 2)) {
            try Base64URL.decode("Zg==Zg==", options: .allowPadding)
        }
    }

    @Test("rejects whitespace by default and skips it when allowed")
    func whitespace() throws {
        #expect(throws: AuthBase64URLError.whitespace(offset: 4)) { try Base64URL.decode("Zm9v\nYmFy") }
        #expect(try Base64URL.decode("Zm9v\r\nYm Fy\t", options: .ignoreWhitespace) == Array("foobar".utf8))
    }

    @Test("rejects a length that leaves a single character over")
    func impossibleLength() {
        #expect(throws: AuthBase64URLError.invalidLength(characterCount: 1)) { try Base64URL.decode("Z") }
        #expect(throws: AuthBase64URLError.invalidLength(characterCount: 5)) { try Base64URL.decode("Zm9vY") }
    }

    @Test("accepts exactly one text per byte string: non-zero trailing bits are rejected")
    func canonicalTrailingBits() throws {
        // The last character of a 1-byte text carries 2 data bits and 4 unused bits; of a 2-byte text,
        // 4 data bits and 2 unused. Of the 64 possible last characters, exactly 4 (resp. 16) decode, each
        // to bytes whose encoding is that very text; every other one is refused as non-canonical.
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var inputs: [[UInt8]] = []
        for first in UInt8.min...UInt8.max {
            inputs.append([first])
            inputs.append([first, 0xa5])
        }
        for bytes in inputs {
            let canonical = Array(Base64URL.encode(bytes).utf8)
            var accepted = 0
            for last in alphabet {
                let text: [UInt8] = canonical.dropLast() + [last]
                if let decoded = try? Base64URL.decode(bytes: text) {
                    accepted += 1
                    #expect(Array(Base64URL.encode(decoded).utf8) == text)
                } else {
                    #expect(throws: AuthBase64URLError.nonCanonicalTrailingBits(offset: text.count - 1)) {
                        try Base64URL.decode(bytes: text)
                    }
                }
            }
            #expect(accepted == (bytes.count == 1 ? 4 : 16))
        }
    }

    @Test("gives every error a stable code and a message that does not repeat the input")
    func errorDescriptions() {
        let errors: [AuthBase64URLError] = [
            .invalidCharacter(offset: 1), .standardAlphabetCharacter(offset: 1), .unexpectedPadding(offset: 1),
            .misplacedPadding(offset: 1), .whitespace(offset: 1), .invalidLength(characterCount: 5),
            .nonCanonicalTrailingBits(offset: 1),
        ]
        #expect(errors.map(\.code) == Array(2001...2007))
        for error in errors {
            #expect(error.description.hasPrefix("AuthBase64URLError \(error.code): "))
        }
        do {
            _ = try Base64URL.decode("secretvalue+")
        } catch {
            #expect(!error.description.contains("secret"))
        }
    }
}
