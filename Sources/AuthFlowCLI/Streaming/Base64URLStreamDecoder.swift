// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL

/// Decodes base64url chunk by chunk in constant memory with exactly the result and errors of
/// `Base64URL.decode(bytes:options:)` on the whole input (after the one trailing line break the CLI
/// ignores), byte offsets included.
///
/// It hands the library whole groups of four characters as soon as they are complete, keeping back the
/// last incomplete group, any trailing whitespace, and everything from the first `=` on (padding is only
/// valid at the very end). Once the input cannot be valid any more (a byte outside the alphabet, padding
/// in strict mode, data after padding), it decodes what it holds at once so that the library throws.
struct Base64URLStreamDecoder {
    let options: Base64URL.DecodingOptions
    /// Bytes not yet decoded; `pending[0]` is at byte offset `base` of the whole input.
    private var pending: [UInt8] = []
    private var base = 0
    /// Data characters already decoded, for `invalidLength(characterCount:)`.
    private var dataBefore = 0
    /// Lenient mode, after the first `=`: its offset, and the offset of the next byte read.
    private var paddingOffset: Int? = nil
    private var position = 0

    init(options: Base64URL.DecodingOptions) {
        self.options = options
    }

    /// The bytes that `chunk` completes.
    mutating func decode(_ chunk: UnsafeRawBufferPointer) throws(AuthBase64URLError) -> [UInt8] {
        for byte in chunk {
            defer { position += 1 }
            if let paddingOffset {
                // Only padding and whitespace may follow the first '='.
                if byte == UInt8(ascii: "=") {
                    pending.append(byte)
                } else if Self.isWhitespace(byte) {
                    continue
                } else if Self.isAlphabet(byte) {
                    throw .misplacedPadding(offset: paddingOffset)
                } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") {
                    throw .standardAlphabetCharacter(offset: position)
                } else {
                    throw .invalidCharacter(offset: position)
                }
                continue
            }
            pending.append(byte)
            if Self.isAlphabet(byte) { continue }
            if Self.isWhitespace(byte) {
                // Strict mode allows only the final line break: anything after whitespace is an error.
                continue
            }
            if byte == UInt8(ascii: "="), options.contains(.allowPadding) {
                paddingOffset = position
                continue
            }
            _ = try decodeAll()  // an invalid byte, or padding in strict mode: the library says which
        }
        guard paddingOffset == nil else { return [] }
        if !options.contains(.ignoreWhitespace), let space = pending.firstIndex(where: Self.isWhitespace),
            pending[space...].contains(where: { !Self.isWhitespace($0) }) || pending.count - space > 2
        {
            _ = try decodeAll()  // whitespace that is not the final line break
        }
        return try decodeCompleteGroups()
    }

    /// The bytes of the rest of the input, after dropping one final `\n` and then one `\r`.
    mutating func finish() throws(AuthBase64URLError) -> [UInt8] {
        if paddingOffset == nil {
            if pending.last == UInt8(ascii: "\n") { pending.removeLast() }
            if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        }
        return try decodeAll()
    }

    /// Decodes the pending prefix that holds whole groups of four data characters.
    private mutating func decodeCompleteGroups() throws(AuthBase64URLError) -> [UInt8] {
        var data = 0
        var cut = 0
        var afterGroup = 0  // the index just after the last data character of the last whole group
        for (index, byte) in pending.enumerated() where Self.isAlphabet(byte) {
            data += 1
            if data % 4 == 0 { afterGroup = index + 1 }
        }
        let groups = data / 4 * 4
        guard groups > 0 || options.contains(.ignoreWhitespace) else { return [] }
        if options.contains(.ignoreWhitespace) {
            // Whitespace after the last whole group goes with it, up to the next data character.
            cut = pending[afterGroup...].firstIndex(where: Self.isAlphabet) ?? pending.count
        } else {
            cut = afterGroup
        }
        guard cut > 0 else { return [] }
        let decoded = try shifted { () throws(AuthBase64URLError) in try Base64URL.decode(bytes: pending[..<cut], options: options) }
        pending.removeFirst(cut)
        base += cut
        dataBefore += groups
        return decoded
    }

    private mutating func decodeAll() throws(AuthBase64URLError) -> [UInt8] {
        let decoded = try shifted { () throws(AuthBase64URLError) in try Base64URL.decode(bytes: pending, options: options) }
        base += pending.count
        pending.removeAll(keepingCapacity: true)
        return decoded
    }

    /// Runs a decode of `pending`, moving the error's offsets from `pending` to the whole input.
    private func shifted(_ body: () throws(AuthBase64URLError) -> [UInt8]) throws(AuthBase64URLError) -> [UInt8] {
        do {
            return try body()
        } catch {
            switch error {
            case .invalidCharacter(let offset): throw .invalidCharacter(offset: base + offset)
            case .standardAlphabetCharacter(let offset): throw .standardAlphabetCharacter(offset: base + offset)
            case .unexpectedPadding(let offset): throw .unexpectedPadding(offset: base + offset)
            case .misplacedPadding(let offset): throw .misplacedPadding(offset: base + offset)
            case .whitespace(let offset): throw .whitespace(offset: base + offset)
            case .invalidLength(let count): throw .invalidLength(characterCount: dataBefore + count)
            case .nonCanonicalTrailingBits(let offset): throw .nonCanonicalTrailingBits(offset: base + offset)
            }
        }
    }

    static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0d || byte == 0x0a
    }
}
