// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A hash function of the SHA-2 family (FIPS 180-4), usable one-shot or as a stream: ``SHA256``,
/// ``SHA384`` and ``SHA512``. ``HMAC`` is generic over it.
///
/// ```swift
/// func fingerprint<H: HashFunction>(_ data: [UInt8], with _: H.Type) -> String {
///     H.hash(data: data).hexString
/// }
/// fingerprint(Array("abc".utf8), with: SHA512.self)  // "ddaf35a1…a54ca49f"
/// ```
///
/// Every hasher keeps one block and a byte counter, so memory stays constant however long the stream is,
/// and no hasher or digest holds a heap reference.
public protocol HashFunction: Sendable {
    /// The digest type: ``SHA256Digest``, ``SHA384Digest`` or ``SHA512Digest``.
    associatedtype Digest: HashDigest

    /// The number of bytes in a digest.
    static var byteCount: Int { get }
    /// The number of bytes in a block: what HMAC pads its key to (RFC 2104 §2).
    static var blockByteCount: Int { get }
    /// The name as FIPS 180-4 writes it without the hyphen, such as `SHA256`.
    static var name: String { get }

    /// Creates a hasher with the function's initial hash value.
    init()
    /// Adds the bytes of a raw buffer to the message being hashed.
    mutating func update(bufferPointer: UnsafeRawBufferPointer)
    /// Pads the message and returns its digest. The hasher is not changed, so more data can still be
    /// added: the digest is that of everything added so far.
    func finalize() -> Digest
    /// Returns the digest of the bytes of a raw buffer in one call.
    static func hash(bufferPointer: UnsafeRawBufferPointer) -> Digest
}

extension HashFunction {
    /// Adds bytes to the message being hashed.
    ///
    /// Contiguous collections (`[UInt8]`, `ArraySlice`, a native `String.UTF8View`, …) are read in
    /// place; other sequences are read byte by byte.
    @inlinable
    public mutating func update(data: some Sequence<UInt8>) {
        let wasContiguous: Void? = data.withContiguousStorageIfAvailable { bytes in
            update(bufferPointer: UnsafeRawBufferPointer(bytes))
        }
        if wasContiguous == nil {
            for byte in data {
                withUnsafeBytes(of: byte) { update(bufferPointer: $0) }
            }
        }
    }

    /// Returns the digest of `data` in one call.
    ///
    /// ```swift
    /// let digest = SHA256.hash(data: [0x61, 0x62, 0x63])
    /// ```
    @inlinable
    public static func hash(data: some Sequence<UInt8>) -> Digest {
        if let digest = data.withContiguousStorageIfAvailable({ hash(bufferPointer: UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        var hasher = Self()
        hasher.update(data: data)
        return hasher.finalize()
    }
}
