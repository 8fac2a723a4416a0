// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A recursive-descent parser over UTF-8 bytes, following the grammar of RFC 8259 §2–7.
struct Parser {
    let input: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var position = 0
    var depth = 0

    init(input: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.input = input
        self.maximumDepth = maximumDepth
    }

    mutating func parseDocument() throws(AuthJSONError) -> JSONValue {
        if input.count >= 3, input[0] == 0xef, input[1] == 0xbb, input[2] == 0xbf {
            throw .byteOrderMark
        }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard position == input.count else { throw .trailingContent(offset: position) }
        return value
    }

    // MARK: Values

    private mutating func parseValue() throws(AuthJSONError) -> JSONValue {
        guard position < input.count else { throw .unexpectedEnd(offset: position) }
        switch input[position] {
        case UInt8(ascii: "{"): return .object(try parseObject())
        case UInt8(ascii: "["): return .array(try parseArray())
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw .invalidNumber(offset: position)  // +1, .5, NaN, Infinity: numbers JSON does not have
        default: throw .unexpectedCharacter(offset: position)
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(AuthJSONError) {
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in bytes {
            guard position < input.count else { throw .unexpectedEnd(offset: position) }
            guard input[position] == byte else { throw .unexpectedCharacter(offset: position) }
            position += 1
        }
    }

    private mutating func enterContainer() throws(AuthJSONError) {
        depth += 1
        guard depth <= maximumDepth else { throw .nestingTooDeep(offset: position, limit: maximumDepth) }
    }

    private mutating func parseObject() throws(AuthJSONError) -> JSONObject {
        try enterContainer()
        defer { depth -= 1 }
        position += 1  // {
        var object = JSONObject()
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            position += 1
            return object
        }
        while true {
            skipWhitespace()
            guard try peek() == UInt8(ascii: "\"") else { throw .unexpectedCharacter(offset: position) }
            let nameOffset = position
            let name = try parseString()
            skipWhitespace()
            guard try peek() == UInt8(ascii: ":") else { throw .unexpectedCharacter(offset: position) }
            position += 1
            skipWhitespace()
            let value = try parseValue()
            try object.append(name, value, offset: nameOffset)
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return object
            default: throw .unexpectedCharacter(offset: position)
            }
        }
    }

    private mutating func parseArray() throws(AuthJSONError) -> [JSONValue] {
        try enterContainer()
        defer { depth -= 1 }
        position += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            position += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return elements
            default: throw .unexpectedCharacter(offset: position)
            }
        }
    }

    // MARK: Numbers (RFC 8259 §6)

    private mutating func parseNumber() throws(AuthJSONError) -> JSONNumber {
        let start = position
        if input[position] == UInt8(ascii: "-") { position += 1 }
        // int = zero / ( digit1-9 *DIGIT )
        guard position < input.count, isDigit(input[position]) else { throw .invalidNumber(offset: start) }
        if input[position] == UInt8(ascii: "0") {
            position += 1
            if position < input.count, isDigit(input[position]) { throw .invalidNumber(offset: start) }
        } else {
            skipDigits()
        }
        // frac = decimal-point 1*DIGIT
        if position < input.count, input[position] == UInt8(ascii: ".") {
            position += 1
            guard position < input.count, isDigit(input[position]) else { throw .invalidNumber(offset: start) }
            skipDigits()
        }
        // exp = e [ minus / plus ] 1*DIGIT
        if position < input.count, input[position] == UInt8(ascii: "e") || input[position] == UInt8(ascii: "E") {
            position += 1
            if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < input.count, isDigit(input[position]) else { throw .invalidNumber(offset: start) }
            skipDigits()
        }
        // A number running straight into a letter, digit or point (0x10, 1.5.2, 12abc) is one bad number.
        if position < input.count {
            let next = input[position] | 0x20
            if (next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z")) || isDigit(input[position])
                || input[position] == UInt8(ascii: ".")
            {
                throw .invalidNumber(offset: start)
            }
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
        return JSONNumber(validatedLiteral: literal)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while position < input.count, isDigit(input[position]) { position += 1 }
    }

    // MARK: Strings (RFC 8259 §7)

    private mutating func parseString() throws(AuthJSONError) -> String {
        position += 1  // opening quote
        var bytes: [UInt8] = []
        var escaped = false
        var runStart = position
        while true {
            guard position < input.count else { throw .unexpectedEnd(offset: position) }
            let byte = input[position]
            switch byte {
            case UInt8(ascii: "\""):
                let run = UnsafeBufferPointer(rebasing: input[runStart..<position])
                position += 1
                // Without escapes the string is the input's own bytes (checked above): no copy first.
                guard escaped else { return String(decoding: run, as: UTF8.self) }
                bytes.append(contentsOf: run)
                return String(decoding: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<position]))
                escaped = true
                try parseEscape(into: &bytes)
                runStart = position
            case 0x00..<0x20:
                throw .controlCharacterInString(offset: position)
            case 0x00..<0x80:
                position += 1
            default:
                position = try UTF8Validation.skipScalar(in: input, at: position)
            }
        }
    }

    private mutating func parseEscape(into bytes: inout [UInt8]) throws(AuthJSONError) {
        let escapeOffset = position
        position += 1  // backslash
        guard position < input.count else { throw .unexpectedEnd(offset: position) }
        let kind = input[position]
        position += 1
        switch kind {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): bytes.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0c)
        case UInt8(ascii: "n"): bytes.append(0x0a)
        case UInt8(ascii: "r"): bytes.append(0x0d)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xd800..<0xdc00).contains(scalar) {
                // A high surrogate must be followed by an escaped low surrogate (RFC 8259 §7).
                guard position + 1 < input.count, input[position] == UInt8(ascii: "\\"),
                    input[position + 1] == UInt8(ascii: "u")
                else { throw .loneSurrogate(offset: escapeOffset) }
                position += 2
                let low = try parseHex4()
                guard (0xdc00..<0xe000).contains(low) else { throw .loneSurrogate(offset: escapeOffset) }
                scalar = 0x10000 + ((scalar - 0xd800) << 10) + (low - 0xdc00)
            } else if (0xdc00..<0xe000).contains(scalar) {
                throw .loneSurrogate(offset: escapeOffset)
            }
            UTF8Validation.append(scalar: scalar, to: &bytes)
        default:
            throw .invalidEscape(offset: escapeOffset)
        }
    }

    private mutating func parseHex4() throws(AuthJSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < input.count else { throw .unexpectedEnd(offset: position) }
            let byte = input[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw .invalidEscape(offset: position)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    // MARK: Whitespace (RFC 8259 §2: space, tab, LF, CR only)

    private mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case 0x20, 0x09, 0x0a, 0x0d: position += 1
            default: return
            }
        }
    }

    private func peek() throws(AuthJSONError) -> UInt8 {
        guard position < input.count else { throw .unexpectedEnd(offset: position) }
        return input[position]
    }
}
