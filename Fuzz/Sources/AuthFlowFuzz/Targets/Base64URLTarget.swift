// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL

extension FuzzTarget {
    /// base64url (RFC 4648 §5) carries every JWS segment; strict decoding must give one text per byte string,
    /// or a token could be re-encoded and still verify.
    static let base64url = FuzzTarget(
        name: "base64url",
        checks: "encode/decode round-trips any bytes; strict decoding is canonical; lenient accepts what strict does, alike"
    ) { bytes in
        let encoded = Base64URL.encodedBytes(bytes)
        check(encoded.count == Base64URL.encodedCount(forByteCount: bytes.count), "encodedCount disagrees with encode")
        check((try? Base64URL.decode(bytes: encoded)) == bytes, "encoded bytes do not decode back to themselves")

        let strict = try? Base64URL.decode(bytes: bytes)
        let lenient = try? Base64URL.decode(bytes: bytes, options: [.allowPadding, .ignoreWhitespace])
        if let strict {
            check(Base64URL.encodedBytes(strict) == bytes, "strict decoding accepted a text that is not the canonical encoding")
            check(lenient == strict, "lenient decoding refused or changed a text strict decoding accepts")
        }
        if let lenient {
            check((try? Base64URL.decode(bytes: Base64URL.encodedBytes(lenient))) == lenient, "lenient result does not round-trip")
        }
    }
}
