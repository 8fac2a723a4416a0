// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import Foundation
import TestVectors
import Testing

/// The encoding and decoding loops at their edges: every length around their block sizes, and every byte
/// value at every position of a text, with expectations from Python's `base64` and RFC 4648's alphabet.
@Suite("Base64URL loops")
struct Base64URLCodingTests {
    struct Case: Decodable {
        let bytes: String
        let text: String
    }

    struct Blocks: Decodable {
        let lengths: [Case]
        let positions: [Case]
    }

    /// RFC 4648 Table 2 (§5): the character of each 6-bit value.
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func blocks() throws -> Blocks {
        try Vectors.json("Python/base64url-blocks.json")
    }

    @Test("agrees with Python's base64 at every length around the block sizes and the stack limit")
    func lengths() throws {
        let vectors = try Self.blocks()
        #expect(vectors.lengths.count == 161)
        for vector in vectors.lengths {
            let bytes = try Vectors.bytes(hex: vector.bytes)
            let text = Array(vector.text.utf8)
            #expect(Base64URL.encode(bytes) == vector.text, "\(bytes.count) bytes")
            #expect(Base64URL.encodedBytes(bytes) == text, "\(bytes.count) bytes")
            #expect(try Base64URL.decode(vector.text) == bytes, "\(bytes.count) bytes")
            #expect(try Base64URL.decode(bytes: text) == bytes, "\(bytes.count) bytes")
            #expect(try Base64URL.decode(vector.text.dropFirst(0)) == bytes, "\(bytes.count) bytes, a Substring")
            let padded = vector.text + String(repeating: "=", count: (4 - text.count % 4) % 4)
            #expect(try Base64URL.decode(padded, options: .allowPadding) == bytes, "\(bytes.count) bytes, padded")
            if bytes.count <= 140 {
                #expect(try Base64URL.decode(bytes: AnySequence(text)) == bytes, "\(bytes.count) bytes, not contiguous")
                #expect(Base64URL.encode(AnySequence(bytes)) == vector.text, "\(bytes.count) bytes, not contiguous")
            }
        }
    }

    @Test("refuses every byte outside the alphabet at every position, with that position and the right error")
    func invalidByteAtEveryPosition() throws {
        for vector in try Self.blocks().positions {
            let text = Array(vector.text.utf8)
            for position in text.indices {
                for byte in UInt8.min...UInt8.max where !Self.alphabet.contains(byte) {
                    var changed = text
                    changed[position] = byte
                    let expected: AuthBase64URLError =
                        switch byte {
                        case UInt8(ascii: "+"), UInt8(ascii: "/"): .standardAlphabetCharacter(offset: position)
                        case UInt8(ascii: "="): .unexpectedPadding(offset: position)
                        case 0x20, 0x09, 0x0a, 0x0d: .whitespace(offset: position)
                        default: .invalidCharacter(offset: position)
                        }
                    #expect(throws: expected, "\(text.count) characters") { try Base64URL.decode(bytes: changed) }
                }
            }
        }
    }

    @Test("decodes every alphabet character at every position to the six bits RFC 4648 gives it there")
    func everyCharacterAtEveryPosition() throws {
        for vector in try Self.blocks().positions {
            let text = Array(vector.text.utf8)
            let bytes = try Vectors.bytes(hex: vector.bytes)
            for position in text.indices {
                for (value, character) in Self.alphabet.enumerated() {
                    var changed = text
                    changed[position] = character
                    // Bits 6·position ..< 6·position + 6 of the text's bit string carry `value`; bits past the
                    // last whole byte must be zero (RFC 4648 §3.5).
                    var expected = bytes
                    var spareBits = false
                    for bit in 0..<6 {
                        let index = position * 6 + bit
                        let isSet = value >> (5 - bit) & 1 == 1
                        guard index < bytes.count * 8 else {
                            spareBits = spareBits || isSet
                            continue
                        }
                        let mask = UInt8(0x80) >> (index % 8)
                        expected[index / 8] = isSet ? expected[index / 8] | mask : expected[index / 8] & ~mask
                    }
                    if spareBits {
                        #expect(throws: AuthBase64URLError.nonCanonicalTrailingBits(offset: text.count - 1)) {
                            try Base64URL.decode(bytes: changed)
                        }
                    } else {
                        #expect(try Base64URL.decode(bytes: changed) == expected, "position \(position) of \(text.count)")
                    }
                }
            }
        }
    }

    @Test("skips whitespace and places padding exactly, inserted at every position")
    func insertedAtEveryPosition() throws {
        for vector in try Self.blocks().positions {
            let text = Array(vector.text.utf8)
            let bytes = try Vectors.bytes(hex: vector.bytes)
            for position in 0...text.count {
                for space in [UInt8(ascii: " "), 0x09, 0x0a, 0x0d] {
                    var spaced = text
                    spaced.insert(space, at: position)
                    #expect(try Base64URL.decode(bytes: spaced, options: .ignoreWhitespace) == bytes)
                    #expect(throws: AuthBase64URLError.whitespace(offset: position)) { try Base64URL.decode(bytes: spaced) }
                }
                var padded = text
                padded.insert(UInt8(ascii: "="), at: position)
                // One "=" completes the group only after a text whose last group has 3 characters.
                if position == text.count && text.count % 4 == 3 {
                    #expect(try Base64URL.decode(bytes: padded, options: .allowPadding) == bytes)
                } else {
                    #expect(throws: AuthBase64URLError.misplacedPadding(offset: position)) {
                        try Base64URL.decode(bytes: padded, options: .allowPadding)
                    }
                }
                #expect(throws: AuthBase64URLError.unexpectedPadding(offset: position)) { try Base64URL.decode(bytes: padded) }
            }
        }
    }

    @Test("encodes every 12-bit value, in both halves of a 3-byte group, as RFC 4648's two characters")
    func everyPair() throws {
        // Group k holds k in its first 12 bits and 4095 − k in its last: every value in both places.
        var bytes: [UInt8] = []
        var expected: [UInt8] = []
        for first in 0..<4096 {
            let second = 4095 - first
            let group = first << 12 | second
            bytes += [UInt8(group >> 16), UInt8(group >> 8 & 0xff), UInt8(group & 0xff)]
            expected += [first >> 6, first & 0x3f, second >> 6, second & 0x3f].map { Self.alphabet[$0] }
        }
        #expect(Base64URL.encodedBytes(bytes) == expected)
        #expect(try Base64URL.decode(bytes: expected) == bytes)
        // Shifted by one and two bytes, so that the groups also straddle the encoder's blocks.
        for skip in 1..<3 {
            let shifted = Array(bytes.dropFirst(skip))
            #expect(Base64URL.encodedBytes(shifted) == Self.bitByBit(shifted))
            #expect(try Base64URL.decode(bytes: Self.bitByBit(shifted)) == shifted)
        }
    }

    /// RFC 4648 §4 and §5 read literally, one bit at a time: the bytes as a bit string, cut into 6-bit groups
    /// (the last one filled up with zero bits), each written as its character. No padding.
    static func bitByBit(_ bytes: [UInt8]) -> [UInt8] {
        var text: [UInt8] = []
        var value = 0
        var bits = 0
        for bit in 0..<bytes.count * 8 {
            value = value << 1 | Int(bytes[bit / 8] >> (7 - bit % 8) & 1)
            bits += 1
            if bits == 6 {
                text.append(alphabet[value])
                value = 0
                bits = 0
            }
        }
        if bits > 0 { text.append(alphabet[value << (6 - bits)]) }
        return text
    }
}
