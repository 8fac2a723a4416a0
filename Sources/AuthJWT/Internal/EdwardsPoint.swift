// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

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

    /// P in the form additions read (``EdwardsCachedPoint``): Y + X, Y − X, 2Z, 2d·T.
    var cached: EdwardsCachedPoint {
        EdwardsCachedPoint(yPlusX: y + x, yMinusX: y - x, twoZ: z + z, twoDT: t * Self.twoD)
    }

    /// [2]P by the dedicated doubling for a = −1 (Hisil, Wong, Carter and Dawson 2008, "dbl-2008-hwcd"):
    /// 4 squarings and 4 multiplications, where ``adding(_:)`` takes 9 multiplications. Signs are
    /// arranged so that no negation is needed: every product below is the formula's, both factors negated.
    func doubled() -> EdwardsPoint {
        let xx = x.squared
        let yy = y.squared
        let zz = z.squared
        let h = xx + yy  // −H
        let e = h - (x + y).squared  // −E
        let g = xx - yy  // −G
        let f = (zz + zz) + g  // −F
        return EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h)
    }

    /// P + Q for a cached Q (add-2008-hwcd-3, k = 2d): 8 multiplications.
    func adding(_ q: EdwardsCachedPoint) -> EdwardsPoint {
        let a = (y - x) * q.yMinusX
        let b = (y + x) * q.yPlusX
        let c = t * q.twoDT
        let d = z * q.twoZ
        return Self.combining(a: a, b: b, c: c, d: d)
    }

    /// P + Q for an affine cached Q (Z = 1): 7 multiplications.
    func adding(_ q: EdwardsAffineCachedPoint) -> EdwardsPoint {
        let a = (y - x) * q.yMinusX
        let b = (y + x) * q.yPlusX
        let c = t * q.twoDT
        return Self.combining(a: a, b: b, c: c, d: z + z)
    }

    /// P − Q for an affine cached Q: the addition of −Q = (−x, y), whose Y + X and Y − X trade places and
    /// whose 2d·T changes sign (the sign moved into F and G).
    func subtracting(_ q: EdwardsAffineCachedPoint) -> EdwardsPoint {
        let a = (y - x) * q.yPlusX
        let b = (y + x) * q.yMinusX
        let c = t * q.twoDT
        let d = z + z
        let e = b - a
        let f = d + c
        let g = d - c
        let h = b + a
        return EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h)
    }

    /// P − Q for a cached Q, as for an affine one.
    func subtracting(_ q: EdwardsCachedPoint) -> EdwardsPoint {
        let a = (y - x) * q.yPlusX
        let b = (y + x) * q.yMinusX
        let c = t * q.twoDT
        let d = z * q.twoZ
        let e = b - a
        let f = d + c
        let g = d - c
        let h = b + a
        return EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h)
    }

    /// The end of the addition formula from its four products A, B, C (T₁·2d·T₂) and D (2·Z₁·Z₂).
    @inline(__always)
    private static func combining(a: Field25519, b: Field25519, c: Field25519, d: Field25519) -> EdwardsPoint {
        let e = b - a
        let f = d - c
        let g = d + c
        let h = b + a
        return EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h)
    }

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
    var hasSmallOrder: Bool { doubled().doubled().doubled().isIdentity }

    /// [n]P for a small public n, by double-and-add from the top bit with the complete addition formula
    /// alone: the simple reference the faster multiplications are tested against.
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

/// A point prepared for addition (Y + X, Y − X, 2Z, 2d·T): the four values that ``EdwardsPoint``'s
/// addition multiplies by, computed once for a point added many times (a per-verification table of odd
/// multiples).
struct EdwardsCachedPoint: Sendable {
    var yPlusX: Field25519, yMinusX: Field25519, twoZ: Field25519, twoDT: Field25519
}

/// An affine point prepared for addition (y + x, y − x, 2d·x·y; Z = 1, so 2Z is not stored): the entries of
/// the precomputed tables, one multiplication cheaper to add than an ``EdwardsCachedPoint``.
struct EdwardsAffineCachedPoint: Sendable {
    var yPlusX: Field25519, yMinusX: Field25519, twoDT: Field25519

    /// The points with one inversion in all (Montgomery's trick: the running products, one inversion,
    /// then each inverse recovered by two multiplications). Every Z must be nonzero, which holds for
    /// points of the curve in extended coordinates.
    static func batch(_ points: [EdwardsPoint]) -> [EdwardsAffineCachedPoint] {
        guard !points.isEmpty else { return [] }
        var products: [Field25519] = []
        products.reserveCapacity(points.count)
        var running = Field25519.one
        for point in points {
            running = running * point.z
            products.append(running)
        }
        var inverse = running.inverse  // 1 / (Z₀ ⋯ Zₙ₋₁)
        var result = [EdwardsAffineCachedPoint](
            repeating: EdwardsAffineCachedPoint(yPlusX: .one, yMinusX: .one, twoDT: .zero), count: points.count)
        for index in stride(from: points.count - 1, through: 0, by: -1) {
            let point = points[index]
            let zInverse = index > 0 ? inverse * products[index - 1] : inverse
            inverse = inverse * point.z
            let x = point.x * zInverse
            let y = point.y * zInverse
            result[index] = EdwardsAffineCachedPoint(yPlusX: y + x, yMinusX: y - x, twoDT: x * y * EdwardsPoint.twoD)
        }
        return result
    }
}
