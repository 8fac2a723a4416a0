// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// `application/x-www-form-urlencoded` data (RFC 6749 Appendix B) split into fields and decoded in one
/// pass: ``FormParameter/parse(_:)`` makes strings of the fields, and ``AuthorizationResponse`` checks them
/// in place.
///
/// The output is the input with each `%XX` escape replaced by its byte and each `+` by a space; `&` and
/// `=` are copied as they are, so a field's name and value are separate runs of the output, with the
/// separators between them, and a decoded `%26` or `%3D` is told from a separator by where it lies.
enum FormDecoding {
    /// Where one field's decoded name and value are in the output.
    struct Field: Sendable {
        /// The name: `nameStart..<nameEnd`.
        var nameStart: Int
        var nameEnd: Int
        /// The value, after the first `=`: `valueStart..<valueEnd`, empty for a segment without `=`.
        var valueStart: Int
        var valueEnd: Int
        /// The authorization-response parameter the name is, if it is one the checks read.
        var known: ResponseParameter?
    }

    /// The bytes the decoder stops at, as non-zero entries of bytes 0x00–0xFF, sixteen a line ("&" 1, "=" 2,
    /// "%" "+" and 0x80–0xFF 4): 256 one-byte entries, so any `UInt8` indexes it in bounds.
    /// `FormParameterTests` tries each such byte at every position.
    private static var stopFlags: StaticString {
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

    private static var stops: UnsafePointer<UInt8> {
        assert(stopFlags.utf8CodeUnitCount == 256, "the table must have one entry for every byte")
        return stopFlags.utf8Start
    }

    /// Decodes `base[range]` into `output`, which must have room for `range.count` bytes (the output is
    /// never longer than the input), and calls `field` for each non-empty `&`-separated segment, in order.
    /// A segment without `=` is a name with an empty value. Returns the number of bytes written.
    ///
    /// Fails on a `%` without two hex digits after it (with its offset from `base`) and on a name or value
    /// whose decoded bytes are not UTF-8, each checked on its own: a name when its `=` is read (before its
    /// value), a value or a name without `=` at the end of its segment.
    ///
    /// Plain text is copied sixteen bytes at a time (eight, then one, near the end) up to the first `&`,
    /// `=`, `%`, `+` or non-ASCII byte: a block copied whole may carry bytes past that one, which the next
    /// step overwrites, and a store made while `index + 16 <= range.upperBound` ends within the output's
    /// room because each input byte gives at most one output byte. At such a byte no block is loaded or
    /// stored, and a run of `&` is copied in a loop of its own: input dense with them (`&&&…`, `a=1&a=1&…`)
    /// costs a compare per byte, not a block copy.
    @inline(__always)
    static func decode(
        _ base: UnsafePointer<UInt8>, _ range: Range<Int>, into output: UnsafeMutablePointer<UInt8>,
        field: (Field) -> Void
    ) throws(AuthCallbackError) -> Int {
        let table = stops
        var count = 0
        var index = range.lowerBound
        var fieldStart = 0
        var nameEnd = -1
        // The OR of the decoded bytes of the field's name, or of its value once the name has ended: bit 7 set
        // means non-ASCII, to be checked as UTF-8.
        var bits: UInt8 = 0
        while true {
            if index < range.upperBound, table[Int(base[index])] != 0 {
                // Already at a byte to act on (dense separators, `a=1&a=1&…`): no block or word to copy first.
            } else if index + 16 <= range.upperBound {
                let block = Block.load(base + index)
                Block.store(block, output + count)
                let plain = Block.leadingCount(Block.formSpecials(block))
                index += plain
                count += plain
                if plain == 16 { continue }
            } else if index + 8 <= range.upperBound {
                let word = Word.load(base + index)
                Word.store(word, output + count)
                let special =
                    Word.highBytes(word) | Word.bytes(word, equalTo: UInt8(ascii: "&")) | Word.bytes(word, equalTo: UInt8(ascii: "="))
                    | Word.bytes(word, equalTo: UInt8(ascii: "%")) | Word.bytes(word, equalTo: UInt8(ascii: "+"))
                let plain = Word.leadingCount(special)
                index += plain
                count += plain
                if plain == 8 { continue }
            } else {
                while index < range.upperBound, table[Int(base[index])] == 0 {
                    output[count] = base[index]
                    index += 1
                    count += 1
                }
            }
            let atEnd = index == range.upperBound
            if atEnd || base[index] == UInt8(ascii: "&") {
                if count > fieldStart {
                    var decoded = Field(nameStart: fieldStart, nameEnd: count, valueStart: count, valueEnd: count)
                    if nameEnd >= 0 {
                        decoded.nameEnd = nameEnd
                        decoded.valueStart = nameEnd + 1
                    }
                    // What is not checked yet: the value after "=", or the whole segment when it is a name alone.
                    let unchecked = nameEnd >= 0 ? decoded.valueStart..<count : decoded.nameStart..<count
                    if bits >= 0x80, !isUTF8(output, unchecked) { throw .invalidUTF8 }
                    decoded.known = ResponseParameter.named(
                        UnsafeBufferPointer(start: output + decoded.nameStart, count: decoded.nameEnd - decoded.nameStart))
                    field(decoded)
                }
                if atEnd { return count }
                // This `&` and any right after it (empty segments), copied as they are in one tight loop.
                repeat {
                    output[count] = UInt8(ascii: "&")
                    index += 1
                    count += 1
                } while index < range.upperBound && base[index] == UInt8(ascii: "&")
                fieldStart = count
                nameEnd = -1
                bits = 0
                continue
            }
            var byte = base[index]
            switch byte {
            case UInt8(ascii: "="):
                if nameEnd < 0 {
                    // The name is checked before the value is read, so a name that is not UTF-8 is reported as
                    // such even when its value holds a bad escape.
                    if bits >= 0x80, !isUTF8(output, fieldStart..<count) { throw .invalidUTF8 }
                    nameEnd = count
                    bits = 0
                }
                index += 1
            case UInt8(ascii: "%"):
                guard index + 2 < range.upperBound, let high = CharacterSet.hexValue(base[index + 1]),
                    let low = CharacterSet.hexValue(base[index + 2])
                else { throw .invalidPercentEncoding(offset: index) }
                byte = high << 4 | low
                bits |= byte
                index += 3
            case UInt8(ascii: "+"):
                byte = UInt8(ascii: " ")
                index += 1
            default:  // 0x80–0xFF, checked with the name or value it is in
                bits |= byte
                index += 1
            }
            output[count] = byte
            count += 1
        }
    }

    /// How many fields `base[range]` holds at most: its non-empty `&`-separated segments, each of which
    /// ``decode(_:_:into:field:)`` reports (unless it throws first). One pass over the bytes, so a caller can
    /// reserve room for a large input's fields at once instead of growing by copies (and a run of `&` costs
    /// no room at all).
    static func fieldCount(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        var afterSeparator = true
        for index in range {
            let isSeparator = base[index] == UInt8(ascii: "&")
            if afterSeparator, !isSeparator { count += 1 }
            afterSeparator = isSeparator
        }
        return count
    }

    /// Whether `bytes` hold no field: nothing but the `&` of empty segments, which ``decode(_:_:into:field:)``
    /// skips.
    static func hasNoField(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == UInt8(ascii: "&") }
    }

    /// Whether `base[range]` is well-formed UTF-8 (no overlong forms, surrogates or code points past
    /// U+10FFFF: the standard library's decoder, which `String` uses).
    static func isUTF8(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Bool {
        var bytes = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count).makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&bytes) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
