// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import TestVectors
import Testing

@Suite("FormParameter")
struct FormParameterTests {
    struct Cases: Decodable {
        struct Case: Decodable {
            let value: String
            let encoded: String
        }
        let cases: [Case]
    }

    @Test("encodes 157 strings exactly as Python's urllib.parse.quote, and decodes them back")
    func pythonQuote() throws {
        let file = try Vectors.json("Python/form-encoding.json", as: Cases.self)
        #expect(file.cases.count == 157)
        for vector in file.cases {
            let text = FormParameter.encode([FormParameter(name: "v", value: vector.value)])
            #expect(text == "v=" + vector.encoded, "\(vector.value)")
            #expect(try FormParameter.parse(Array(text.utf8)) == [FormParameter(name: "v", value: vector.value)])
        }
    }

    @Test("joins several parameters with & and encodes names too")
    func several() {
        #expect(
            FormParameter.encode([FormParameter(name: "response_type", value: "code id_token"), FormParameter(name: "a b", value: "")])
                == "response_type=code%20id_token&a%20b=")
        #expect(FormParameter.encode([]) == "")
    }

    static func parse(_ text: String) throws(AuthCallbackError) -> [FormParameter] { try FormParameter.parse(Array(text.utf8)) }

    /// RFC 3986 §2.1 and the form rule (`+` is a space), applied to text the test writes: an independent
    /// reference for where the decoder's eight-byte steps fall.
    static func reference(_ text: String) -> String {
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let byte = rest.first {
            if byte == UInt8(ascii: "%"), rest.count >= 3,
                let value = UInt8(String(decoding: rest.dropFirst().prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                rest = rest.dropFirst(3)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                rest = rest.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("decodes %XX, + and plain text at every position around the 8- and 16-byte steps (lengths 0 to 40)")
    func boundaries() throws {
        for length in 0...40 {
            let plain = String(repeating: "v", count: length)
            #expect(try Self.parse("n=" + plain) == [FormParameter(name: "n", value: plain)])
            for position in 0...length {
                let before = String(plain.prefix(position))
                let after = String(plain.dropFirst(position))
                for insert in ["%41", "+", "%2B", "%25", "%C3%A9", "\u{E9}", "=", "%3D", "%26"] {
                    let value = before + insert + after
                    #expect(try Self.parse("n=" + value) == [FormParameter(name: "n", value: Self.reference(value))], "\(value)")
                    #expect(try Self.parse(value + "=x") == [FormParameter(name: Self.reference(value), value: "x")] || insert == "=")
                }
                let split = before + "&" + after
                #expect(
                    try Self.parse("n=" + split)
                        == [FormParameter(name: "n", value: before)] + (after.isEmpty ? [] : [FormParameter(name: after, value: "")]))
            }
        }
    }

    @Test("makes values of exactly 15 and 16 bytes (the small-string limit) as plain text and when decoded")
    func smallStringLimit() throws {
        for length in [14, 15, 16, 17] {
            let value = String(repeating: "x", count: length)
            #expect(try Self.parse("v=" + value)[0].value == value)
            #expect(try Self.parse("v=" + value)[0].value.utf8.count == length)
            let decoded = String(repeating: "x", count: length - 1) + "/"
            #expect(try Self.parse("v=" + String(repeating: "x", count: length - 1) + "%2F")[0].value == decoded)
            #expect(
                try Self.parse("v=" + String(repeating: "x", count: length - 1) + "+")[0].value == String(repeating: "x", count: length - 1)
                    + " ")
        }
    }

    @Test("decodes values longer than a small string with many escapes, and refuses a bad escape or bad UTF-8 anywhere in them")
    func longEscapedValues() throws {
        // Values of 16 to 52 bytes once decoded, each with 1 to 12 escapes spread over them, so the decoded text is
        // shorter than the written text by 2 bytes an escape (RFC 3986 §2.1): every escape position around the
        // eight-byte steps.
        for escapes in [1, 2, 3, 5, 8, 12] {
            for plainLength in 16...40 {
                let plain = Array(repeating: "q", count: plainLength)
                for offset in 0..<8 {
                    var written = ""
                    for (index, character) in plain.enumerated() {
                        if (index + offset) % max(1, plainLength / escapes) == 0, written.filter({ $0 == "%" }).count < escapes {
                            written += index % 2 == 0 ? "%2F" : "%41"
                        }
                        written += character
                    }
                    let expected = Self.reference(written)
                    #expect(try Self.parse("n=" + written) == [FormParameter(name: "n", value: expected)], "\(written)")
                    #expect(
                        try Self.parse("n%41=" + written + "&b=1") == [
                            FormParameter(name: "nA", value: expected), FormParameter(name: "b", value: "1"),
                        ])
                    // A "%" with fewer than two hex digits after it, at every position: refused at its own offset.
                    for position in 0...written.utf8.count {
                        let bytes = Array(written.utf8)
                        guard position == 0 || bytes[position - 1] != UInt8(ascii: "%"),
                            position < 2 || bytes[position - 2] != UInt8(ascii: "%")
                        else {
                            continue
                        }
                        let broken =
                            String(decoding: bytes[..<position], as: UTF8.self) + "%x1"
                            + String(decoding: bytes[position...], as: UTF8.self)
                        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 2 + position), "\(broken)") {
                            try Self.parse("n=" + broken)
                        }
                    }
                    #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 2 + written.utf8.count)) {
                        try Self.parse("n=" + written + "%4")
                    }
                    // Bytes that are not UTF-8 (RFC 3629 §3) are refused in long text too; valid ones are kept.
                    #expect(throws: AuthCallbackError.invalidUTF8) { try Self.parse("n=" + written + "%FF") }
                    #expect(throws: AuthCallbackError.invalidUTF8) { try Self.parse("n=%C0%AF" + written) }
                    #expect(try Self.parse("n=" + written + "%C3%A9")[0].value == expected + "\u{E9}")
                }
            }
        }
    }

    @Test("skips empty segments (&&), keeps empty names and values, and splits at the first = only")
    func emptyParts() throws {
        #expect(try Self.parse("") == [])
        #expect(try Self.parse("&&&") == [])
        #expect(try Self.parse("&a=1&&b=2&") == [FormParameter(name: "a", value: "1"), FormParameter(name: "b", value: "2")])
        #expect(try Self.parse("=x") == [FormParameter(name: "", value: "x")])
        #expect(try Self.parse("a=") == [FormParameter(name: "a", value: "")])
        #expect(try Self.parse("a") == [FormParameter(name: "a", value: "")])
        #expect(try Self.parse("=") == [FormParameter(name: "", value: "")])
        #expect(try Self.parse("a==b=c") == [FormParameter(name: "a", value: "=b=c")])
        #expect(try Self.parse("a+b=c+d") == [FormParameter(name: "a b", value: "c d")])
    }

    @Test("large input (past 1 KB, where the fields are counted first) decodes the same: runs of &, escapes, names alone")
    func largeInput() throws {
        // A run of & (nothing to decode), then pieces whose decoding Python's urllib.parse.parse_qsl gives:
        // parse_qsl("&&a=1&b+c=%41%2B&&d&=e&", keep_blank_values=True) == [("a","1"), ("b c","A+"), ("d",""), ("","e")].
        let piece = "&&a=1&b+c=%41%2B&&d&=e&"
        let expected = [
            FormParameter(name: "a", value: "1"), FormParameter(name: "b c", value: "A+"), FormParameter(name: "d", value: ""),
            FormParameter(name: "", value: "e"),
        ]
        for separators in [0, 1, 1500, 5000] {
            for count in [1, 60, 500] {
                let text = String(repeating: "&", count: separators) + String(repeating: piece, count: count)
                #expect(try Self.parse(text) == Array((0..<count).map { _ in expected }.joined()), "\(separators) & then \(count) pieces")
            }
        }
        #expect(try Self.parse(String(repeating: "&", count: 100_000)) == [])
        #expect(try Self.parse(String(repeating: "a=1&", count: 25_000)).count == 25_000)
        // An error deep in a large input is still reported at its offset.
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 4000)) {
            try Self.parse(String(repeating: "&", count: 4000) + "%zz")
        }
        #expect(throws: AuthCallbackError.invalidUTF8) { try Self.parse(String(repeating: "a=1&", count: 1000) + "b=%FF") }
    }

    @Test("refuses a % without two hex digits at its offset, and decoded bytes that are not UTF-8 (RFC 3629)")
    func strictDecoding() throws {
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 2)) { try Self.parse("a=%") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 2)) { try Self.parse("a=%4") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 12)) { try Self.parse("a=0123456789%4") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 0)) { try Self.parse("%=1") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 2)) { try Self.parse("a=%4&b=1") }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 2)) { try Self.parse("a=%x1") }
        // Ill-formed sequences from RFC 3629 §3 and Unicode Table 3-7: a lone continuation byte, an overlong
        // "/", a truncated sequence, a surrogate (U+D800), a code point past U+10FFFF, 0xFF.
        for bad in ["%80", "%C0%AF", "%C3", "%C3%28", "%ED%A0%80", "%F4%90%80%80", "%FF", "abcdefgh%E2%82"] {
            #expect(throws: AuthCallbackError.invalidUTF8, "\(bad)") { try Self.parse("a=" + bad) }
            #expect(throws: AuthCallbackError.invalidUTF8, "\(bad)") { try Self.parse(bad + "=a") }
        }
        // Well-formed: U+00E9, U+20AC, U+1F600 and the largest code point U+10FFFF.
        #expect(try Self.parse("a=%C3%A9%E2%82%AC%F0%9F%98%80%F4%8F%BF%BF")[0].value == "\u{E9}\u{20AC}\u{1F600}\u{10FFFF}")
        // Raw bytes (a form_post body is bytes): UTF-8 is read as text, anything else is refused.
        #expect(try FormParameter.parse(Array("a=é".utf8))[0].value == "é")
        #expect(throws: AuthCallbackError.invalidUTF8) { try FormParameter.parse([0x61, 0x3d, 0xff]) }
        #expect(throws: AuthCallbackError.invalidUTF8) { try FormParameter.parse([0xc3, 0x3d, 0x61]) }
        // A name is decoded and checked before its value: a name that is not UTF-8 is refused as such, even when
        // the value after it has a bad escape.
        #expect(throws: AuthCallbackError.invalidUTF8) { try Self.parse("%FF=%zz") }
        #expect(throws: AuthCallbackError.invalidUTF8) { try Self.parse("a=1&%C3=%4") }
        #expect(throws: AuthCallbackError.invalidUTF8) { try FormParameter.parse([0xff, 0x3d, 0x25]) }
        #expect(throws: AuthCallbackError.invalidPercentEncoding(offset: 7)) { try Self.parse("%C3%A9=%") }
    }
}
