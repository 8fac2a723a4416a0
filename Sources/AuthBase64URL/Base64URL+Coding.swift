// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// The encoding and decoding loops over contiguous buffers.
//
// Both loops read and write through raw pointers; every access is inside the buffers by construction:
// a loop runs only while its whole block of input remains, and the output is sized before the loop
// (`encodedCount` characters; `input.count / 4 * 3 + 3` bytes when decoding, see `decode(buffer:options:)`).

extension Base64URL {
    /// The 64 characters of the URL- and filename-safe alphabet, RFC 4648 Table 2.
    private static let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

    @usableFromInline
    static func encode(buffer input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let outputCount = encodedCount(forByteCount: input.count)
        guard outputCount > 0, let source = input.baseAddress else { return [] }
        return bytes(capacity: outputCount) { output in
            encode(source, count: input.count, into: output)
            return outputCount
        }
    }

    /// The text straight into a String's own storage: no intermediate array, no UTF-8 validation pass
    /// (the alphabet is ASCII).
    @usableFromInline
    static func encodeString(buffer input: UnsafeBufferPointer<UInt8>) -> String {
        let outputCount = encodedCount(forByteCount: input.count)
        guard outputCount > 0, let source = input.baseAddress else { return "" }
        return String(unsafeUninitializedCapacity: outputCount) { output in
            if let target = output.baseAddress { encode(source, count: input.count, into: target) }
            return outputCount
        }
    }

    /// Writes the `encodedCount(forByteCount: count)` characters of the `count` bytes at `input` to `output`.
    @inline(__always)
    private static func encode(_ input: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>) {
        let source = UnsafeRawPointer(input)
        let target = UnsafeMutableRawPointer(output)
        var i = 0
        var o = 0
        encodingPairs.withUnsafeBufferPointer { pairs in
            guard let pairs = pairs.baseAddress else { return }
            // 6 bytes to 8 characters: one 8-byte load (so it stops while 8 bytes remain), four lookups of
            // two characters each, one 8-byte store.
            while count - i >= 8 {
                let word = UInt64(bigEndian: source.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let first = UInt64(pairs[Int(truncatingIfNeeded: word >> 52)])
                let second = UInt64(pairs[Int(truncatingIfNeeded: word >> 40 & 0xfff)])
                let third = UInt64(pairs[Int(truncatingIfNeeded: word >> 28 & 0xfff)])
                let fourth = UInt64(pairs[Int(truncatingIfNeeded: word >> 16 & 0xfff)])
                let characters = first | second << 16 | third << 32 | fourth << 48
                target.storeBytes(of: characters.littleEndian, toByteOffset: o, as: UInt64.self)
                i += 6
                o += 8
            }
            // 3 bytes to 4 characters.
            while count - i >= 3 {
                let group = Int(input[i]) << 16 | Int(input[i + 1]) << 8 | Int(input[i + 2])
                let characters = UInt32(pairs[group >> 12]) | UInt32(pairs[group & 0xfff]) << 16
                target.storeBytes(of: characters.littleEndian, toByteOffset: o, as: UInt32.self)
                i += 3
                o += 4
            }
        }
        let table = alphabet.utf8Start
        switch count - i {
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

    @usableFromInline
    static func decode(
        buffer input: UnsafeBufferPointer<UInt8>,
        options: DecodingOptions
    ) throws(AuthBase64URLError) -> [UInt8] {
        guard let source = input.baseAddress, !input.isEmpty else { return [] }
        // The three bytes over `input.count / 4 * 3` take a final partial group, or the spare byte of a
        // group's 4-byte store.
        var failure: AuthBase64URLError? = nil
        let output = bytes(capacity: input.count / 4 * 3 + 3) { target in
            do throws(AuthBase64URLError) {
                return try decode(source, count: input.count, into: target, options: options)
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        return output
    }

    /// Outputs up to this many bytes are written to the stack and copied into their array.
    private static let stackOutputLimit = 1024

    /// An array of the bytes `body` writes to uninitialized memory of `capacity` bytes (it returns how many).
    ///
    /// A small output is written to a stack buffer and then copied into an array of its exact size: that
    /// allocation is specialized for `UInt8`, while `Array(unsafeUninitializedCapacity:)` allocates through a
    /// generic standard-library function that looks up the storage type at run time (~20 ns, more than
    /// copying a few hundred bytes). A larger output goes straight into the array's storage, not zero-filled.
    @inline(__always)
    private static func bytes(capacity: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) -> [UInt8] {
        if capacity <= stackOutputLimit {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
                guard let start = buffer.baseAddress else { return [] }
                return Array(UnsafeBufferPointer(start: start, count: body(start)))
            }
        }
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initializedCount in
            initializedCount = 0
            if let start = buffer.baseAddress { initializedCount = body(start) }
        }
    }

    /// Decodes the `count` bytes at `input` into `output` (which has room for `count / 4 * 3 + 3` bytes)
    /// and returns how many bytes were written.
    private static func decode(
        _ input: UnsafePointer<UInt8>,
        count: Int,
        into output: UnsafeMutablePointer<UInt8>,
        options: DecodingOptions
    ) throws(AuthBase64URLError) -> Int {
        let target = UnsafeMutableRawPointer(output)
        var start = 0
        var written = 0

        // Fast path: whole groups of four alphabet characters. It stops at the first group holding
        // anything else, and the precise loop below takes over from that group.
        // A table is indexed by a byte plus a multiple of 256, always inside its 1,024 entries.
        decodingTables.withUnsafeBufferPointer { tables in
            guard let tables = tables.baseAddress else { return }
            @inline(__always)
            func group(at offset: Int) -> UInt32 {
                tables[Int(input[offset])] | tables[256 + Int(input[offset + 1])]
                    | tables[512 + Int(input[offset + 2])] | tables[768 + Int(input[offset + 3])]
            }
            // 16 characters to 12 bytes, one check for the four groups: an 8-byte and a 4-byte store.
            while count - start >= 16 {
                let first = group(at: start)
                let second = group(at: start + 4)
                let third = group(at: start + 8)
                let fourth = group(at: start + 12)
                guard (first | second | third | fourth) & invalidBits == 0 else { break }
                let low = UInt64(first) | UInt64(second) << 24 | UInt64(third) << 48
                let high = third >> 16 | fourth << 8
                target.storeBytes(of: low.littleEndian, toByteOffset: written, as: UInt64.self)
                target.storeBytes(of: high.littleEndian, toByteOffset: written + 8, as: UInt32.self)
                start += 16
                written += 12
            }
            // 4 characters to 3 bytes, as a 4-byte store whose last byte the next group overwrites (or
            // which stays out of the initialized count).
            while count - start >= 4 {
                let bytes = group(at: start)
                guard bytes & invalidBits == 0 else { break }
                target.storeBytes(of: bytes.littleEndian, toByteOffset: written, as: UInt32.self)
                start += 4
                written += 3
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

        for offset in start..<count {
            let character = input[offset]
            if let value = sextet(character) {
                if let paddingOffset { throw .misplacedPadding(offset: paddingOffset) }
                accumulator = accumulator << 6 | value
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

    /// The 6-bit value of an alphabet character (RFC 4648 Table 2), `nil` for every other byte: the entry
    /// of the last position of a group holds it shifted left by 16.
    private static func sextet(_ character: UInt8) -> UInt32? {
        let entry = decodingTables[768 + Int(character)]
        return entry & invalidBits == 0 ? entry >> 16 : nil
    }

    private static func isWhitespace(_ character: UInt8) -> Bool {
        character == 0x20 || character == 0x09 || character == 0x0d || character == 0x0a
    }
}
