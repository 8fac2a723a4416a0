// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Base64url encoding without padding: RFC 4648 §5, as JOSE uses it (RFC 7515 §2 and Appendix C) and
/// as PKCE uses it for the S256 challenge (RFC 7636 §4.2).
///
/// ```swift
/// Base64URL.encode([0xfb, 0xff])                 // "-_8"
/// try Base64URL.decode("-_8")                    // [0xfb, 0xff]
/// try Base64URL.decode("-_8=")                   // throws .unexpectedPadding(offset: 3)
/// try Base64URL.decode("-_8=", options: .allowPadding)  // [0xfb, 0xff]
/// ```
///
/// Decoding is strict by default, so that one byte string has exactly one accepted text. It rejects,
/// each with its own ``AuthBase64URLError`` and the byte offset:
/// - characters outside `A–Z a–z 0–9 - _`, with a separate error for standard base64's `+` and `/`;
/// - padding (`=`) and whitespace, unless ``DecodingOptions`` allows them;
/// - a length that no byte string encodes to (one leftover character);
/// - non-zero unused bits in the last character (RFC 4648 §3.5), which would let several texts decode
///   to the same bytes.
public enum Base64URL {
    /// Returns the base64url text of `bytes`, without padding.
    @inlinable
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        if let encoded = bytes.withContiguousStorageIfAvailable({ encodeString(buffer: $0) }) {
            return encoded
        }
        return Array(bytes).withUnsafeBufferPointer { encodeString(buffer: $0) }
    }

    /// Returns the base64url text of `bytes` as ASCII bytes, without padding.
    @inlinable
    public static func encodedBytes(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        if let encoded = bytes.withContiguousStorageIfAvailable({ encode(buffer: $0) }) {
            return encoded
        }
        return Array(bytes).withUnsafeBufferPointer { encode(buffer: $0) }
    }

    /// Decodes base64url `text` to bytes.
    ///
    /// - Throws: ``AuthBase64URLError`` saying what is wrong and at which UTF-8 byte offset.
    @inlinable
    public static func decode(
        _ text: some StringProtocol,
        options: DecodingOptions = []
    ) throws(AuthBase64URLError) -> [UInt8] {
        try decode(bytes: text.utf8, options: options)
    }

    /// Decodes base64url text given as ASCII bytes, such as one segment of a JWS.
    ///
    /// - Throws: ``AuthBase64URLError`` saying what is wrong and at which byte offset.
    @inlinable
    public static func decode(
        bytes text: some Sequence<UInt8>,
        options: DecodingOptions = []
    ) throws(AuthBase64URLError) -> [UInt8] {
        // `withContiguousStorageIfAvailable` rethrows untyped errors, so the typed error travels in a Result.
        let decoded: Result<[UInt8], AuthBase64URLError>? = text.withContiguousStorageIfAvailable { buffer in
            Result { () throws(AuthBase64URLError) in try decode(buffer: buffer, options: options) }
        }
        if let decoded { return try decoded.get() }
        return try Array(text).withUnsafeBufferPointer { (buffer) throws(AuthBase64URLError) in
            try decode(buffer: buffer, options: options)
        }
    }

    /// The number of characters `byteCount` bytes encode to, without padding.
    public static func encodedCount(forByteCount byteCount: Int) -> Int {
        (byteCount / 3) * 4 + (byteCount % 3 * 4 + 2) / 3
    }
}
