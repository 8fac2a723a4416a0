// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL

/// Encodes base64url chunk by chunk in constant memory: each chunk's whole 3-byte groups are encoded at
/// once, and the 0 to 2 bytes left over wait for the next chunk (or ``finish()``).
struct Base64URLStreamEncoder {
    private var carry: [UInt8] = []

    /// The text for `chunk`'s complete groups, with any bytes carried from the previous chunk in front.
    mutating func encode(_ chunk: UnsafeRawBufferPointer) -> [UInt8] {
        var input = carry
        input.append(contentsOf: chunk)
        let whole = input.count - input.count % 3
        carry = Array(input[whole...])
        return Base64URL.encodedBytes(input[..<whole])
    }

    /// The text for the last 0 to 2 bytes, unpadded.
    mutating func finish() -> [UInt8] {
        defer { carry = [] }
        return Base64URL.encodedBytes(carry)
    }
}
