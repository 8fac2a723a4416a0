// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// HMAC (RFC 2104, FIPS 198-1) over a SHA-2 ``HashFunction``: the MAC behind JWS `HS256`, `HS384` and
/// `HS512` (RFC 7518 §3.2). Usually spelled through its aliases ``HMACSHA256``, ``HMACSHA384`` and
/// ``HMACSHA512``.
///
/// ```swift
/// let mac = HMACSHA256.authenticationCode(for: message, key: key)
/// let ok = HMACSHA512.isValidAuthenticationCode(receivedMAC, authenticating: message, key: key)
///
/// var stream = HMACSHA384(key: key)   // or feed the message in pieces
/// stream.update(data: part1)
/// stream.update(data: part2)
/// let sameMAC = stream.finalize()
/// ```
///
/// A key longer than the hash's block (64 bytes for SHA-256, 128 for SHA-384 and SHA-512) is hashed first;
/// a shorter one is padded with zeros (RFC 2104 §2). Any key length is accepted here, including empty: how
/// long a key must be is the caller's policy (RFC 7518 §3.2 requires at least the hash's size for `HSxxx`).
///
/// - Security: verify with ``isValidAuthenticationCode(_:authenticating:key:)``, which compares in constant
///   time. The hasher keeps state derived from the key, so its `description` and reflection are redacted.
public struct HMAC<H: HashFunction>: Sendable {
    // Inlinable, so that a caller in another module gets HMAC specialized for its hash (a plain call into
    // SHA256's functions) rather than the generic code, which handles `H` through witness tables.
    @usableFromInline var inner = H()
    @usableFromInline var outer = H()

    /// Starts a MAC computation keyed with `key`.
    @inlinable
    public init(key: some Sequence<UInt8>) {
        self =
            key.withContiguousStorageIfAvailable { HMAC(keyBuffer: UnsafeRawBufferPointer($0)) }
            ?? Array(key).withUnsafeBytes { HMAC(keyBuffer: $0) }
    }

    @inlinable
    init(keyBuffer: UnsafeRawBufferPointer) {
        withUnsafeTemporaryAllocation(byteCount: H.blockByteCount, alignment: 8) { padded in
            padded.initializeMemory(as: UInt8.self, repeating: 0)
            if keyBuffer.count > H.blockByteCount {
                H.hash(bufferPointer: keyBuffer).withUnsafeBytes { hashed in
                    padded.copyMemory(from: hashed)
                }
            } else if !keyBuffer.isEmpty {
                padded.copyMemory(from: keyBuffer)
            }
            for index in padded.indices { padded[index] ^= 0x36 }
            inner.update(bufferPointer: UnsafeRawBufferPointer(padded))
            for index in padded.indices { padded[index] ^= 0x36 ^ 0x5c }
            outer.update(bufferPointer: UnsafeRawBufferPointer(padded))
            padded.initializeMemory(as: UInt8.self, repeating: 0)
        }
    }

    /// Adds bytes to the message being authenticated.
    @inlinable
    public mutating func update(data: some Sequence<UInt8>) {
        inner.update(data: data)
    }

    /// Adds the bytes of a raw buffer to the message being authenticated.
    @inlinable
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        inner.update(bufferPointer: bufferPointer)
    }

    /// Returns the MAC of everything added so far, as long as a digest of `H`:
    /// H(K ⊕ opad ‖ H(K ⊕ ipad ‖ message)).
    @inlinable
    public func finalize() -> H.Digest {
        var outer = self.outer
        inner.finalize().withUnsafeBytes { outer.update(bufferPointer: $0) }
        return outer.finalize()
    }

    /// Returns the MAC of `data` under `key` in one call.
    @inlinable
    public static func authenticationCode(
        for data: some Sequence<UInt8>,
        key: some Sequence<UInt8>
    ) -> H.Digest {
        var hmac = HMAC(key: key)
        hmac.update(data: data)
        return hmac.finalize()
    }

    /// Returns whether `code` is the MAC of `data` under `key`, comparing in constant time.
    ///
    /// A `code` of any length other than the digest's is simply not valid (the length is not secret).
    @inlinable
    public static func isValidAuthenticationCode(
        _ code: some Sequence<UInt8>,
        authenticating data: some Sequence<UInt8>,
        key: some Sequence<UInt8>
    ) -> Bool {
        ConstantTime.isEqual(authenticationCode(for: data, key: key), code)
    }
}

/// HMAC with SHA-256 (RFC 2104, RFC 4231), the MAC of JWS `HS256` (RFC 7518 §3.2): 32-byte codes.
public typealias HMACSHA256 = HMAC<SHA256>
/// HMAC with SHA-384 (RFC 4231), the MAC of JWS `HS384` (RFC 7518 §3.2): 48-byte codes.
public typealias HMACSHA384 = HMAC<SHA384>
/// HMAC with SHA-512 (RFC 4231), the MAC of JWS `HS512` (RFC 7518 §3.2): 64-byte codes.
public typealias HMACSHA512 = HMAC<SHA512>

extension HMAC: CustomStringConvertible, CustomDebugStringConvertible {
    /// Always `HMACSHA256(<redacted>)` (with the hash's name): the state is derived from the key.
    public var description: String { "HMAC\(H.name)(<redacted>)" }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
    extension HMAC: CustomReflectable {
        /// No children, so `dump` and debuggers do not show key-derived state.
        public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
    }
#endif
