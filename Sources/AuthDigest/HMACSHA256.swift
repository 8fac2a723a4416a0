/// HMAC with SHA-256 (RFC 2104, FIPS 198-1), the MAC behind JWS `HS256` (RFC 7518 §3.2).
///
/// ```swift
/// let mac = HMACSHA256.authenticationCode(for: message, key: key)
/// let ok = HMACSHA256.isValidAuthenticationCode(receivedMAC, authenticating: message, key: key)
///
/// var stream = HMACSHA256(key: key)   // or feed the message in pieces
/// stream.update(data: part1)
/// stream.update(data: part2)
/// let sameMAC = stream.finalize()
/// ```
///
/// A key longer than the 64-byte block is hashed first; a shorter one is padded with zeros (RFC 2104
/// §2). Any key length is accepted here, including empty: how long a key must be is the caller's
/// policy (RFC 7518 §3.2 requires at least 32 bytes for `HS256`).
///
/// - Security: verify with ``isValidAuthenticationCode(_:authenticating:key:)``, which compares in constant
///   time. The hasher keeps state derived from the key, so its `description` and reflection are redacted.
public struct HMACSHA256: Sendable {
    private var inner = SHA256()
    private var outer = SHA256()

    /// Starts a MAC computation keyed with `key`.
    public init(key: some Sequence<UInt8>) {
        self =
            key.withContiguousStorageIfAvailable { HMACSHA256(keyBuffer: UnsafeRawBufferPointer($0)) }
            ?? Array(key).withUnsafeBytes { HMACSHA256(keyBuffer: $0) }
    }

    private init(keyBuffer: UnsafeRawBufferPointer) {
        var block = SHA256Block()
        block.withUnsafeMutableBytes { padded in
            if keyBuffer.count > SHA256.blockByteCount {
                SHA256.hash(bufferPointer: keyBuffer).withUnsafeBytes { hashed in
                    padded.baseAddress!.copyMemory(from: hashed.baseAddress!, byteCount: hashed.count)
                }
            } else if let key = keyBuffer.baseAddress {
                padded.baseAddress!.copyMemory(from: key, byteCount: keyBuffer.count)
            }
            for index in padded.indices { padded[index] ^= 0x36 }
            inner.update(bufferPointer: UnsafeRawBufferPointer(padded))
            for index in padded.indices { padded[index] ^= 0x36 ^ 0x5c }
            outer.update(bufferPointer: UnsafeRawBufferPointer(padded))
            padded.initializeMemory(as: UInt8.self, repeating: 0)
        }
    }

    /// Adds bytes to the message being authenticated.
    public mutating func update(data: some Sequence<UInt8>) {
        inner.update(data: data)
    }

    /// Adds the bytes of a raw buffer to the message being authenticated.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        inner.update(bufferPointer: bufferPointer)
    }

    /// Returns the 32-byte MAC of everything added so far: SHA256(K ⊕ opad ‖ SHA256(K ⊕ ipad ‖ message)).
    public func finalize() -> SHA256Digest {
        var outer = self.outer
        inner.finalize().withUnsafeBytes { outer.update(bufferPointer: $0) }
        return outer.finalize()
    }

    /// Returns the MAC of `data` under `key` in one call.
    public static func authenticationCode(
        for data: some Sequence<UInt8>,
        key: some Sequence<UInt8>
    ) -> SHA256Digest {
        var hmac = HMACSHA256(key: key)
        hmac.update(data: data)
        return hmac.finalize()
    }

    /// Returns whether `code` is the MAC of `data` under `key`, comparing in constant time.
    ///
    /// A `code` of any length other than 32 bytes is simply not valid (the length is not secret).
    public static func isValidAuthenticationCode(
        _ code: some Sequence<UInt8>,
        authenticating data: some Sequence<UInt8>,
        key: some Sequence<UInt8>
    ) -> Bool {
        ConstantTime.isEqual(authenticationCode(for: data, key: key), code)
    }
}

extension HMACSHA256: CustomStringConvertible, CustomDebugStringConvertible {
    /// Always `HMACSHA256(<redacted>)`: the state is derived from the key.
    public var description: String { "HMACSHA256(<redacted>)" }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
    extension HMACSHA256: CustomReflectable {
        /// No children, so `dump` and debuggers do not show key-derived state.
        public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
    }
#endif
