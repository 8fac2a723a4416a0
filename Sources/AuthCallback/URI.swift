// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A URI split into its RFC 3986 components, parsed strictly over UTF-8 with no Foundation.
///
/// ```swift
/// let uri = try URI(parsing: "com.example.app:/oauth2redirect?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz")
/// uri.scheme     // "com.example.app"
/// uri.path       // "/oauth2redirect"
/// uri.query      // "code=SplxlOBeZQQYbYS6WxSbIA&state=xyz"
/// ```
///
/// Components are kept as written (percent-encoded); ``queryParameters()`` decodes them. Refused with
/// the byte offset: a missing or malformed scheme, characters outside the RFC 3986 sets (spaces, quotes,
/// `<`, `>`, non-ASCII…), a `%` without two hex digits, a port over 65535, a malformed host.
///
/// The URI keeps its text once and the components as byte ranges into it, so parsing allocates nothing
/// beyond the text; the component properties make their strings when read.
public struct URI: Sendable {
    /// The URI exactly as parsed.
    public let text: String
    let layout: Layout

    /// Where the components are in ``text``, as byte offsets. They follow each other in RFC 3986 order,
    /// so a few offsets hold them all: -1 marks a component that is absent.
    struct Layout: Sendable {
        /// The scheme is `0..<schemeEnd`.
        var schemeEnd: Int
        /// With an authority, the user information is `(schemeEnd + 3)..<userinfoEnd` (before `@`).
        var userinfoEnd = -1
        /// With an authority, the host is `hostStart..<hostEnd`.
        var hostStart = -1
        var hostEnd = -1
        var port = -1
        var pathStart = 0
        var pathEnd = 0
        /// The query is `(pathEnd + 1)..<queryEnd` (after `?`).
        var queryEnd = -1
        /// The fragment is `fragmentStart..<end` (after `#`).
        var fragmentStart = -1
        /// The text's length in bytes.
        var end = 0

        var scheme: Range<Int> { 0..<schemeEnd }
        var userinfo: Range<Int>? { userinfoEnd < 0 ? nil : (schemeEnd + 3)..<userinfoEnd }
        var host: Range<Int>? { hostStart < 0 ? nil : hostStart..<hostEnd }
        var path: Range<Int> { pathStart..<pathEnd }
        var query: Range<Int>? { queryEnd < 0 ? nil : (pathEnd + 1)..<queryEnd }
        var fragment: Range<Int>? { fragmentStart < 0 ? nil : fragmentStart..<end }
    }

    /// The scheme, as written (compare it case-insensitively).
    public var scheme: String { component(layout.scheme) }
    /// The user information before `@`, if any.
    public var userinfo: String? { layout.userinfo.map(component) }
    /// The host (an IP literal keeps its brackets), if the URI has an authority.
    public var host: String? { layout.host.map(component) }
    /// The port, if one is written.
    public var port: Int? { layout.port < 0 ? nil : layout.port }
    /// The path, percent-encoded as written; may be empty.
    public var path: String { component(layout.path) }
    /// The query after `?`, without it.
    public var query: String? { layout.query.map(component) }
    /// The fragment after `#`, without it.
    public var fragment: String? { layout.fragment.map(component) }

    /// Parses an absolute URI (RFC 3986 §4.3) from a substring or other string-like text.
    public init(parsing text: some StringProtocol) throws(AuthCallbackError) {
        try self.init(parsing: String(text))
    }

    /// Parses an absolute URI (RFC 3986 §4.3).
    ///
    /// One pass over the UTF-8 bytes: each component is checked against its RFC 3986 character set by
    /// the scan that finds its end.
    public init(parsing text: String) throws(AuthCallbackError) {
        var text = text
        text.makeContiguousUTF8()
        var failure: AuthCallbackError?
        layout = Self.withBytes(of: text) { bytes in
            do throws(AuthCallbackError) {
                return try Self.parse(bytes)
            } catch {
                failure = error
                return Layout(schemeEnd: 0)
            }
        }
        if let failure { throw failure }
        self.text = text
    }

    /// The query's parameters, decoded as `application/x-www-form-urlencoded` (`+` is a space), in order.
    public func queryParameters() throws(AuthCallbackError) -> [FormParameter] {
        try parameters(layout.query)
    }

    /// The fragment's parameters, decoded the same way (implicit and hybrid responses).
    public func fragmentParameters() throws(AuthCallbackError) -> [FormParameter] {
        try parameters(layout.fragment)
    }

    private func parameters(_ range: Range<Int>?) throws(AuthCallbackError) -> [FormParameter] {
        guard let range, !range.isEmpty else { return [] }
        var failure: AuthCallbackError?
        let parameters = Self.withBytes(of: text) { bytes -> [FormParameter] in
            guard let base = bytes.baseAddress else { return [] }
            do throws(AuthCallbackError) {
                return try FormParameter.parse(base, range)
            } catch {
                failure = error
                return []
            }
        }
        if let failure { throw failure }
        return parameters
    }

    /// Runs `body` over the bytes of one component, if the URI has it.
    func withBytes<R>(of range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        Self.withBytes(of: text) { bytes in body(UnsafeBufferPointer(rebasing: bytes[range])) }
    }

    private func component(_ range: Range<Int>) -> String {
        withBytes(of: range) { bytes in String(decoding: bytes, as: UTF8.self) }
    }

    /// Runs `body` over the text's UTF-8 bytes (contiguous after `makeContiguousUTF8()`; the copy is only a
    /// fallback).
    @inline(__always)
    private static func withBytes<R, E: Error>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        let result = text.utf8.withContiguousStorageIfAvailable { bytes in
            Result { () throws(E) in try body(bytes) }
        }
        return try
            (result
            ?? Array(text.utf8).withUnsafeBufferPointer { bytes in
                Result { () throws(E) in try body(bytes) }
            }).get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(AuthCallbackError) -> Layout {
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        guard let base = bytes.baseAddress, !bytes.isEmpty, CharacterSet.isAlpha(base[0]) else { throw .invalidScheme(offset: 0) }
        let count = bytes.count
        var index = 1
        while index < count, CharacterSet.isScheme(base[index]) { index += 1 }
        guard index < count, base[index] == UInt8(ascii: ":") else { throw .invalidScheme(offset: index) }
        var layout = Layout(schemeEnd: index, end: count)
        index += 1

        if index + 1 < count, base[index] == UInt8(ascii: "/"), base[index + 1] == UInt8(ascii: "/") {
            index = try parseAuthority(base, from: index + 2, count: count, into: &layout)
        }

        // path: pchar and "/"; it ends at "?" or "#", and any other byte outside the set is refused.
        layout.pathStart = index
        index = try CharacterSet.scan(base, from: index, to: count, allowing: .path)
        layout.pathEnd = index
        guard index < count else { return layout }
        if base[index] == UInt8(ascii: "?") {
            index = try CharacterSet.scan(base, from: index + 1, to: count, allowing: .query)
            layout.queryEnd = index
            guard index < count else { return layout }
        }
        guard base[index] == UInt8(ascii: "#") else { throw .invalidCharacter(offset: index) }
        layout.fragmentStart = index + 1
        try CharacterSet.validate(base, from: index + 1, to: count, allowing: .query)
        return layout
    }

    /// Reads `[ userinfo "@" ] host [ ":" port ]` from `start` to the next "/", "?" or "#" (RFC 3986
    /// §3.2), and returns where the authority ends.
    private static func parseAuthority(
        _ base: UnsafePointer<UInt8>, from start: Int, count: Int, into layout: inout Layout
    ) throws(AuthCallbackError) -> Int {
        var end = start
        var at = -1
        while end < count {
            let byte = base[end]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "@"), at < 0 { at = end }
            end += 1
        }
        var hostStart = start
        if at >= 0 {
            try CharacterSet.validate(base, from: start, to: at, allowing: .userinfo)
            layout.userinfoEnd = at
            hostStart = at + 1
        }
        var hostEnd = end
        if hostStart < end, base[hostStart] == UInt8(ascii: "[") {
            var close = hostStart + 1
            while close < end, base[close] != UInt8(ascii: "]") { close += 1 }
            guard close < end else { throw .invalidHost(offset: hostStart) }
            for position in (hostStart + 1)..<close where !CharacterSet.isIPLiteral(base[position]) {
                throw .invalidHost(offset: position)
            }
            hostEnd = close + 1
            guard hostEnd == end || base[hostEnd] == UInt8(ascii: ":") else { throw .invalidHost(offset: hostEnd) }
        } else {
            var colon = end - 1
            while colon >= hostStart, base[colon] != UInt8(ascii: ":") { colon -= 1 }
            if colon >= hostStart { hostEnd = colon }
            try CharacterSet.validate(base, from: hostStart, to: hostEnd, allowing: .registeredName)
        }
        layout.hostStart = hostStart
        layout.hostEnd = hostEnd
        if hostEnd + 1 < end {  // ":" and at least one digit; "host:" has no port
            var value = 0
            for position in (hostEnd + 1)..<end {
                let byte = base[position]
                guard CharacterSet.isDigit(byte), value <= 65535 else { throw .invalidPort(offset: hostEnd + 1) }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            guard value <= 65535 else { throw .invalidPort(offset: hostEnd + 1) }
            layout.port = value
        }
        return end
    }
}

extension URI: Hashable {
    /// Two URIs are equal when their texts are byte for byte equal (no normalization, RFC 3986 §6.2.1).
    public static func == (lhs: URI, rhs: URI) -> Bool { ExactText.equal(lhs.text, rhs.text) }

    public func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(byte) }
    }
}

extension URI: CustomStringConvertible {
    /// The scheme and where the URI goes; the query and fragment, which carry codes and tokens, are redacted.
    public var description: String {
        var text = scheme + ":"
        if let host { text += "//" + host + (port.map { ":\($0)" } ?? "") }
        text += path
        if layout.queryEnd >= 0 { text += "?<redacted>" }
        if layout.fragmentStart >= 0 { text += "#<redacted>" }
        return text
    }
}
