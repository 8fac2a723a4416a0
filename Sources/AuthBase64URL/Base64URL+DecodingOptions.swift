// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension Base64URL {
    /// Relaxations of the strict decoding rules, for text that did not come from a JOSE producer.
    ///
    /// Neither is needed for JWS or PKCE values, which are never padded or wrapped; reach for them
    /// when reading base64url that a person or another system wrote.
    public struct DecodingOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8

        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// Accepts `=` padding at the end, in the exact amount RFC 4648 §4 calls for (a text
        /// without padding is still accepted). Padding anywhere else is an error.
        public static let allowPadding = DecodingOptions(rawValue: 1 << 0)

        /// Skips ASCII space, tab, CR and LF anywhere in the text, as in line-wrapped input.
        public static let ignoreWhitespace = DecodingOptions(rawValue: 1 << 1)
    }
}
