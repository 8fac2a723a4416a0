// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Reads a `WWW-Authenticate` field value (RFC 9110 §11.6.1) in one pass over its bytes.
///
/// ```
/// challenge  = auth-scheme [ 1*SP ( token68 / #auth-param ) ]
/// auth-param = token BWS "=" BWS ( token / quoted-string )
/// token68    = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
/// ```
///
/// Commas separate both challenges and the parameters of one challenge; an element that starts with
/// `token BWS "="` followed by a value continues the current challenge, any other element starts the next.
/// Unquoted values are read leniently up to a comma or whitespace, so an unquoted URL is accepted.
struct ChallengeParser {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parse() throws(AuthHTTPError) -> [AuthenticationChallenge] {
        var challenges: [AuthenticationChallenge] = []
        skipListSeparators()
        while index < bytes.count {
            challenges.append(try readChallenge())
        }
        return challenges
    }

    private mutating func readChallenge() throws(AuthHTTPError) -> AuthenticationChallenge {
        guard let scheme = readToken() else { throw failure("expected an authentication scheme") }
        var challenge = AuthenticationChallenge(scheme: try string(scheme))
        var names: Set<String> = []
        if skipWhitespace(), index < bytes.count, bytes[index] != UInt8(ascii: ",") {
            if isParameterStart() {
                try readParameter(into: &challenge, names: &names)
            } else if let token68 = readToken68() {
                challenge.token68 = try string(token68)
            }
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { break }
            guard bytes[index] == UInt8(ascii: ",") else {
                if bytes[index] == UInt8(ascii: "=") {
                    throw failure("a parameter ('\(challenge.scheme)') without an authentication scheme")
                }
                throw failure("unexpected character after the \(challenge.scheme) challenge")
            }
            skipListSeparators()
            guard index < bytes.count, challenge.token68 == nil, isParameterStart() else { break }
            try readParameter(into: &challenge, names: &names)
        }
        return challenge
    }

    private mutating func readParameter(
        into challenge: inout AuthenticationChallenge, names: inout Set<String>
    ) throws(AuthHTTPError) {
        let start = index
        guard let nameBytes = readToken() else { throw failure("expected a parameter name") }
        let name = try string(nameBytes.map(HTTPSyntax.lowercased))
        skipWhitespace()
        index += 1  // "=", as isParameterStart() saw
        skipWhitespace()
        let value: [UInt8]
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            value = try readQuotedString()
        } else {
            value = try readLenientValue()
        }
        guard names.insert(name).inserted else {
            index = start
            throw failure("the parameter '\(name)' is repeated in the \(challenge.scheme) challenge (RFC 9110 §11.2)")
        }
        challenge.parameters.append(.init(name: name, value: try string(value)))
    }

    /// Whether the element at `index` is `token BWS "=" BWS value`, where the value is a quoted string or
    /// starts with a byte that is neither "=", "," nor the end (so `abc==` stays a token68).
    private func isParameterStart() -> Bool {
        var position = index
        while position < bytes.count, HTTPSyntax.isTokenCharacter(bytes[position]) { position += 1 }
        guard position > index else { return false }
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { return false }
        position += 1
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        guard position < bytes.count else { return false }
        return bytes[position] != UInt8(ascii: "=") && bytes[position] != UInt8(ascii: ",")
    }

    private mutating func readToken() -> ArraySlice<UInt8>? {
        let start = index
        while index < bytes.count, HTTPSyntax.isTokenCharacter(bytes[index]) { index += 1 }
        return index > start ? bytes[start..<index] : nil
    }

    private mutating func readToken68() -> ArraySlice<UInt8>? {
        let start = index
        while index < bytes.count, HTTPSyntax.isToken68Character(bytes[index]) { index += 1 }
        guard index > start else { return nil }
        while index < bytes.count, bytes[index] == UInt8(ascii: "=") { index += 1 }
        return bytes[start..<index]
    }

    private mutating func readQuotedString() throws(AuthHTTPError) -> [UInt8] {
        let start = index
        index += 1  // the opening quote
        var value: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return value
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                guard !Self.isControl(bytes[index]) else { throw failure("a control character in a quoted string") }
                value.append(bytes[index])
                index += 1
            default:
                guard !Self.isControl(byte) else {
                    index -= 1
                    throw failure("a control character in a quoted string")
                }
                value.append(byte)
            }
        }
        index = start
        throw failure("an unterminated quoted string")
    }

    private mutating func readLenientValue() throws(AuthHTTPError) -> [UInt8] {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ","), !Self.isWhitespace(bytes[index]) {
            guard !Self.isControl(bytes[index]) else { throw failure("a control character in a parameter value") }
            index += 1
        }
        return Array(bytes[start..<index])
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = index
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
        return index > start
    }

    /// Skips optional whitespace and empty list elements (RFC 9110 §5.6.1 lets a recipient ignore them).
    private mutating func skipListSeparators() {
        while index < bytes.count, bytes[index] == UInt8(ascii: ",") || Self.isWhitespace(bytes[index]) { index += 1 }
    }

    private func string(_ bytes: some Collection<UInt8>) throws(AuthHTTPError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw failure("bytes that are not UTF-8") }
        return text
    }

    private func failure(_ reason: String) -> AuthHTTPError {
        .invalidChallenge("\(reason), at byte \(index) (RFC 9110 §11.6.1)")
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private static func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x09) || byte == 0x7F }
}
