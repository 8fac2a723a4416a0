// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest

/// An Ed25519 public key for EdDSA verification (RFC 8032 §5.1.7, RFC 8037 §3.1): the 32-octet encoding
/// and the point A it decodes to.
///
/// Strict where RFC 8032 leaves room: A and R must be canonical encodings (y < p, and no "negative zero"
/// x), neither may be a point of small order (one of the eight whose order divides the cofactor 8: the
/// identity key verifies every message with R = identity and S = 0), S must be below the group order L (no
/// malleable S + L), and the check is the cofactorless [S]B = R + [k]A, made by encoding [S]B − [k]A and
/// comparing it with the 32 octets of R. These are libsodium's rules; Chalkias, Garillot and Nikolaenko,
/// "Taming the many EdDSAs" (2020), compare them with other libraries'. Verification handles public data
/// only, so the arithmetic is not constant time.
struct Ed25519PublicKey: Sendable {
    let encoded: [UInt8]
    let point: EdwardsPoint

    /// Decodes and checks a 32-octet public key (RFC 8032 §5.1.3), refusing a point of small order.
    init(_ encoded: [UInt8], keyID: String?) throws(AuthJWTError) {
        guard encoded.count == 32 else {
            throw .invalidKey(keyID: keyID, reason: "an Ed25519 public key must be 32 bytes (RFC 8037 §2)")
        }
        guard let point = EdwardsPoint(decoding: encoded) else {
            throw .invalidKey(keyID: keyID, reason: "'x' is not the canonical encoding of a point on Ed25519 (RFC 8032 §5.1.3)")
        }
        guard !point.hasSmallOrder else {
            throw .invalidKey(
                keyID: keyID, reason: "an Ed25519 public key must not be a point of small order: it would verify forged signatures")
        }
        self.encoded = encoded
        self.point = point
    }

    /// The group order L = 2²⁵² + 27742317777372353535851937790883648493 (RFC 8032 §5.1).
    static let order = U256(hex: "1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed")

    /// Ed25519 verify (RFC 8032 §5.1.7) of a 64-octet signature R ‖ S over `message`.
    func isValidSignature(_ signature: [UInt8], message: [UInt8]) -> Bool {
        guard signature.count == 64 else { return false }
        let r = Array(signature[..<32])
        let s = U256(bigEndian: signature[32...].reversed())
        guard s.isLess(than: Self.order) else { return false }
        var hasher = SHA512()
        hasher.update(data: r)
        hasher.update(data: encoded)
        hasher.update(data: message)
        let k = Self.reduced(hasher.finalize())
        // [S]B − [k]A, by one double-and-add over both scalars (Straus).
        let negatedA = point.negated
        var sum = EdwardsPoint.identity
        for index in stride(from: 255, through: 0, by: -1) {
            sum = sum.adding(sum)
            if s.bit(index) { sum = sum.adding(.base) }
            if k.bit(index) { sum = sum.adding(negatedA) }
        }
        // R = [S]B − [k]A, canonical since it is the encoding just made; a small-order R is refused.
        return sum.encoded == r && !sum.hasSmallOrder
    }

    /// A 512-bit little-endian integer (a SHA-512 digest) reduced mod L, one bit at a time from the top.
    static func reduced(_ digest: SHA512Digest) -> U256 {
        var result = U256.zero
        for index in stride(from: 511, through: 0, by: -1) {
            result = result.adding(result).0  // < 2L < 2²⁵⁴: no carry out
            if (digest[index / 8] >> UInt8(index % 8)) & 1 == 1 { result = result.adding(.one).0 }
            if !result.isLess(than: order) { result = result.subtracting(order).0 }
        }
        return result
    }
}

/// A point of edwards25519 (−x² + y² = 1 + d·x²·y², RFC 8032 §5.1) in extended coordinates (X : Y : Z : T),
/// x = X/Z, y = Y/Z, x·y = T/Z (§5.1.4).
struct EdwardsPoint: Sendable {
    var x: Field25519, y: Field25519, z: Field25519, t: Field25519

    /// d = −121665/121666, little-endian.
    static let d = Field25519(littleEndian: [
        0xa3, 0x78, 0x59, 0x13, 0xca, 0x4d, 0xeb, 0x75, 0xab, 0xd8, 0x41, 0x41, 0x4d, 0x0a, 0x70, 0x00,
        0x98, 0xe8, 0x79, 0x77, 0x79, 0x40, 0xc7, 0x8c, 0x73, 0xfe, 0x6f, 0x2b, 0xee, 0x6c, 0x03, 0x52,
    ])
    /// 2·d, the constant of the addition formula.
    static let twoD = d + d
    /// √−1 = 2^((p − 1)/4), little-endian (§5.1.3 step 3).
    static let squareRootOfMinusOne = Field25519(littleEndian: [
        0xb0, 0xa0, 0x0e, 0x4a, 0x27, 0x1b, 0xee, 0xc4, 0x78, 0xe4, 0x2f, 0xad, 0x06, 0x18, 0x43, 0x2f,
        0xa7, 0xd7, 0xfb, 0x3d, 0x99, 0x00, 0x4d, 0x2b, 0x0b, 0xdf, 0xc1, 0x4f, 0x80, 0x24, 0x83, 0x2b,
    ])

    static let identity = EdwardsPoint(x: .zero, y: .one, z: .one, t: .zero)

    /// The base point B (§5.1): y = 4/5 and the even x, little-endian (checked by decoding its encoding,
    /// 0x58 then 31 × 0x66, in the tests).
    static let base: EdwardsPoint = {
        let x = Field25519(littleEndian: [
            0x1a, 0xd5, 0x25, 0x8f, 0x60, 0x2d, 0x56, 0xc9, 0xb2, 0xa7, 0x25, 0x95, 0x60, 0xc7, 0x2c, 0x69,
            0x5c, 0xdc, 0xd6, 0xfd, 0x31, 0xe2, 0xa4, 0xc0, 0xfe, 0x53, 0x6e, 0xcd, 0xd3, 0x36, 0x69, 0x21,
        ])
        let y = Field25519(littleEndian: [
            0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
            0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
        ])
        return EdwardsPoint(x: x, y: y, z: .one, t: x * y)
    }()

    init(x: Field25519, y: Field25519, z: Field25519, t: Field25519) {
        (self.x, self.y, self.z, self.t) = (x, y, z, t)
    }

    /// Decoding (RFC 8032 §5.1.3); nil for y ≥ p, for a y with no x on the curve, and for x = 0 with the
    /// sign bit set.
    init?(decoding bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        let sign = bytes[31] >> 7
        let y = Field25519(littleEndian: bytes)
        // Step 1: y < p, i.e. the encoding with the sign bit cleared is canonical.
        var unsigned = bytes
        unsigned[31] &= 0x7f
        guard y.canonicalBytes == unsigned else { return nil }
        // Step 2: x² = u / v with u = y² − 1, v = d·y² + 1; candidate x = u·v³·(u·v⁷)^((p − 5)/8).
        let y2 = y.squared
        let u = y2 - .one
        let v = Self.d * y2 + .one
        let v3 = v.squared * v
        var x = u * v3 * (u * v3.squared * v).powerPMinus5Over8
        // Step 3: the root is x, x·√−1, or there is none.
        let vx2 = v * x.squared
        if !vx2.isEqual(to: u) {
            guard vx2.isEqual(to: -u) else { return nil }
            x = x * Self.squareRootOfMinusOne
        }
        // Step 4: the sign bit chooses x's parity; x = 0 has no negative.
        if x.isZero && sign == 1 { return nil }
        if (x.isOdd ? 1 : 0) != sign { x = -x }
        self.init(x: x, y: y, z: .one, t: x * y)
    }

    /// −P = (−X : Y : Z : −T).
    var negated: EdwardsPoint { EdwardsPoint(x: -x, y: y, z: z, t: -t) }

    /// P + Q by the complete formula of §5.1.4 (which also doubles).
    func adding(_ q: EdwardsPoint) -> EdwardsPoint {
        let a = (y - x) * (q.y - q.x)
        let b = (y + x) * (q.y + q.x)
        let c = t * Self.twoD * q.t
        let d = z * (q.z + q.z)
        let e = b - a
        let f = d - c
        let g = d + c
        let h = b + a
        return EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h)
    }

    /// Whether this is the neutral element (0, 1): X = 0 and Y = Z.
    var isIdentity: Bool { x.isZero && y.isEqual(to: z) }

    /// Whether [8]P is the identity: P is one of the eight points of order 1, 2, 4 or 8 (the cofactor's
    /// subgroup), which no honest key or nonce is.
    var hasSmallOrder: Bool { multiplied(by: 8).isIdentity }

    /// [n]P for a small public n, by double-and-add from the top bit.
    func multiplied(by n: Int) -> EdwardsPoint {
        var result = EdwardsPoint.identity
        for index in stride(from: Int.bitWidth - 1 - n.leadingZeroBitCount, through: 0, by: -1) {
            result = result.adding(result)
            if (n >> index) & 1 == 1 { result = result.adding(self) }
        }
        return result
    }

    /// The 32-octet encoding (§5.1.2): y little-endian, the top bit set when x is odd.
    var encoded: [UInt8] {
        let inverse = z.inverse
        let affineX = x * inverse
        var bytes = (y * inverse).canonicalBytes
        if affineX.isOdd { bytes[31] |= 0x80 }
        return bytes
    }
}
