/// Percent-decoding (RFC 3986 §2.1) to UTF-8 text, and the byte classes the form splitter reads.
enum PercentDecoding {
    /// What a byte means to `application/x-www-form-urlencoded` splitting, from ``formTable``.
    enum FormClass {
        static let separator: UInt8 = 1
        static let equals: UInt8 = 2
        /// `%`, `+` and bytes 0x80–0xFF: the text needs ``decode(_:_:)``, not a plain copy.
        static let encoded: UInt8 = 4
    }

    /// The ``FormClass`` of bytes 0x00–0xFF, sixteen a line ("&" 1, "=" 2, "%" "+" and 0x80–0xFF 4); 256
    /// one-byte entries, so any `UInt8` indexes it in bounds. `FormParameterTests` tries each special byte at
    /// every position.
    private static var formFlags: StaticString {
        """
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\u{4}\u{1}\0\0\0\0\u{4}\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\u{2}\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\
        \u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\
        \u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\
        \u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\
        \u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\
        \u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\
        \u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\
        \u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\
        \u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}\u{4}
        """
    }

    static var formTable: UnsafePointer<UInt8> {
        assert(formFlags.utf8CodeUnitCount == 256, "the table must have one entry for every byte")
        return formFlags.utf8Start
    }

    /// `base[range]` as text when it holds nothing to decode: ASCII with no `%` (and no `+` for forms).
    @inline(__always)
    static func plain(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
    }

    /// Decodes `base[range]` as form data: `%` escapes and `+` as a space. Fails on a `%` without two hex
    /// digits (with its offset from `base`) and on decoded bytes that are not UTF-8.
    ///
    /// One pass decodes into scratch space on the stack (the heap for long text), checking every escape
    /// and copying plain ASCII eight bytes at a time; the string is then made from it. Text that decoded
    /// to ASCII is valid as it is; other text must survive the standard library's UTF-8 validation byte
    /// for byte.
    static func decode(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) throws(AuthCallbackError) -> String {
        guard !range.isEmpty else { return "" }
        var failure: AuthCallbackError?
        let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { scratch -> String in
            guard let output = scratch.baseAddress else { return "" }
            // Each input byte gives at most one output byte, so `count <= index - range.lowerBound` throughout,
            // and an eight-byte store made while `index + 8 <= range.upperBound` fits in the scratch space.
            var count = 0
            var allBits: UInt8 = 0
            var index = range.lowerBound
            while index < range.upperBound {
                while index + 8 <= range.upperBound {
                    let word = Word.load(base + index)
                    Word.store(word, output + count)
                    let special =
                        Word.highBytes(word) | Word.bytes(word, equalTo: UInt8(ascii: "%")) | Word.bytes(word, equalTo: UInt8(ascii: "+"))
                    let plain = Word.leadingCount(special)
                    index += plain
                    count += plain
                    guard plain == 8 else { break }
                }
                guard index < range.upperBound else { break }
                var byte = base[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < range.upperBound, let high = CharacterSet.hexValue(base[index + 1]),
                        let low = CharacterSet.hexValue(base[index + 2])
                    else {
                        failure = .invalidPercentEncoding(offset: index)
                        return ""
                    }
                    byte = high << 4 | low
                    index += 3
                } else {
                    if byte == UInt8(ascii: "+") { byte = UInt8(ascii: " ") }
                    index += 1
                }
                output[count] = byte
                allBits |= byte
                count += 1
            }
            let decoded = UnsafeBufferPointer(start: output, count: count)
            let text = String(decoding: decoded, as: UTF8.self)
            // Invalid UTF-8 decodes with replacement characters, so such bytes would not survive the round trip.
            if allBits >= 0x80, !text.utf8.elementsEqual(decoded) { failure = .invalidUTF8 }
            return text
        }
        if let failure { throw failure }
        return text
    }
}
