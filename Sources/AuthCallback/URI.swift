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

    /// Byte ranges of the components in ``text``.
    struct Layout: Sendable {
        var scheme: Range<Int>
        var userinfo: Range<Int>?
        var host: Range<Int>?
        var port: Int?
        var path: Range<Int>
        var query: Range<Int>?
        var fragment: Range<Int>?
    }

    /// The scheme, as written (compare it case-insensitively).
    public var scheme: String { component(layout.scheme) }
    /// The user information before `@`, if any.
    public var userinfo: String? { layout.userinfo.map(component) }
    /// The host (an IP literal keeps its brackets), if the URI has an authority.
    public var host: String? { layout.host.map(component) }
    /// The port, if one is written.
    public var port: Int? { layout.port }
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
    public init(parsing text: String) throws(AuthCallbackError) {
        var text = text
        text.makeContiguousUTF8()
        layout = try Self.withBytes(of: text) { bytes throws(AuthCallbackError) in try Self.parse(bytes) }
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
        guard let range else { return [] }
        return try Self.withBytes(of: text) { bytes throws(AuthCallbackError) in try FormParameter.parse(bytes, range) }
    }

    private func component(_ range: Range<Int>) -> String {
        Self.withBytes(of: text) { bytes in String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
    }

    /// Runs `body` over the text's UTF-8 bytes (contiguous after `makeContiguousUTF8()`; the copy is only a
    /// fallback).
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
        var index = 0
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        guard let first = bytes.first, CharacterSet.isAlpha(first) else { throw .invalidScheme(offset: 0) }
        while index < bytes.count, CharacterSet.has(bytes[index], .scheme) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw .invalidScheme(offset: index) }
        var layout = Layout(scheme: 0..<index, path: 0..<0)
        index += 1

        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            index += 2
            let authorityStart = index
            while index < bytes.count, !endsAuthority(bytes[index]) { index += 1 }
            var authority = authorityStart..<index
            if let at = bytes[authority].firstIndex(of: UInt8(ascii: "@")) {
                try CharacterSet.validate(bytes, authority.lowerBound..<at, allowing: .userinfo)
                layout.userinfo = authority.lowerBound..<at
                authority = (at + 1)..<authority.upperBound
            }
            var hostEnd = authority.upperBound
            if bytes[authority].first == UInt8(ascii: "[") {
                guard let close = bytes[authority].firstIndex(of: UInt8(ascii: "]")) else {
                    throw .invalidHost(offset: authority.lowerBound)
                }
                for position in (authority.lowerBound + 1)..<close where !CharacterSet.has(bytes[position], .ipLiteral) {
                    throw .invalidHost(offset: position)
                }
                hostEnd = close + 1
                guard hostEnd == authority.upperBound || bytes[hostEnd] == UInt8(ascii: ":") else {
                    throw .invalidHost(offset: hostEnd)
                }
            } else {
                if let colon = bytes[authority].lastIndex(of: UInt8(ascii: ":")) { hostEnd = colon }
                try CharacterSet.validate(bytes, authority.lowerBound..<hostEnd, allowing: .registeredName)
            }
            layout.host = authority.lowerBound..<hostEnd
            if hostEnd < authority.upperBound {  // ":" port
                let digits = (hostEnd + 1)..<authority.upperBound
                if !digits.isEmpty {
                    var value = 0
                    for position in digits {
                        guard CharacterSet.isDigit(bytes[position]), value <= 65535 else { throw .invalidPort(offset: hostEnd + 1) }
                        value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                    }
                    guard value <= 65535 else { throw .invalidPort(offset: hostEnd + 1) }
                    layout.port = value
                }
            }
        }

        let pathStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") { index += 1 }
        try CharacterSet.validate(bytes, pathStart..<index, allowing: .path)
        layout.path = pathStart..<index

        if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
            let queryStart = index + 1
            index = queryStart
            while index < bytes.count, bytes[index] != UInt8(ascii: "#") { index += 1 }
            try CharacterSet.validate(bytes, queryStart..<index, allowing: .query)
            layout.query = queryStart..<index
        }
        if index < bytes.count {  // "#"
            try CharacterSet.validate(bytes, (index + 1)..<bytes.count, allowing: .query)
            layout.fragment = (index + 1)..<bytes.count
        }
        return layout
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
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
        if layout.query != nil { text += "?<redacted>" }
        if layout.fragment != nil { text += "#<redacted>" }
        return text
    }
}
