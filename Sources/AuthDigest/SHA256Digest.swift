// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The 32-byte result of ``SHA256`` (FIPS 180-4 §6.2.2 step 4), held inline with no heap storage.
///
/// A digest is a random-access collection of its bytes, prints as lowercase hex, and compares in
/// constant time, so checking a computed digest against an expected one leaks no timing about where
/// they differ (``HashDigest``).
///
/// ```swift
/// let digest = SHA256.hash(data: "abc".utf8)
/// digest.count                     // 32
/// digest.hexString                 // "ba7816bf…15ad"
/// let expected = try SHA256Digest(hexString: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
/// digest == expected               // true, compared in constant time
/// ```
public struct SHA256Digest: HashDigest {
    /// The number of bytes in a digest: 32.
    public static let byteCount = 32

    /// The eight words of the final hash value, each stored big-endian, so the memory is the digest.
    @usableFromInline
    var words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    init(state: SHA256State) {
        words = (
            state.h0.bigEndian, state.h1.bigEndian, state.h2.bigEndian, state.h3.bigEndian,
            state.h4.bigEndian, state.h5.bigEndian, state.h6.bigEndian, state.h7.bigEndian
        )
    }

    /// Creates a digest from exactly 32 bytes, for example one received or stored earlier.
    ///
    /// - Throws: ``AuthDigestError/invalidDigestLength(expected:actual:)`` for any other length.
    public init(bytes: some Sequence<UInt8>) throws(AuthDigestError) {
        words = (0, 0, 0, 0, 0, 0, 0, 0)
        try Swift.withUnsafeMutableBytes(of: &words) { (storage) throws(AuthDigestError) in try Self.read(bytes, into: storage) }
    }

    /// Calls `body` with the 32 bytes of the digest.
    @inlinable
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var words = self.words
        return try Swift.withUnsafeBytes(of: &words) { (bytes) throws(Failure) -> Result in try body(bytes) }
    }
}

extension SHA256Digest {
    /// Compares two digests in constant time: every byte is examined whatever the first difference.
    public static func == (lhs: SHA256Digest, rhs: SHA256Digest) -> Bool {
        let l = lhs.words
        let r = rhs.words
        let difference =
            (l.0 ^ r.0) | (l.1 ^ r.1) | (l.2 ^ r.2) | (l.3 ^ r.3)
            | (l.4 ^ r.4) | (l.5 ^ r.5) | (l.6 ^ r.6) | (l.7 ^ r.7)
        return difference == 0
    }
}
