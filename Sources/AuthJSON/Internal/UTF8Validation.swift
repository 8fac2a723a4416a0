// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// UTF-8 as RFC 3629 defines it: shortest form only, no surrogates, nothing above U+10FFFF.
enum UTF8Validation {
    /// Checks the multi-byte scalar starting at `offset` and returns the offset after it.
    static func skipScalar(in input: UnsafeBufferPointer<UInt8>, at offset: Int) throws(AuthJSONError) -> Int {
        let lead = input[offset]
        let length: Int
        var minimum: UInt32
        var scalar: UInt32
        switch lead {
        case 0xc2...0xdf:
            length = 2
            minimum = 0x80
            scalar = UInt32(lead & 0x1f)
        case 0xe0...0xef:
            length = 3
            minimum = 0x800
            scalar = UInt32(lead & 0x0f)
        case 0xf0...0xf4:
            length = 4
            minimum = 0x10000
            scalar = UInt32(lead & 0x07)
        default: throw .invalidUTF8(offset: offset)  // continuation byte, overlong lead C0/C1, or F5+
        }
        guard offset + length <= input.count else { throw .invalidUTF8(offset: offset) }
        for index in offset + 1..<offset + length {
            let byte = input[index]
            guard byte & 0xc0 == 0x80 else { throw .invalidUTF8(offset: offset) }
            scalar = scalar << 6 | UInt32(byte & 0x3f)
        }
        guard scalar >= minimum, scalar <= 0x10ffff, !(0xd800...0xdfff).contains(scalar) else {
            throw .invalidUTF8(offset: offset)
        }
        return offset + length
    }

    /// Appends the UTF-8 encoding of a valid scalar value.
    static func append(scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(scalar))
        case 0x80..<0x800:
            bytes.append(UInt8(0xc0 | scalar >> 6))
            bytes.append(UInt8(0x80 | scalar & 0x3f))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xe0 | scalar >> 12))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3f))
            bytes.append(UInt8(0x80 | scalar & 0x3f))
        default:
            bytes.append(UInt8(0xf0 | scalar >> 18))
            bytes.append(UInt8(0x80 | scalar >> 12 & 0x3f))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3f))
            bytes.append(UInt8(0x80 | scalar & 0x3f))
        }
    }
}
