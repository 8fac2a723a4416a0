/// The character classes of RFC 3986 §2–3, over UTF-8 bytes, as one 256-entry table of flags so that
/// a whole component is checked with one load and one test per byte.
enum CharacterSet {
    /// A set of classes; a byte is allowed in a component when its flags meet the component's mask.
    struct Mask: OptionSet {
        let rawValue: UInt8
        static let alpha = Mask(rawValue: 1 << 0)
        static let digit = Mask(rawValue: 1 << 1)
        /// "-" / "." / "_" / "~" (with ALPHA and DIGIT: unreserved)
        static let unreservedMark = Mask(rawValue: 1 << 2)
        /// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
        static let subDelimiter = Mask(rawValue: 1 << 3)
        static let colon = Mask(rawValue: 1 << 4)
        /// "@" and "/": allowed in paths, queries and fragments.
        static let atOrSlash = Mask(rawValue: 1 << 5)
        static let question = Mask(rawValue: 1 << 6)
        /// "+" / "-" / ".": with ALPHA and DIGIT, the scheme characters.
        static let schemeMark = Mask(rawValue: 1 << 7)

        static let unreserved: Mask = [.alpha, .digit, .unreservedMark]
        static let scheme: Mask = [.alpha, .digit, .schemeMark]
        /// reg-name = *( unreserved / pct-encoded / sub-delims )
        static let registeredName: Mask = [.unreserved, .subDelimiter]
        /// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
        static let userinfo: Mask = [.registeredName, .colon]
        /// IPv6 and IPvFuture literals, loosely: hex digits, ":", "." and the "v" form's unreserved letters.
        static let ipLiteral: Mask = [.unreserved, .colon]
        /// pchar = unreserved / pct-encoded / sub-delims / ":" / "@", plus "/" between segments.
        static let path: Mask = [.registeredName, .colon, .atOrSlash]
        /// query = fragment = *( pchar / "/" / "?" )
        static let query: Mask = [.path, .question]
    }

    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        func add(_ characters: String, _ mask: Mask) {
            for byte in characters.utf8 { table[Int(byte)] |= mask.rawValue }
        }
        add("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", .alpha)
        add("0123456789", .digit)
        add("-._~", .unreservedMark)
        add("!$&'()*+,;=", .subDelimiter)
        add(":", .colon)
        add("@/", .atOrSlash)
        add("?", .question)
        add("+-.", .schemeMark)
        return table
    }()

    static func has(_ byte: UInt8, _ mask: Mask) -> Bool { table[Int(byte)] & mask.rawValue != 0 }

    static func isAlpha(_ b: UInt8) -> Bool { has(b, .alpha) }
    static func isDigit(_ b: UInt8) -> Bool { has(b, .digit) }
    static func isHexDigit(_ b: UInt8) -> Bool { hexValue(b) != nil }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Checks that every byte in `range` is allowed by `mask` or starts a valid percent escape
    /// ("%" HEXDIG HEXDIG, all three inside the range).
    static func validate(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, allowing mask: Mask) throws(AuthCallbackError) {
        let error: AuthCallbackError? = table.withUnsafeBufferPointer { table in
            var index = range.lowerBound
            while index < range.upperBound {
                let byte = bytes[index]
                if table[Int(byte)] & mask.rawValue != 0 {
                    index += 1
                } else if byte == UInt8(ascii: "%") {
                    guard index + 2 < range.upperBound, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                        return .invalidPercentEncoding(offset: index)
                    }
                    index += 3
                } else {
                    return .invalidCharacter(offset: index)
                }
            }
            return nil
        }
        if let error { throw error }
    }
}

/// Percent-decoding (RFC 3986 §2.1) to UTF-8 text.
enum PercentDecoding {
    /// Decodes `bytes[range]`; with `plusAsSpace`, `+` is a space (form encoding only). Fails on a `%`
    /// without two hex digits and on decoded bytes that are not UTF-8.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plusAsSpace: Bool) throws(AuthCallbackError) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        // Fast path: plain ASCII with nothing to decode is already the text.
        if !slice.contains(where: { $0 == UInt8(ascii: "%") || $0 >= 0x80 || (plusAsSpace && $0 == UInt8(ascii: "+")) }) {
            return String(decoding: slice, as: UTF8.self)
        }
        var output = [UInt8](repeating: 0, count: slice.count)
        var count = 0
        var index = 0
        var ascii = true
        while index < slice.count {
            let byte = slice[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < slice.count, let high = CharacterSet.hexValue(slice[index + 1]),
                    let low = CharacterSet.hexValue(slice[index + 2])
                else {
                    throw .invalidPercentEncoding(offset: range.lowerBound + index)
                }
                output[count] = high << 4 | low
                index += 3
            } else {
                output[count] = plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
                index += 1
            }
            ascii = ascii && output[count] < 0x80
            count += 1
        }
        let decoded = output[..<count]
        let text = String(decoding: decoded, as: UTF8.self)
        // Invalid UTF-8 decodes with replacement characters, so such bytes would not survive the round trip.
        guard ascii || text.utf8.elementsEqual(decoded) else { throw .invalidUTF8 }
        return text
    }
}
