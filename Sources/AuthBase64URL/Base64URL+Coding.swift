// The encoding and decoding loops over contiguous buffers.

extension Base64URL {
    /// The 64 characters of the URL- and filename-safe alphabet, RFC 4648 Table 2.
    private static let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

    static func encode(buffer input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let outputCount = encodedCount(forByteCount: input.count)
        guard outputCount > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: outputCount) { output, initializedCount in
            encode(input, into: output.baseAddress!)
            initializedCount = outputCount
        }
    }

    /// The text straight into a String's own storage: no intermediate array, no UTF-8 validation pass
    /// (the alphabet is ASCII).
    static func encodeString(buffer input: UnsafeBufferPointer<UInt8>) -> String {
        let outputCount = encodedCount(forByteCount: input.count)
        guard outputCount > 0 else { return "" }
        return String(unsafeUninitializedCapacity: outputCount) { output in
            encode(input, into: output.baseAddress!)
            return outputCount
        }
    }

    /// Writes the `encodedCount(forByteCount: input.count)` characters of `input` to `output`.
    @inline(__always)
    private static func encode(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) {
        let table = alphabet.utf8Start
        var i = 0
        var o = 0
        while i + 3 <= input.count {
            let group = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
            output[o] = table[Int(group >> 18)]
            output[o + 1] = table[Int(group >> 12 & 0x3f)]
            output[o + 2] = table[Int(group >> 6 & 0x3f)]
            output[o + 3] = table[Int(group & 0x3f)]
            i += 3
            o += 4
        }
        switch input.count - i {
        case 1:
            let group = UInt32(input[i]) << 16
            output[o] = table[Int(group >> 18)]
            output[o + 1] = table[Int(group >> 12 & 0x3f)]
        case 2:
            let group = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8
            output[o] = table[Int(group >> 18)]
            output[o + 1] = table[Int(group >> 12 & 0x3f)]
            output[o + 2] = table[Int(group >> 6 & 0x3f)]
        default:
            break
        }
    }

    static func decode(
        buffer input: UnsafeBufferPointer<UInt8>,
        options: DecodingOptions
    ) throws(AuthBase64URLError) -> [UInt8] {
        // Uninitialized storage (no zero fill); exactly the decoded bytes count as initialized.
        var failure: AuthBase64URLError? = nil
        let output = [UInt8](unsafeUninitializedCapacity: input.count / 4 * 3 + 3) { buffer, initializedCount in
            do throws(AuthBase64URLError) {
                initializedCount = try decode(input, into: buffer.baseAddress!, options: options)
            } catch {
                failure = error
                initializedCount = 0
            }
        }
        if let failure { throw failure }
        return output
    }

    /// Decodes `input` into `output` (which has room for `input.count / 4 * 3 + 3` bytes) and returns
    /// how many bytes were written.
    private static func decode(
        _ input: UnsafeBufferPointer<UInt8>,
        into output: UnsafeMutablePointer<UInt8>,
        options: DecodingOptions
    ) throws(AuthBase64URLError) -> Int {
        var start = 0
        var written = 0

        // Fast path: whole groups of four alphabet characters, through the table. It stops at the first
        // group holding anything else, and the precise loop below takes over from that group.
        // The table is read through a pointer: a UInt8 index is always inside its 256 entries.
        decodeTable.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            while start + 4 <= input.count {
                let a = table[Int(input[start])]
                let b = table[Int(input[start + 1])]
                let c = table[Int(input[start + 2])]
                let d = table[Int(input[start + 3])]
                guard (a | b | c | d) & 0xc0 == 0 else { break }
                let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                output[written] = UInt8(truncatingIfNeeded: group >> 16)
                output[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                output[written + 2] = UInt8(truncatingIfNeeded: group)
                written += 3
                start += 4
            }
        }

        // Precise path: the final partial group, padding and whitespace as the options allow, and every
        // error with the offset of the byte that caused it.
        var accumulator: UInt32 = 0
        var pending = 0  // sextets in `accumulator`, 0...3
        var dataCount = start
        var lastDataOffset = start
        var paddingOffset: Int? = nil
        var paddingCount = 0

        for offset in start..<input.count {
            let character = input[offset]
            let value = decodeTable[Int(character)]
            if value != invalid {
                if let paddingOffset { throw .misplacedPadding(offset: paddingOffset) }
                accumulator = accumulator << 6 | UInt32(value)
                pending += 1
                dataCount += 1
                lastDataOffset = offset
                if pending == 4 {
                    output[written] = UInt8(truncatingIfNeeded: accumulator >> 16)
                    output[written + 1] = UInt8(truncatingIfNeeded: accumulator >> 8)
                    output[written + 2] = UInt8(truncatingIfNeeded: accumulator)
                    written += 3
                    accumulator = 0
                    pending = 0
                }
            } else if character == UInt8(ascii: "=") {
                guard options.contains(.allowPadding) else { throw .unexpectedPadding(offset: offset) }
                paddingOffset = paddingOffset ?? offset
                paddingCount += 1
            } else if isWhitespace(character) {
                guard options.contains(.ignoreWhitespace) else { throw .whitespace(offset: offset) }
            } else if character == UInt8(ascii: "+") || character == UInt8(ascii: "/") {
                throw .standardAlphabetCharacter(offset: offset)
            } else {
                throw .invalidCharacter(offset: offset)
            }
        }

        if pending == 1 { throw .invalidLength(characterCount: dataCount) }
        if let paddingOffset, pending == 0 || paddingCount != 4 - pending {
            throw .misplacedPadding(offset: paddingOffset)
        }
        switch pending {
        case 2:
            guard accumulator & 0xf == 0 else { throw .nonCanonicalTrailingBits(offset: lastDataOffset) }
            output[written] = UInt8(truncatingIfNeeded: accumulator >> 4)
            written += 1
        case 3:
            guard accumulator & 0x3 == 0 else { throw .nonCanonicalTrailingBits(offset: lastDataOffset) }
            output[written] = UInt8(truncatingIfNeeded: accumulator >> 10)
            output[written + 1] = UInt8(truncatingIfNeeded: accumulator >> 2)
            written += 2
        default:
            break
        }
        return written
    }

    private static let invalid: UInt8 = 0xff

    /// The 6-bit value of each byte in the base64url alphabet (RFC 4648 Table 2), `invalid` for all others.
    private static let decodeTable: [UInt8] = [
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3e, 0xff, 0xff,
        0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e,
        0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0xff, 0xff, 0xff, 0xff, 0x3f,
        0xff, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28,
        0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f, 0x30, 0x31, 0x32, 0x33, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    ]

    private static func isWhitespace(_ character: UInt8) -> Bool {
        character == 0x20 || character == 0x09 || character == 0x0d || character == 0x0a
    }
}
