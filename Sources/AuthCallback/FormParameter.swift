/// One `name=value` pair of `application/x-www-form-urlencoded` data, decoded: the format of OAuth
/// parameters in a redirect's query or fragment and in a `form_post` body (RFC 6749 Appendix B).
///
/// ```swift
/// let pairs = try FormParameter.parse(Array("code=a%2Fb&state=x+y".utf8))
/// pairs[0].value    // "a/b"
/// pairs[1].value    // "x y"   — '+' is a space here, and only here
/// ```
public struct FormParameter: Hashable, Sendable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Splits on `&`, then on the first `=`, and percent-decodes both sides with `+` as a space. Empty
    /// segments (`a=1&&b=2`) are skipped; a segment without `=` is a name with an empty value.
    public static func parse(_ bytes: [UInt8]) throws(AuthCallbackError) -> [FormParameter] {
        try bytes.withUnsafeBufferPointer { bytes in
            Result { () throws(AuthCallbackError) in try parse(bytes, 0..<bytes.count) }
        }.get()
    }

    /// Parses `bytes[range]`; offsets in errors count from the start of `bytes`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(AuthCallbackError) -> [FormParameter] {
        var parameters: [FormParameter] = []
        parameters.reserveCapacity(1 + bytes[range].lazy.filter { $0 == UInt8(ascii: "&") }.count)
        var start = range.lowerBound
        while start <= range.upperBound {
            var end = start
            while end < range.upperBound, bytes[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                var equals = start
                while equals < end, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                let name = try PercentDecoding.decode(bytes, start..<equals, plusAsSpace: true)
                let value = equals < end ? try PercentDecoding.decode(bytes, (equals + 1)..<end, plusAsSpace: true) : ""
                parameters.append(FormParameter(name: name, value: value))
            }
            start = end + 1
        }
        return parameters
    }

    /// Encodes parameters for a query or a form body: every byte outside `A–Z a–z 0–9 - . _ ~` is
    /// percent-encoded (a space as `%20`, which both URI queries and form decoders read as a space).
    ///
    /// ```swift
    /// FormParameter.encode([FormParameter(name: "scope", value: "name email")])   // "scope=name%20email"
    /// ```
    public static func encode(_ parameters: [FormParameter]) -> String {
        var bytes: [UInt8] = []
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "&")) }
            appendEncoded(parameter.name, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            appendEncoded(parameter.value, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Encodes one name or value the same way, e.g. the client id and secret of HTTP Basic client
    /// authentication (RFC 6749 §2.3.1).
    ///
    /// ```swift
    /// FormParameter.encode(component: "a b:c")   // "a%20b%3Ac"
    /// ```
    public static func encode(component text: String) -> String {
        var bytes: [UInt8] = []
        appendEncoded(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendEncoded(_ text: String, to bytes: inout [UInt8]) {
        let hex: StaticString = "0123456789ABCDEF"
        for byte in text.utf8 {
            if CharacterSet.has(byte, .unreserved) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0x0f)]]
            }
        }
    }

    public static func == (lhs: FormParameter, rhs: FormParameter) -> Bool {
        ExactText.equal(lhs.name, rhs.name) && ExactText.equal(lhs.value, rhs.value)
    }

    public func hash(into hasher: inout Hasher) {
        for byte in name.utf8 { hasher.combine(byte) }
        hasher.combine(0xff as UInt8)
        for byte in value.utf8 { hasher.combine(byte) }
    }
}
