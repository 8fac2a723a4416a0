import AuthDigest

/// A P-256 public key for ECDSA verification with SHA-256 (FIPS 186-4 §6.4.2, RFC 7518 §3.4).
///
/// Curve constants from FIPS 186-4 Appendix D.1.2.3 (SEC 2 secp256r1). Points are in Jacobian coordinates
/// in Montgomery form; doubling uses a = −3 ("dbl-2001-b") and addition "add-2007-bl", both from the
/// Explicit-Formulas Database.
struct P256PublicKey: Sendable {
    static let field = P256Field(modulus: "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
    static let scalars = P256Field(modulus: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
    static let generator = JacobianPoint(
        affineX: U256(hex: "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"),
        affineY: U256(hex: "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"))
    static let b = field.toMontgomery(U256(hex: "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b"))

    let point: JacobianPoint

    /// Validates the public point: 32-byte coordinates below p that satisfy y² = x³ − 3x + b (so it is not
    /// the point at infinity, which has no affine coordinates).
    init(x: [UInt8], y: [UInt8], keyID: String?) throws(AuthJWTError) {
        guard x.count == 32, y.count == 32 else {
            throw .invalidKey(keyID: keyID, reason: "P-256 coordinates must be 32 bytes each (RFC 7518 §6.2.1.2)")
        }
        let affineX = U256(bigEndian: x)
        let affineY = U256(bigEndian: y)
        let field = Self.field
        guard affineX.isLess(than: field.modulus), affineY.isLess(than: field.modulus) else {
            throw .invalidKey(keyID: keyID, reason: "a P-256 coordinate is not below the field prime")
        }
        let point = JacobianPoint(affineX: affineX, affineY: affineY)
        let ySquared = field.multiply(point.y, point.y)
        let xCubed = field.multiply(field.multiply(point.x, point.x), point.x)
        let threeX = field.add(field.add(point.x, point.x), point.x)
        guard ySquared == field.add(field.subtract(xCubed, threeX), Self.b) else {
            throw .invalidKey(keyID: keyID, reason: "the point is not on the P-256 curve")
        }
        self.point = point
    }

    /// ECDSA verification (FIPS 186-4 §6.4.2) of a JWS signature: 64 bytes, r ‖ s, big-endian (RFC 7518
    /// §3.4). Refuses r or s outside [1, n − 1] and a sum at infinity; accepts when x(u1·G + u2·Q) mod n = r.
    func isValidSignature(_ signature: [UInt8], sha256 digest: SHA256Digest) -> Bool {
        guard signature.count == 64 else { return false }
        let scalars = Self.scalars
        let r = U256(bigEndian: signature[0..<32])
        let s = U256(bigEndian: signature[32..<64])
        guard !r.isZero, !s.isZero, r.isLess(than: scalars.modulus), s.isLess(than: scalars.modulus) else { return false }
        var e = U256(bigEndian: Array(digest))
        if !e.isLess(than: scalars.modulus) { e = e.subtracting(scalars.modulus).0 }

        let w = scalars.invert(scalars.toMontgomery(s))
        let u1 = scalars.fromMontgomery(scalars.multiply(scalars.toMontgomery(e), w))
        let u2 = scalars.fromMontgomery(scalars.multiply(scalars.toMontgomery(r), w))

        // Shamir's trick: one pass over the bits of u1 and u2 together.
        let g = Self.generator
        let gPlusQ = g.adding(point)
        var sum = JacobianPoint.infinity
        for index in stride(from: 255, through: 0, by: -1) {
            sum = sum.doubled()
            switch (u1.bit(index), u2.bit(index)) {
            case (true, true): sum = sum.adding(gPlusQ)
            case (true, false): sum = sum.adding(g)
            case (false, true): sum = sum.adding(point)
            case (false, false): break
            }
        }
        guard !sum.z.isZero else { return false }
        let field = Self.field
        let zInverse = field.invert(sum.z)
        var x = field.fromMontgomery(field.multiply(sum.x, field.multiply(zInverse, zInverse)))
        if !x.isLess(than: scalars.modulus) { x = x.subtracting(scalars.modulus).0 }
        return x == r
    }
}

/// A point on P-256 in Jacobian coordinates (x/z², y/z³), Montgomery form; z = 0 is the point at infinity.
struct JacobianPoint: Sendable {
    var x: U256
    var y: U256
    var z: U256

    static let infinity = JacobianPoint(x: .zero, y: .zero, z: .zero)

    init(x: U256, y: U256, z: U256) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// An affine point given in plain (not Montgomery) form.
    init(affineX: U256, affineY: U256) {
        let field = P256PublicKey.field
        x = field.toMontgomery(affineX)
        y = field.toMontgomery(affineY)
        z = field.toMontgomery(.one)
    }

    /// 2P for a = −3 ("dbl-2001-b").
    func doubled() -> JacobianPoint {
        guard !z.isZero else { return self }
        let f = P256PublicKey.field
        let delta = f.multiply(z, z)
        let gamma = f.multiply(y, y)
        let beta = f.multiply(x, gamma)
        let t = f.multiply(f.subtract(x, delta), f.add(x, delta))
        let alpha = f.add(f.add(t, t), t)
        let beta2 = f.add(beta, beta)
        let beta4 = f.add(beta2, beta2)
        let beta8 = f.add(beta4, beta4)
        let x3 = f.subtract(f.multiply(alpha, alpha), beta8)
        let yPlusZ = f.add(y, z)
        let z3 = f.subtract(f.subtract(f.multiply(yPlusZ, yPlusZ), gamma), delta)
        let gammaSquared = f.multiply(gamma, gamma)
        let gammaSquared2 = f.add(gammaSquared, gammaSquared)
        let gammaSquared4 = f.add(gammaSquared2, gammaSquared2)
        let gammaSquared8 = f.add(gammaSquared4, gammaSquared4)
        let y3 = f.subtract(f.multiply(alpha, f.subtract(beta4, x3)), gammaSquared8)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// P + Q ("add-2007-bl"), with the cases the formula does not cover: infinity, P = Q, P = −Q.
    func adding(_ other: JacobianPoint) -> JacobianPoint {
        if z.isZero { return other }
        if other.z.isZero { return self }
        let f = P256PublicKey.field
        let z1z1 = f.multiply(z, z)
        let z2z2 = f.multiply(other.z, other.z)
        let u1 = f.multiply(x, z2z2)
        let u2 = f.multiply(other.x, z1z1)
        let s1 = f.multiply(f.multiply(y, other.z), z2z2)
        let s2 = f.multiply(f.multiply(other.y, z), z1z1)
        let h = f.subtract(u2, u1)
        let sDifference = f.subtract(s2, s1)
        let r = f.add(sDifference, sDifference)
        if h.isZero {
            return r.isZero ? doubled() : .infinity
        }
        let h2 = f.add(h, h)
        let i = f.multiply(h2, h2)
        let j = f.multiply(h, i)
        let v = f.multiply(u1, i)
        let x3 = f.subtract(f.subtract(f.multiply(r, r), j), f.add(v, v))
        let s1j = f.multiply(s1, j)
        let y3 = f.subtract(f.multiply(r, f.subtract(v, x3)), f.add(s1j, s1j))
        let zSum = f.add(z, other.z)
        let z3 = f.multiply(f.subtract(f.subtract(f.multiply(zSum, zSum), z1z1), z2z2), h)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }
}
