// The encoding and decoding loops over contiguous buffers.

extension Base64URL {
    /// The 64 characters of the URL- and filename-safe alphabet, RFC 4648 Table 2.
    private static let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

    static func encode(buffer input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let outputCount = encodedCount(forByteCount: input.count)
        guard outputCount > 0 else { return [] }
        let table = alphabet.utf8Start
        return [UInt8](unsafeUninitializedCapacity: outputCount) { output, initializedCount in
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
            initializedCount = outputCount
        }
    }

    static func decode(
        buffer input: UnsafeBufferPointer<UInt8>,
        options: DecodingOptions
    ) throws(AuthBase64URLError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3 + 2)
        var accumulator: UInt32 = 0
        var pending = 0  // sextets in `accumulator`, 0...3
        var dataCount = 0
        var lastDataOffset = 0
        var paddingOffset: Int? = nil
        var paddingCount = 0

        for offset in input.indices {
            let character = input[offset]
            let value = sextet(character)
            if value != invalid {
                if let paddingOffset { throw .misplacedPadding(offset: paddingOffset) }
                accumulator = accumulator << 6 | UInt32(value)
                pending += 1
                dataCount += 1
                lastDataOffset = offset
                if pending == 4 {
                    output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                    output.append(UInt8(truncatingIfNeeded: accumulator >> 8))
                    output.append(UInt8(truncatingIfNeeded: accumulator))
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
            output.append(UInt8(truncatingIfNeeded: accumulator >> 4))
        case 3:
            guard accumulator & 0x3 == 0 else { throw .nonCanonicalTrailingBits(offset: lastDataOffset) }
            output.append(UInt8(truncatingIfNeeded: accumulator >> 10))
            output.append(UInt8(truncatingIfNeeded: accumulator >> 2))
        default:
            break
        }
        return output
    }

    private static let invalid: UInt8 = 0xff

    /// The 6-bit value of a base64url character, or `invalid`.
    @inline(__always)
    private static func sextet(_ character: UInt8) -> UInt8 {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character &- UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character &- UInt8(ascii: "a") &+ 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character &- UInt8(ascii: "0") &+ 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: invalid
        }
    }

    private static func isWhitespace(_ character: UInt8) -> Bool {
        character == 0x20 || character == 0x09 || character == 0x0d || character == 0x0a
    }
}
