/// The character classes of RFC 3986 §2–3, over UTF-8 bytes.
enum CharacterSet {
    static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    static func isHexDigit(_ b: UInt8) -> Bool { isDigit(b) || ((b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "f")) }

    /// ALPHA / DIGIT / "+" / "-" / "."
    static func isSchemeCharacter(_ b: UInt8) -> Bool {
        isAlpha(b) || isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }

    /// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
    static func isUnreserved(_ b: UInt8) -> Bool {
        isAlpha(b) || isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
    }

    /// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
    static func isSubDelimiter(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    /// reg-name = *( unreserved / pct-encoded / sub-delims )
    static func isRegisteredNameCharacter(_ b: UInt8) -> Bool { isUnreserved(b) || isSubDelimiter(b) }
    /// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
    static func isUserinfoCharacter(_ b: UInt8) -> Bool { isRegisteredNameCharacter(b) || b == UInt8(ascii: ":") }
    /// IPv6 and IPvFuture literals, loosely: hex digits, ":", "." (and the "v" form's letters).
    static func isIPLiteralCharacter(_ b: UInt8) -> Bool { isHexDigit(b) || b == UInt8(ascii: ":") || b == UInt8(ascii: ".") || isUnreserved(b) }
    /// pchar = unreserved / pct-encoded / sub-delims / ":" / "@", plus "/" between segments.
    static func isPathCharacter(_ b: UInt8) -> Bool {
        isUnreserved(b) || isSubDelimiter(b) || b == UInt8(ascii: ":") || b == UInt8(ascii: "@") || b == UInt8(ascii: "/")
    }
    /// query = fragment = *( pchar / "/" / "?" )
    static func isQueryCharacter(_ b: UInt8) -> Bool { isPathCharacter(b) || b == UInt8(ascii: "?") }

    /// Checks that every byte in `range` is allowed or starts a valid percent escape (`except` skips a
    /// range already checked, such as an IP literal).
    static func validate(
        _ bytes: [UInt8], _ range: Range<Int>, allowing allowed: (UInt8) -> Bool, except: Range<Int>? = nil
    ) throws(AuthCallbackError) {
        var index = range.lowerBound
        while index < range.upperBound {
            if let except, except.contains(index) {
                index = except.upperBound
                continue
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                // "%" HEXDIG HEXDIG, all three inside the range
                guard index + 2 < range.upperBound, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    throw .invalidPercentEncoding(offset: index)
                }
                index += 3
            } else {
                guard allowed(byte) else { throw .invalidCharacter(offset: index) }
                index += 1
            }
        }
    }
}

/// Percent-decoding (RFC 3986 §2.1) to UTF-8 text.
enum PercentDecoding {
    static func decode(_ bytes: [UInt8], _ range: Range<Int>, plusAsSpace: Bool) throws(AuthCallbackError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                    throw .invalidPercentEncoding(offset: index)
                }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        // Invalid UTF-8 decodes with replacement characters, so the bytes would not survive the round trip.
        let text = String(decoding: output, as: UTF8.self)
        guard text.utf8.elementsEqual(output) else { throw .invalidUTF8 }
        return text
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
