// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A SHA-256 hash function (FIPS 180-4 §6.2), usable one-shot or as a stream.
///
/// The shape follows swift-crypto's `SHA256`, so code can move between the two:
///
/// ```swift
/// let digest = SHA256.hash(data: "abc".utf8)
/// print(digest)  // ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
///
/// var hasher = SHA256()
/// hasher.update(data: firstChunk)
/// hasher.update(data: secondChunk)
/// let streamed = hasher.finalize()
/// ```
///
/// `update` can be called any number of times with pieces of any length; the hasher keeps one
/// 64-byte block and a byte counter, so memory stays constant however long the stream is.
/// Nothing is allocated on the heap: neither the hasher nor ``SHA256Digest`` holds a reference.
/// ``SHA384`` and ``SHA512`` have the same shape (``HashFunction``).
///
/// - Security: SHA-256 is a hash, not a MAC and not a password hash. `SHA256(secret + message)` is open to
///   length extension; use ``HMACSHA256`` to authenticate a message with a key.
/// - Note: FIPS 180-4 defines SHA-256 for messages shorter than 2^64 bits (2 EiB); the bit length is kept
///   modulo 2^64 beyond that, as in other implementations.
public struct SHA256: HashFunction {
    /// The number of bytes in a digest: 32.
    public static let byteCount = 32

    /// The number of bytes in a block: 64.
    public static let blockByteCount = 64

    /// `SHA256`.
    public static let name = "SHA256"

    private var engine = MerkleDamgard(SHA256State())

    /// Creates a hasher with the initial hash value of FIPS 180-4 §5.3.3.
    public init() {}

    /// Adds the bytes of a raw buffer to the message being hashed.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        engine.update(bufferPointer: bufferPointer)
    }

    /// Pads the message (FIPS 180-4 §5.1.1) and returns its digest.
    ///
    /// The hasher itself is not changed, so more data can still be added to it afterwards: the digest
    /// is that of everything added so far.
    public func finalize() -> SHA256Digest {
        SHA256Digest(state: engine.finalState())
    }

    /// Returns the digest of the bytes of a raw buffer in one call.
    ///
    /// Whole blocks are compressed where they lie and only the tail is copied, once, for padding: a
    /// 43-byte PKCE verifier costs one copy and one compression.
    public static func hash(bufferPointer: UnsafeRawBufferPointer) -> SHA256Digest {
        SHA256Digest(state: MerkleDamgard.hash(SHA256State(), bufferPointer: bufferPointer))
    }
}
