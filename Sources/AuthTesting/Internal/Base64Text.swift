// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL

/// base64url for the fake provider's tokens, and the standard alphabet with padding for HTTP Basic.
enum Base64Text {
    static func encode(_ bytes: [UInt8]) -> String { Base64URL.encode(bytes) }

    /// Decodes standard base64 (RFC 4648 §4) by mapping it onto the URL alphabet; nil when invalid.
    static func decodeStandard(_ text: String) -> [UInt8]? {
        let mapped = String(
            decoding: text.utf8.compactMap { byte -> UInt8? in
                switch byte {
                case UInt8(ascii: "+"): UInt8(ascii: "-")
                case UInt8(ascii: "/"): UInt8(ascii: "_")
                case UInt8(ascii: "="): nil
                default: byte
                }
            }, as: UTF8.self)
        return try? Base64URL.decode(mapped)
    }
}
