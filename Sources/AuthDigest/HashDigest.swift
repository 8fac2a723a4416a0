// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The fixed-size result of a ``HashFunction``, held inline with no heap storage: ``SHA256Digest``,
/// ``SHA384Digest``, ``SHA512Digest``.
///
/// A digest is a random-access collection of its bytes, prints as lowercase hex, and compares in
/// constant time, so checking a computed digest against an expected one leaks no timing about where
/// they differ.
///
/// ```swift
/// let digest = SHA512.hash(data: "abc".utf8)
/// digest.count                     // 64
/// let expected = try SHA512Digest(hexString: digest.hexString)
/// digest == expected               // true, compared in constant time
/// ```
public protocol HashDigest: RandomAccessCollection, Hashable, Sendable, CustomStringConvertible
where Element == UInt8, Index == Int {
    /// The number of bytes in the digest.
    static var byteCount: Int { get }

    /// Creates a digest from exactly ``byteCount`` bytes, for example one received or stored earlier.
    ///
    /// - Throws: ``AuthDigestError/invalidDigestLength(expected:actual:)`` for any other length.
    init(bytes: some Sequence<UInt8>) throws(AuthDigestError)

    /// Calls `body` with the bytes of the digest.
    func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result
}

extension HashDigest {
    public var startIndex: Int { 0 }
    public var endIndex: Int { Self.byteCount }

    /// The byte at `position`, which must be in `0..<byteCount`.
    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < Self.byteCount, "digest index out of range")
        return withUnsafeBytes { $0[position] }
    }

    /// Creates a digest from hexadecimal digits (either case), two per byte.
    ///
    /// - Throws: ``AuthDigestError`` when the text is not hex or does not hold exactly ``byteCount`` bytes.
    public init(hexString: some StringProtocol) throws(AuthDigestError) {
        try self.init(bytes: Hex.decode(hexString))
    }

    /// The digest as lowercase hexadecimal digits, two per byte.
    public var hexString: String { Hex.encode(self) }

    /// The digest in lowercase hex, as `sha256sum` and `sha512sum` print it.
    public var description: String { hexString }

    /// Compares two digests in constant time: every byte is examined whatever the first difference.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in ConstantTime.isEqual(left, right) } }
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// Reads exactly `byteCount` bytes into `storage`, throwing for any other count.
    static func read(
        _ bytes: some Sequence<UInt8>, into storage: UnsafeMutableRawBufferPointer
    ) throws(AuthDigestError) {
        var count = 0
        for byte in bytes {
            if count < byteCount { storage[count] = byte }
            count += 1
        }
        guard count == byteCount else { throw .invalidDigestLength(expected: byteCount, actual: count) }
    }
}
