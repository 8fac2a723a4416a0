// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A SHA-512 hash function (FIPS 180-4 §6.4), usable one-shot or as a stream, with the shape of ``SHA256``.
///
/// ```swift
/// let digest = SHA512.hash(data: "abc".utf8)
/// print(digest)  // ddaf35a193617aba…2a9ac94fa54ca49f
///
/// var hasher = SHA512()
/// hasher.update(data: firstChunk)
/// hasher.update(data: secondChunk)
/// let streamed = hasher.finalize()
/// ```
///
/// The hasher keeps one 128-byte block and a byte counter, so memory stays constant however long the
/// stream is; every block costs the same work, and nothing is allocated on the heap. SHA-512 is the hash
/// of JWS `RS512`, `PS512` and `HS512` (RFC 7518 §3) and of Ed25519 (RFC 8032 §5.1).
///
/// - Note: FIPS 180-4 defines SHA-512 for messages shorter than 2^128 bits; the byte count is kept modulo
///   2^64 (16 EiB), far beyond any message here.
public struct SHA512: HashFunction {
    /// The number of bytes in a digest: 64.
    public static let byteCount = 64

    /// The number of bytes in a block: 128.
    public static let blockByteCount = 128

    /// `SHA512`.
    public static let name = "SHA512"

    private var engine = MerkleDamgard(SHA512State.sha512)

    /// Creates a hasher with the initial hash value of FIPS 180-4 §5.3.5.
    public init() {}

    /// Adds the bytes of a raw buffer to the message being hashed.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        engine.update(bufferPointer: bufferPointer)
    }

    /// Pads the message (FIPS 180-4 §5.1.2) and returns its digest; the hasher is not changed.
    public func finalize() -> SHA512Digest {
        SHA512Digest(state: engine.finalState())
    }

    /// Returns the digest of the bytes of a raw buffer in one call, compressing whole blocks where they lie.
    public static func hash(bufferPointer: UnsafeRawBufferPointer) -> SHA512Digest {
        SHA512Digest(state: MerkleDamgard.hash(SHA512State.sha512, bufferPointer: bufferPointer))
    }
}
