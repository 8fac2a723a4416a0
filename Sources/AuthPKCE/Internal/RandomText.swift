// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL

/// Random base64url text, the way RFC 7636 §4.1 recommends making a verifier.
enum RandomText {
    /// Base64url text of exactly `length` characters, every one of them carrying random bits.
    ///
    /// It encodes the fewest octets whose text reaches `length` characters and keeps the first
    /// `length`: 43 characters come from 32 octets (the RFC's own recipe, 256 bits), 128 from 96.
    static func base64URL(length: Int, using generator: inout some RandomNumberGenerator) -> String {
        let octets = randomBytes(count: 3 * (length - 1) / 4 + 1, using: &generator)
        return String(decoding: Base64URL.encodedBytes(octets).prefix(length), as: UTF8.self)
    }

    /// `count` bytes from `generator`, each 64-bit output used as 8 bytes, least significant first.
    static func randomBytes(count: Int, using generator: inout some RandomNumberGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            var word = generator.next()
            for _ in 0..<min(8, count - bytes.count) {
                bytes.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return bytes
    }
}
