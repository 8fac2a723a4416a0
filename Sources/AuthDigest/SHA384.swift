// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A SHA-384 hash function (FIPS 180-4 §6.5): SHA-512's compression with its own initial value, the digest
/// cut to 48 bytes. Usable one-shot or as a stream, with the shape of ``SHA256``.
///
/// ```swift
/// let digest = SHA384.hash(data: "abc".utf8)
/// print(digest)  // cb00753f45a35e8b…8086072ba1e7cc2358baeca134c825a7
/// ```
///
/// The hasher keeps one 128-byte block and a byte counter, so memory stays constant however long the
/// stream is; every block costs the same work, and nothing is allocated on the heap. SHA-384 is the hash
/// of JWS `RS384`, `PS384` and `HS384` (RFC 7518 §3).
public struct SHA384: HashFunction {
    /// The number of bytes in a digest: 48.
    public static let byteCount = 48

    /// The number of bytes in a block: 128.
    public static let blockByteCount = 128

    /// `SHA384`.
    public static let name = "SHA384"

    private var engine = MerkleDamgard(SHA512State.sha384)

    /// Creates a hasher with the initial hash value of FIPS 180-4 §5.3.4.
    public init() {}

    /// Adds the bytes of a raw buffer to the message being hashed.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        engine.update(bufferPointer: bufferPointer)
    }

    /// Pads the message (FIPS 180-4 §5.1.2) and returns its digest; the hasher is not changed.
    public func finalize() -> SHA384Digest {
        SHA384Digest(state: engine.finalState())
    }

    /// Returns the digest of the bytes of a raw buffer in one call, compressing whole blocks where they lie.
    public static func hash(bufferPointer: UnsafeRawBufferPointer) -> SHA384Digest {
        SHA384Digest(state: MerkleDamgard.hash(SHA512State.sha384, bufferPointer: bufferPointer))
    }
}
