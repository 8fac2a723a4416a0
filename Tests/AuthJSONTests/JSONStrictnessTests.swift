// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
import Testing

@Suite("JSONValue strictness")
struct JSONStrictnessTests {
    static func error(_ text: String, options: JSONValue.ParsingOptions = .init()) -> AuthJSONError? {
        do {
            _ = try JSONValue(parsing: text, options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test("rejects a duplicate member name at the offset of the second (RFC 7515 §5.2)")
    func duplicates() {
        #expect(Self.error(#"{"alg":"HS256","alg":"none"}"#) == .duplicateMemberName("alg", offset: 15))
        #expect(Self.error(#"{"a":{"x":1,"x":2}}"#) == .duplicateMemberName("x", offset: 12))
        // Escaped and raw spellings of one name are the same name.
        #expect(Self.error(#"{"alg":1,"\u0061lg":2}"#) == .duplicateMemberName("alg", offset: 9))
        #expect(Self.error(#"{"a":1,"A":2}"#) == nil)
        var object = JSONObject()
        #expect(throws: AuthJSONError.duplicateMemberName("k", offset: 0)) {
            try object.append("k", 1)
            try object.append("k", 2)
        }
    }

    @Test("rejects a duplicate wherever it falls in objects of 1 to 40 members, short and long alike")
    func duplicatesInLongObjects() throws {
        // Short objects are searched member by member and long ones through an index: both must find
        // every member and every duplicate, including around the switch from one to the other.
        for count in 1...40 {
            let names = (0..<count).map { "m\($0)" }
            let members = names.enumerated().map { #""\#($0.element)":\#($0.offset)"# }
            let value = try JSONValue(parsing: "{" + members.joined(separator: ",") + "}")
            let object = try #require(value.objectValue)
            #expect(object.names == names)
            for (offset, name) in names.enumerated() { #expect(object[name]?.numberValue?.int64Value == Int64(offset)) }
            #expect(object["m\(count)"] == nil)
            #expect(object["m"] == nil)
            for repeated in 0..<count {
                let prefix = "{" + members.joined(separator: ",") + ","
                #expect(
                    Self.error(prefix + #""m\#(repeated)":0}"#) == .duplicateMemberName("m\(repeated)", offset: prefix.utf8.count))
                var built = object
                #expect(throws: AuthJSONError.duplicateMemberName("m\(repeated)", offset: 0)) { try built.append("m\(repeated)", 0) }
            }
            var extended = object
            try extended.append("m\(count)", .string("new"))
            #expect(extended["m\(count)"] == .string("new") && extended.count == count + 1)
        }
    }

    @Test("refuses numbers outside the RFC 8259 §6 grammar")
    func invalidNumbers() {
        for text in ["01", "-", "1.", ".5", "+1", "1e", "1e+", "0x10", "-01", "1.e5", "1.5.2", "12abc", "NaN", "Infinity", "-Infinity"] {
            #expect(Self.error(text) == .invalidNumber(offset: 0), "\(text)")
        }
        #expect(Self.error("[1,-]") == .invalidNumber(offset: 3))
        #expect(Self.error("[1,2x]") == .invalidNumber(offset: 3))
        #expect(Self.error("[1,2]") == nil)
        #expect(Self.error(#"{"n":-0.5E-3}"#) == nil)
    }

    @Test("refuses what other parsers tolerate: comments, single quotes, trailing commas, bare words")
    func grammar() {
        #expect(Self.error("[1,]") == .unexpectedCharacter(offset: 3))
        #expect(Self.error(#"{"a":1,}"#) == .unexpectedCharacter(offset: 7))
        #expect(Self.error("['a']") == .unexpectedCharacter(offset: 1))
        #expect(Self.error("[1] // c") == .trailingContent(offset: 4))
        #expect(Self.error("[1 2]") == .unexpectedCharacter(offset: 3))
        #expect(Self.error(#"{"a" 1}"#) == .unexpectedCharacter(offset: 5))
        #expect(Self.error("{a:1}") == .unexpectedCharacter(offset: 1))
        #expect(Self.error("tru") == .unexpectedEnd(offset: 3))
        #expect(Self.error("nul1") == .unexpectedCharacter(offset: 3))
        #expect(Self.error("") == .unexpectedEnd(offset: 0))
        #expect(Self.error("   ") == .unexpectedEnd(offset: 3))
        #expect(Self.error("{} {}") == .trailingContent(offset: 3))
        #expect(Self.error("\u{a0}1") == .unexpectedCharacter(offset: 0))  // only space, tab, LF, CR are whitespace
        #expect(Self.error(" \t\r\n1 \t\r\n") == nil)
    }

    @Test("refuses unescaped control characters, unknown escapes and lone surrogates in strings")
    func strings() {
        #expect(Self.error("\"a\u{1}\"") == .controlCharacterInString(offset: 2))
        #expect(Self.error("\"a\nb\"") == .controlCharacterInString(offset: 2))
        #expect(Self.error(#""\x41""#) == .invalidEscape(offset: 1))
        #expect(Self.error(#""\u00g0""#) == .invalidEscape(offset: 5))
        #expect(Self.error(#""\ud83d""#) == .loneSurrogate(offset: 1))
        #expect(Self.error(#""\ud83d\u0041""#) == .loneSurrogate(offset: 1))
        #expect(Self.error(#""\ude00""#) == .loneSurrogate(offset: 1))
        #expect(Self.error(#""abc"#) == .unexpectedEnd(offset: 4))
    }

    @Test("refuses invalid UTF-8: stray continuation, overlong, surrogate, beyond U+10FFFF, truncated")
    func invalidUTF8() throws {
        let cases: [[UInt8]] = [
            [0x22, 0x80, 0x22], [0x22, 0xc0, 0xaf, 0x22], [0x22, 0xe0, 0x80, 0xaf, 0x22],
            [0x22, 0xed, 0xa0, 0x80, 0x22], [0x22, 0xf4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xf5, 0x80, 0x80, 0x80, 0x22],
            [0x22, 0xe2, 0x82, 0x22], [0x22, 0xe2, 0x82],
        ]
        for bytes in cases {
            #expect(throws: AuthJSONError.invalidUTF8(offset: 1)) { try JSONValue(parsing: bytes) }
        }
        #expect(try JSONValue(parsing: [0x22, 0xf0, 0x9f, 0x98, 0x80, 0x22]).stringValue == "😀")
    }

    @Test("refuses a byte order mark")
    func byteOrderMark() {
        #expect(throws: AuthJSONError.byteOrderMark) { try JSONValue(parsing: [0xef, 0xbb, 0xbf, 0x31]) }
    }

    @Test("enforces the nesting and size limits, at and just past each")
    func limits() {
        let options = JSONValue.ParsingOptions(maximumInputSize: 100, maximumDepth: 3)
        #expect(Self.error("[[[1]]]", options: options) == nil)
        #expect(Self.error("[[[[1]]]]", options: options) == .nestingTooDeep(offset: 3, limit: 3))
        #expect(Self.error(#"{"a":{"b":{"c":{}}}}"#, options: options) == .nestingTooDeep(offset: 15, limit: 3))
        #expect(Self.error(String(repeating: " ", count: 99) + "1", options: options) == nil)
        #expect(Self.error(String(repeating: " ", count: 100) + "1", options: options) == .inputTooLarge(size: 101, limit: 100))
        // The defaults stop a deeply nested attack without exhausting the stack.
        #expect(Self.error(String(repeating: "[", count: 100_000)) == .nestingTooDeep(offset: 32, limit: 32))
    }

    @Test("clamps the nesting limit, so even Int.max cannot let a document exhaust the stack")
    func depthClamp() throws {
        let limit = JSONValue.ParsingOptions.maximumSupportedDepth
        #expect(limit == 128)
        var options = JSONValue.ParsingOptions(maximumInputSize: 1 << 20, maximumDepth: .max)
        #expect(options.maximumDepth == limit)
        options.maximumDepth = -1
        #expect(options.maximumDepth == 0)
        options.maximumDepth = .max
        #expect(options == JSONValue.ParsingOptions(maximumDepth: limit))
        // 55,000 levels used to recurse 55,000 times and crash the process.
        #expect(Self.error(String(repeating: "[", count: 55_000), options: options) == .nestingTooDeep(offset: limit, limit: limit))
        #expect(
            Self.error(String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1), options: options)
                == .nestingTooDeep(offset: limit, limit: limit))
        // At the limit the value parses, and compares, hashes and serializes back to the same text.
        let text = String(repeating: #"{"a":["#, count: limit / 2) + "0" + String(repeating: "]}", count: limit / 2)
        let value = try JSONValue(parsing: text, options: options)
        #expect(value.serialized() == Array(text.utf8))
        #expect(try JSONValue(parsing: value.serialized(), options: options) == value)
        #expect(Set([value, value]).count == 1)
    }

    @Test("gives every error a stable code and a message with the offset")
    func errorDescriptions() {
        let errors: [AuthJSONError] = [
            .unexpectedEnd(offset: 1), .unexpectedCharacter(offset: 1), .invalidNumber(offset: 1), .invalidEscape(offset: 1),
            .loneSurrogate(offset: 1), .invalidUTF8(offset: 1), .controlCharacterInString(offset: 1),
            .duplicateMemberName("a", offset: 1), .nestingTooDeep(offset: 1, limit: 2), .inputTooLarge(size: 3, limit: 2),
            .byteOrderMark, .trailingContent(offset: 1),
        ]
        #expect(errors.map(\.code) == Array(4001...4012))
        for error in errors { #expect(error.description.hasPrefix("AuthJSONError \(error.code): ")) }
        let long = String(repeating: "n", count: 500)
        let message = Self.error("{\"\(long)\":1,\"\(long)\":2}")?.description ?? ""
        #expect(message.count < 200)
    }
}
