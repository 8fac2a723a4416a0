// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The 48-byte result of ``SHA384`` (FIPS 180-4 §6.5: the first six words of the final hash value), held
/// inline with no heap storage.
///
/// Like every ``HashDigest`` it is a collection of its bytes, prints as lowercase hex and compares in
/// constant time.
///
/// ```swift
/// let digest = SHA384.hash(data: "abc".utf8)
/// digest.count   // 48
/// ```
public struct SHA384Digest: HashDigest {
    /// The number of bytes in a digest: 48.
    public static let byteCount = 48

    /// The first six words of the final hash value, each stored big-endian, so the memory is the digest.
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    init(state: SHA512State) {
        words = (
            state.h0.bigEndian, state.h1.bigEndian, state.h2.bigEndian,
            state.h3.bigEndian, state.h4.bigEndian, state.h5.bigEndian
        )
    }

    /// Creates a digest from exactly 48 bytes.
    ///
    /// - Throws: ``AuthDigestError/invalidDigestLength(expected:actual:)`` for any other length.
    public init(bytes: some Sequence<UInt8>) throws(AuthDigestError) {
        words = (0, 0, 0, 0, 0, 0)
        try Swift.withUnsafeMutableBytes(of: &words) { (storage) throws(AuthDigestError) in try Self.read(bytes, into: storage) }
    }

    /// Calls `body` with the 48 bytes of the digest.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var words = self.words
        return try Swift.withUnsafeBytes(of: &words) { (bytes) throws(Failure) -> Result in try body(bytes) }
    }
}
