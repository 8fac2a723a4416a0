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
public struct URI: Hashable, Sendable {
    /// The scheme, as written (compare it case-insensitively).
    public let scheme: String
    /// The user information before `@`, if any.
    public let userinfo: String?
    /// The host (an IP literal keeps its brackets), if the URI has an authority.
    public let host: String?
    /// The port, if one is written.
    public let port: Int?
    /// The path, percent-encoded as written; may be empty.
    public let path: String
    /// The query after `?`, without it.
    public let query: String?
    /// The fragment after `#`, without it.
    public let fragment: String?

    /// Parses an absolute URI (RFC 3986 §4.3).
    public init(parsing text: some StringProtocol) throws(AuthCallbackError) {
        let bytes = Array(text.utf8)
        var index = 0
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        guard let first = bytes.first, CharacterSet.isAlpha(first) else { throw .invalidScheme(offset: 0) }
        while index < bytes.count, CharacterSet.isSchemeCharacter(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw .invalidScheme(offset: index) }
        scheme = String(decoding: bytes[..<index], as: UTF8.self)
        index += 1

        var userinfo: String? = nil
        var host: String? = nil
        var port: Int? = nil
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            index += 2
            let authorityStart = index
            while index < bytes.count, !Self.endsAuthority(bytes[index]) { index += 1 }
            var authority = authorityStart..<index
            if let at = bytes[authority].firstIndex(of: UInt8(ascii: "@")) {
                try CharacterSet.validate(bytes, authority.lowerBound..<at, allowing: CharacterSet.isUserinfoCharacter)
                userinfo = String(decoding: bytes[authority.lowerBound..<at], as: UTF8.self)
                authority = (at + 1)..<authority.upperBound
            }
            var hostEnd = authority.upperBound
            if bytes[authority].first == UInt8(ascii: "[") {
                guard let close = bytes[authority].firstIndex(of: UInt8(ascii: "]")) else {
                    throw .invalidHost(offset: authority.lowerBound)
                }
                for position in (authority.lowerBound + 1)..<close where !CharacterSet.isIPLiteralCharacter(bytes[position]) {
                    throw .invalidHost(offset: position)
                }
                hostEnd = close + 1
                guard hostEnd == authority.upperBound || bytes[hostEnd] == UInt8(ascii: ":") else {
                    throw .invalidHost(offset: hostEnd)
                }
            } else if let colon = bytes[authority].lastIndex(of: UInt8(ascii: ":")) {
                hostEnd = colon
            }
            try CharacterSet.validate(bytes, authority.lowerBound..<hostEnd, allowing: CharacterSet.isRegisteredNameCharacter,
                                      except: bytes[authority].first == UInt8(ascii: "[") ? authority.lowerBound..<hostEnd : nil)
            host = String(decoding: bytes[authority.lowerBound..<hostEnd], as: UTF8.self)
            if hostEnd < authority.upperBound {  // ":" port
                let digits = (hostEnd + 1)..<authority.upperBound
                if !digits.isEmpty {
                    var value = 0
                    for position in digits {
                        guard CharacterSet.isDigit(bytes[position]), value <= 65535 else { throw .invalidPort(offset: hostEnd + 1) }
                        value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                    }
                    guard value <= 65535 else { throw .invalidPort(offset: hostEnd + 1) }
                    port = value
                }
            }
        }
        self.userinfo = userinfo
        self.host = host
        self.port = port

        let pathStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") { index += 1 }
        try CharacterSet.validate(bytes, pathStart..<index, allowing: CharacterSet.isPathCharacter)
        path = String(decoding: bytes[pathStart..<index], as: UTF8.self)

        var query: String? = nil
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
            let queryStart = index + 1
            index = queryStart
            while index < bytes.count, bytes[index] != UInt8(ascii: "#") { index += 1 }
            try CharacterSet.validate(bytes, queryStart..<index, allowing: CharacterSet.isQueryCharacter)
            query = String(decoding: bytes[queryStart..<index], as: UTF8.self)
        }
        self.query = query
        if index < bytes.count {  // "#"
            try CharacterSet.validate(bytes, (index + 1)..<bytes.count, allowing: CharacterSet.isQueryCharacter)
            fragment = String(decoding: bytes[(index + 1)...], as: UTF8.self)
        } else {
            fragment = nil
        }
    }

    /// The query's parameters, decoded as `application/x-www-form-urlencoded` (`+` is a space), in order.
    public func queryParameters() throws(AuthCallbackError) -> [FormParameter] {
        try FormParameter.parse(query.map { Array($0.utf8) } ?? [])
    }

    /// The fragment's parameters, decoded the same way (implicit and hybrid responses).
    public func fragmentParameters() throws(AuthCallbackError) -> [FormParameter] {
        try FormParameter.parse(fragment.map { Array($0.utf8) } ?? [])
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }
}
