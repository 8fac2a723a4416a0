/// The 32-byte result of ``SHA256`` (FIPS 180-4 §6.2.2 step 4), held inline with no heap storage.
///
/// A digest is a random-access collection of its bytes, prints as lowercase hex, and compares in
/// constant time, so checking a computed digest against an expected one leaks no timing about where
/// they differ.
///
/// ```swift
/// let digest = SHA256.hash(data: "abc".utf8)
/// digest.count                     // 32
/// digest.hexString                 // "ba7816bf…15ad"
/// let expected = try SHA256Digest(hexString: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
/// digest == expected               // true, compared in constant time
/// ```
public struct SHA256Digest: Sendable {
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
        var count = 0
        withUnsafeMutableBytes(of: &words) { storage in
            for byte in bytes {
                if count < SHA256.byteCount { storage[count] = byte }
                count += 1
            }
        }
        guard count == SHA256.byteCount else {
            throw .invalidDigestLength(expected: SHA256.byteCount, actual: count)
        }
    }

    /// Creates a digest from 64 hexadecimal digits (either case).
    ///
    /// - Throws: ``AuthDigestError`` when the text is not hex or does not hold exactly 32 bytes.
    public init(hexString: some StringProtocol) throws(AuthDigestError) {
        try self.init(bytes: Hex.decode(hexString))
    }

    /// Calls `body` with the 32 bytes of the digest.
    @inlinable
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var words = self.words
        return try Swift.withUnsafeBytes(of: &words) { (bytes) throws(Failure) -> Result in try body(bytes) }
    }

    /// The digest as 64 lowercase hexadecimal digits.
    public var hexString: String { Hex.encode(self) }
}

extension SHA256Digest: RandomAccessCollection {
    public typealias Index = Int
    public typealias Element = UInt8

    public var startIndex: Int { 0 }
    public var endIndex: Int { SHA256.byteCount }

    /// The byte at `position`, which must be in `0..<32`.
    public subscript(position: Int) -> UInt8 {
        precondition(indices.contains(position), "SHA256Digest index out of range")
        return withUnsafeBytes { $0[position] }
    }
}

extension SHA256Digest: Hashable {
    /// Compares two digests in constant time: every byte is examined whatever the first difference.
    public static func == (lhs: SHA256Digest, rhs: SHA256Digest) -> Bool {
        let l = lhs.words
        let r = rhs.words
        let difference =
            (l.0 ^ r.0) | (l.1 ^ r.1) | (l.2 ^ r.2) | (l.3 ^ r.3)
            | (l.4 ^ r.4) | (l.5 ^ r.5) | (l.6 ^ r.6) | (l.7 ^ r.7)
        return difference == 0
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

extension SHA256Digest: CustomStringConvertible {
    /// The digest in lowercase hex, as `sha256sum` prints it.
    public var description: String { hexString }
}
