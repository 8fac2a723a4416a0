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
///
/// - Security: SHA-256 is a hash, not a MAC and not a password hash. `SHA256(secret + message)` is open to
///   length extension; use ``HMACSHA256`` to authenticate a message with a key.
/// - Note: FIPS 180-4 defines SHA-256 for messages shorter than 2^64 bits (2 EiB); the bit length is kept
///   modulo 2^64 beyond that, as in other implementations.
public struct SHA256: Sendable {
    /// The number of bytes in a digest: 32.
    public static let byteCount = 32

    /// The number of bytes in a block: 64.
    public static let blockByteCount = 64

    @usableFromInline var state = SHA256State()
    @usableFromInline var buffer = SHA256Block()
    @usableFromInline var bufferedByteCount = 0
    @usableFromInline var messageByteCount: UInt64 = 0

    /// Creates a hasher with the initial hash value of FIPS 180-4 §5.3.3.
    @inlinable
    public init() {}

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
                update(byte: byte)
            }
        }
    }

    /// Adds the bytes of a raw buffer to the message being hashed.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        guard var input = bufferPointer.baseAddress, !bufferPointer.isEmpty else { return }
        var remaining = bufferPointer.count
        messageByteCount &+= UInt64(truncatingIfNeeded: remaining)

        if bufferedByteCount > 0 {
            let taken = min(SHA256.blockByteCount - bufferedByteCount, remaining)
            buffer.copy(from: input, count: taken, at: bufferedByteCount)
            bufferedByteCount += taken
            input += taken
            remaining -= taken
            guard bufferedByteCount == SHA256.blockByteCount else { return }
            buffer.compress(into: &state)
            bufferedByteCount = 0
        }

        let wholeBlocks = remaining / SHA256.blockByteCount
        if wholeBlocks > 0 {
            state.compress(input, blockCount: wholeBlocks)
            input += wholeBlocks * SHA256.blockByteCount
            remaining -= wholeBlocks * SHA256.blockByteCount
        }
        if remaining > 0 {
            buffer.copy(from: input, count: remaining, at: 0)
            bufferedByteCount = remaining
        }
    }

    @usableFromInline
    mutating func update(byte: UInt8) {
        withUnsafeBytes(of: byte) { update(bufferPointer: $0) }
    }

    /// Pads the message (FIPS 180-4 §5.1.1) and returns its digest.
    ///
    /// The hasher itself is not changed, so more data can still be added to it afterwards: the digest
    /// is that of everything added so far.
    public func finalize() -> SHA256Digest {
        buffer.withUnsafeBytes { bytes in
            Self.finish(state, tail: UnsafeRawBufferPointer(rebasing: bytes[..<bufferedByteCount]), messageByteCount: messageByteCount)
        }
    }

    /// Pads `tail` (the last `messageByteCount % 64` bytes of the message) and compresses the final one
    /// or two blocks into `state` (§5.1.1: a 1 bit, zeros, and the message length in bits, big-endian).
    static func finish(_ state: SHA256State, tail: UnsafeRawBufferPointer, messageByteCount: UInt64) -> SHA256Digest {
        var state = state
        var block = SHA256Block()
        block.withUnsafeMutableBytes { bytes in
            if let source = tail.baseAddress, !tail.isEmpty {
                bytes.baseAddress!.copyMemory(from: source, byteCount: tail.count)
            }
            bytes[tail.count] = 0x80  // the rest of the block is already zero
            if tail.count >= 56 {
                state.compress(bytes.baseAddress!, blockCount: 1)
                bytes.initializeMemory(as: UInt8.self, repeating: 0)
            }
            bytes.storeBytes(of: (messageByteCount &<< 3).bigEndian, toByteOffset: 56, as: UInt64.self)
            state.compress(bytes.baseAddress!, blockCount: 1)
        }
        return SHA256Digest(state: state)
    }

    /// Returns the digest of `data` in one call.
    ///
    /// ```swift
    /// let digest = SHA256.hash(data: [0x61, 0x62, 0x63])
    /// ```
    @inlinable
    public static func hash(data: some Sequence<UInt8>) -> SHA256Digest {
        if let digest = data.withContiguousStorageIfAvailable({ hash(bufferPointer: UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        var hasher = SHA256()
        hasher.update(data: data)
        return hasher.finalize()
    }

    /// Returns the digest of the bytes of a raw buffer in one call.
    ///
    /// Whole blocks are compressed where they lie and only the tail is copied, once, for padding: a
    /// 43-byte PKCE verifier costs one copy and one compression.
    public static func hash(bufferPointer: UnsafeRawBufferPointer) -> SHA256Digest {
        var state = SHA256State()
        let wholeBlocks = bufferPointer.count / blockByteCount
        if wholeBlocks > 0 {
            state.compress(bufferPointer.baseAddress!, blockCount: wholeBlocks)
        }
        return finish(
            state,
            tail: UnsafeRawBufferPointer(rebasing: bufferPointer[(wholeBlocks * blockByteCount)...]),
            messageByteCount: UInt64(truncatingIfNeeded: bufferPointer.count)
        )
    }
}
