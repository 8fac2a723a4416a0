// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
import TestVectors
import Testing

@Suite("JSONValue parsing")
struct JSONValueTests {
    struct RandomCases: Decodable {
        struct Case: Decodable {
            let text: String
            let flat: [[String]]
        }
        let cases: [Case]
    }

    /// The same flattening Python's generator applies: path, type, value.
    static func flatten(_ value: JSONValue, path: String = "", into rows: inout [[String]]) {
        switch value {
        case .null: rows.append([path, "null", ""])
        case .bool(let flag): rows.append([path, "boolean", flag ? "true" : "false"])
        case .number(let number):
            let isInteger = !number.literal.contains(".") && !number.literal.contains("e") && !number.literal.contains("E")
            rows.append([path, isInteger ? "integer" : "number", isInteger ? number.literal : ""])
        case .string(let text): rows.append([path, "string", Vectors.hexString(text.utf8)])
        case .array(let elements):
            rows.append([path, "array", String(elements.count)])
            for (index, element) in elements.enumerated() { flatten(element, path: path + "/\(index)", into: &rows) }
        case .object(let object):
            rows.append([path, "object", String(object.count)])
            for member in object.members {
                flatten(member.value, path: path + "/" + Vectors.hexString(member.name.utf8), into: &rows)
            }
        }
    }

    @Test("reads 300 documents written by Python's json module exactly as Python reads them")
    func pythonDocuments() throws {
        let vectors = try Vectors.json("Python/json-random.json", as: RandomCases.self)
        #expect(vectors.cases.count == 300)
        for vector in vectors.cases {
            let value = try JSONValue(parsing: vector.text)
            var rows: [[String]] = []
            Self.flatten(value, into: &rows)
            #expect(rows == vector.flat, "\(vector.text.prefix(80))")
            // Serializing and parsing again gives the same value, compact or pretty.
            #expect(try JSONValue(parsing: value.serialized()) == value)
            #expect(try JSONValue(parsing: value.serialized(pretty: true)) == value)
        }
    }

    @Test("parses the RFC 8259 §13 examples")
    func rfc8259Examples() throws {
        let image = try JSONValue(
            parsing: """
                {
                  "Image": {
                    "Width":  800,
                    "Height": 600,
                    "Title":  "View from 15th Floor",
                    "Thumbnail": {
                      "Url":    "http://www.example.com/image/481989943",
                      "Height": 125,
                      "Width":  100
                    },
                    "Animated" : false,
                    "IDs": [116, 943, 234, 38793]
                  }
                }
                """)
        #expect(image["Image"]?["Width"]?.numberValue?.int64Value == 800)
        #expect(image["Image"]?["Thumbnail"]?["Url"]?.stringValue == "http://www.example.com/image/481989943")
        #expect(image["Image"]?["Animated"]?.boolValue == false)
        #expect(image["Image"]?["IDs"]?.arrayValue?.count == 4)
        for scalar in [#""Hello world!""#, "42", "true"] {
            #expect(try JSONValue(parsing: scalar).typeName != "object")
        }
    }

    @Test("keeps integers exact, including the Int64 limits, and keeps every literal as written")
    func numbers() throws {
        #expect(try JSONValue(parsing: "9223372036854775807").numberValue?.int64Value == Int64.max)
        #expect(try JSONValue(parsing: "-9223372036854775808").numberValue?.int64Value == Int64.min)
        #expect(try JSONValue(parsing: "9223372036854775808").numberValue?.int64Value == nil)
        #expect(try JSONValue(parsing: "1.0").numberValue?.int64Value == nil)
        #expect(try JSONValue(parsing: "1e3").numberValue?.int64Value == nil)
        #expect(try JSONValue(parsing: "-0").numberValue?.int64Value == 0)
        for literal in ["0", "-0", "1.5", "1300819380.5", "1E+2", "2e-3", "-12.50e10"] {
            #expect(try JSONValue(parsing: literal).numberValue?.literal == literal)
            #expect(try JSONValue(parsing: literal).serialized() == Array(literal.utf8))
        }
        let parts = try #require(try JSONValue(parsing: "-12.50e-3").numberValue).decimalParts
        #expect(parts.negative && parts.integerDigits == "12" && parts.fractionDigits == "50" && parts.exponent == -3)
    }

    @Test("decodes every escape, surrogate pairs included")
    func escapes() throws {
        let value = try JSONValue(parsing: #""\"\\\/\b\f\n\r\t\u0041\u00e9\u20ac\ud83d\ude00""#)
        #expect(Array(try #require(value.stringValue).utf8) == Array("\"\\/\u{8}\u{c}\n\r\tAé€😀".utf8))
    }

    @Test("keeps member order and finds members by exact name")
    func objects() throws {
        let value = try JSONValue(parsing: #"{"b":1,"a":2,"é":3}"#)
        #expect(value.objectValue?.names == ["b", "a", "é"])
        #expect(value["a"]?.numberValue?.int64Value == 2)
        #expect(value["e\u{301}"] == nil)  // canonically equivalent to "é", but other code points
        #expect(value.serialized() == Array(#"{"b":1,"a":2,"é":3}"#.utf8))
    }

    @Test("builds values from literals and serializes them compactly and prettily")
    func literalsAndSerialization() throws {
        let claims: JSONValue = ["sub": "248289761001", "exp": 1_311_281_970, "aud": ["s6BhdRkqt3"], "ok": true, "none": nil]
        #expect(
            String(decoding: claims.serialized(), as: UTF8.self)
                == #"{"sub":"248289761001","exp":1311281970,"aud":["s6BhdRkqt3"],"ok":true,"none":null}"#)
        #expect(
            String(decoding: (["a": [1, 2], "b": [:]] as JSONValue).serialized(pretty: true), as: UTF8.self)
                == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}")
        let control: JSONValue = .string("a\u{1}\"\\\n")
        #expect(String(decoding: control.serialized(), as: UTF8.self) == #""a\u0001\"\\\n""#)
    }

    @Test("escapes exactly what RFC 8259 §7 requires, at the start, middle and end of a string, and reads it back")
    func escapesEverywhere() throws {
        // The escape of each byte as RFC 8259 §7 writes it; every other byte stands for itself.
        func escaped(_ byte: UInt8) -> String {
            switch byte {
            case 0x22: return "\\\""
            case 0x5c: return "\\\\"
            case 0x0a: return "\\n"
            case 0x0d: return "\\r"
            case 0x09: return "\\t"
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef")
                return "\\u00" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xf)])
            default: return String(UnicodeScalar(byte))
            }
        }
        for byte in UInt8(0)...0x7f {
            let scalar = String(UnicodeScalar(byte))
            for text in [scalar, scalar + "ab", "ab" + scalar + "é", "é" + scalar, scalar + scalar + "x" + scalar] {
                let expected = "\"" + text.unicodeScalars.map { $0.isASCII ? escaped(UInt8($0.value)) : String($0) }.joined() + "\""
                let written = JSONValue.string(text).serialized()
                #expect(String(decoding: written, as: UTF8.self) == expected)
                #expect(try JSONValue(parsing: written).stringValue.map { Array($0.utf8) } == Array(text.utf8))
            }
        }
    }
}
