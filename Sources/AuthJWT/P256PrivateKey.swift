// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthDigest

/// A P-256 private key that makes ES256 signatures (ECDSA with SHA-256, FIPS 186-4 §6.4.1, RFC 7518
/// §3.4) in pure Swift, with RFC 6979 deterministic nonces.
///
/// ```swift
/// var generator = SystemRandomNumberGenerator()
/// let key = P256PrivateKey.generate(using: &generator)
/// let signature = key.signature(for: Array("payload".utf8))  // 64 bytes, r ‖ s
/// let jwk = key.publicJWK  // {"kty":"EC","crv":"P-256","x":…,"y":…}
/// ```
///
/// What is done: the nonce k comes from RFC 6979 §3.2 (HMAC-SHA256), optionally hedged with extra
/// randomness (§3.6); s is normalised to the lower half (s ≤ n/2) so the signature is not malleable;
/// k·G is a fixed-base comb over a precomputed table of G whose every lookup reads the whole window and
/// keeps one point by masks, with complete addition formulas; field and scalar arithmetic select results
/// with masks, and inversions are Fermat's. So the Swift source has no branch
/// and no memory index that depends on the private key or the nonce; the release x86-64 machine code of
/// the field arithmetic and the comb was read to check that it kept none either. What is not claimed:
/// the same for every compiler version and target, heap allocation and HMAC are not audited for timing,
/// and nothing defends against power or fault attacks. See Docs/Signing.md.
///
/// The key is a secret: `description` and `dump` never show it; ``rawRepresentation`` and
/// ``privateJWK`` do, for storage.
public struct P256PrivateKey: Sendable {
    /// d, 0 < d < n.
    let scalar: U256
    /// The public point's x-coordinate, 32 big-endian bytes.
    public let x: [UInt8]
    /// The public point's y-coordinate, 32 big-endian bytes.
    public let y: [UInt8]
    /// The `kid` put in JWKs and JWS headers, if any.
    public var keyID: String?

    /// A key from its 32-byte big-endian scalar d (SEC 1 §2.3.6), 0 < d < n.
    ///
    /// - Throws: `AuthJWTError.invalidPrivateKey` when the length or range is wrong.
    public init(rawRepresentation bytes: some Collection<UInt8>, keyID: String? = nil) throws(AuthJWTError) {
        guard bytes.count == 32 else { throw .invalidPrivateKey(reason: "a P-256 private key is 32 bytes, not \(bytes.count)") }
        let d = U256(bigEndian: bytes)
        guard d.inRangeMask(below: P256PublicKey.scalars.modulus) != 0 else {
            throw .invalidPrivateKey(reason: "the P-256 private scalar must be between 1 and n − 1")
        }
        guard let point = P256GeneratorComb.multiply(d).affine() else {
            throw .invalidPrivateKey(reason: "the P-256 public point is at infinity")
        }
        scalar = d
        x = MontgomeryModulus.bigEndianBytes(point.x.limbs, byteCount: 32)
        y = MontgomeryModulus.bigEndianBytes(point.y.limbs, byteCount: 32)
        self.keyID = keyID
    }

    /// A new key from `generator`, which should be a cryptographically secure generator such as
    /// `SystemRandomNumberGenerator` (the system CSPRNG); tests pass a seeded one. Draws 32 bytes and
    /// redraws when they are not in [1, n − 1] (FIPS 186-4 §B.4.2, rejection sampling).
    public static func generate(keyID: String? = nil, using generator: inout some RandomNumberGenerator) -> P256PrivateKey {
        while true {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(32)
            for _ in 0..<4 {
                let next = generator.next()
                for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: next >> UInt64(shift))) }
            }
            if let key = try? P256PrivateKey(rawRepresentation: bytes, keyID: keyID) { return key }
        }
    }

    /// The 32-byte big-endian scalar d. A secret: store it as one.
    public var rawRepresentation: [UInt8] {
        MontgomeryModulus.bigEndianBytes(scalar.limbs, byteCount: 32)
    }

    /// The ES256 signature of `message`: SHA-256, then ``signature(forDigest:extraRandomness:)``.
    public func signature(for message: some Sequence<UInt8>, extraRandomness: [UInt8] = []) -> [UInt8] {
        signature(forDigest: SHA256.hash(data: message), extraRandomness: extraRandomness)
    }

    /// The ES256 signature of a SHA-256 digest, as the 64-byte r ‖ s of RFC 7518 §3.4, with s ≤ n/2.
    ///
    /// Without `extraRandomness` the signature is deterministic (RFC 6979 §3.2): the same key and message
    /// always give the same signature. With it (say 32 fresh random bytes), the nonce is hedged (RFC 6979
    /// §3.6): still safe if the generator is weak, and harder to attack by faults.
    public func signature(forDigest digest: SHA256Digest, extraRandomness: [UInt8] = []) -> [UInt8] {
        let hash = Array(digest)
        var nonces = RFC6979(privateKey: rawRepresentation, hash: hash, extraData: extraRandomness)
        while true {
            if let signature = signature(hash: hash, nonce: nonces.next(), lowS: true) { return signature }
            nonces.reject()  // r or s was zero: RFC 6979 §3.4 draws the next k.
        }
    }

    /// ECDSA with the per-message secret k given (FIPS 186-4 §6.4.1): r = x(k·G) mod n,
    /// s = k⁻¹(e + r·d) mod n, as r ‖ s; with `lowS`, s is replaced by n − s when above (n − 1)/2. Nil
    /// when k is not in [1, n − 1] or r or s is zero. `package` for the NIST SigGen tests, which give k.
    package func signature(hash: [UInt8], nonce: [UInt8], lowS: Bool) -> [UInt8]? {
        let scalars = P256PublicKey.scalars
        let order = scalars.modulus
        let k = U256(bigEndian: nonce)
        guard hash.count == 32, nonce.count == 32, k.inRangeMask(below: order) != 0,
            let point = P256GeneratorComb.multiply(k).affine()
        else { return nil }
        let e = scalars.toMontgomery(U256(bigEndian: hash).reducedOnce(modulo: order))
        let r = point.x.reducedOnce(modulo: order)
        let sum = scalars.add(e, scalars.multiply(scalars.toMontgomery(r), scalars.toMontgomery(scalar)))
        var s = scalars.fromMontgomery(scalars.multiply(scalars.invert(scalars.toMontgomery(k)), sum))
        // Low s: n − s when s > (n − 1)/2, selected by a mask, not a branch.
        let (_, isHigh) = Self.halfOrder.subtracting(s)
        s = s.selecting(order.subtracting(s).0, mask: 0 &- (word(isHigh) & word(lowS)))
        guard !r.isZero, !s.isZero else { return nil }
        return MontgomeryModulus.bigEndianBytes(r.limbs, byteCount: 32) + MontgomeryModulus.bigEndianBytes(s.limbs, byteCount: 32)
    }

    /// (n − 1)/2: a signature's s is at most this after normalisation.
    static let halfOrder = U256(hex: "7fffffff800000007fffffffffffffffde737d56d38bcf4279dce5617e3192a8")
}

extension P256PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    /// `P256PrivateKey(kid: …, <redacted>)`: never the key.
    public var description: String { "P256PrivateKey(\(keyID.map { "kid: \($0), " } ?? "")<redacted>)" }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
    extension P256PrivateKey: CustomReflectable {
        /// Only the `kid`, so `dump` and debuggers do not show the scalar.
        public var customMirror: Mirror { Mirror(self, children: ["keyID": keyID as Any], displayStyle: .struct) }
    }
#endif

#if !hasFeature(Embedded)
    // Embedded Swift lacks the Unicode tables that comparing the `kid` strings needs.
    extension P256PrivateKey: Hashable {
        /// Equal when the public points and `kid`s are: the point determines the private scalar, so the
        /// secret itself is neither compared nor hashed.
        public static func == (lhs: P256PrivateKey, rhs: P256PrivateKey) -> Bool {
            lhs.x == rhs.x && lhs.y == rhs.y && lhs.keyID == rhs.keyID
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(x)
            hasher.combine(y)
            hasher.combine(keyID)
        }
    }
#endif
