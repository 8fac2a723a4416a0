import AuthDigest

/// Signing for test doubles only: AuthTesting's fake provider signs ID tokens with these. `package`, so it
/// is not public API — AuthFlow verifies tokens, it does not issue them. Neither routine is constant time
/// and both trust their inputs: use them only with test keys.
package enum TestSigning {
    /// RSASSA-PKCS1-v1_5-SIGN with SHA-256 (RFC 8017 §8.2.1): s = EM^d mod n, without CRT. Nil when the
    /// modulus is even or too short for the encoding.
    package static func rsaSHA256(_ message: [UInt8], modulus: [UInt8], privateExponent: [UInt8]) -> [UInt8]? {
        let modulus = Array(modulus.drop { $0 == 0 })
        guard modulus.count >= 62, let context = MontgomeryModulus(bigEndian: modulus) else { return nil }
        let encoded = RSAPublicKey.expectedEncoding(SHA256.hash(data: message), length: modulus.count)
        let representative = MontgomeryModulus.limbs(bigEndian: encoded, count: context.limbCount)
        let signature = context.power(representative, exponent: privateExponent)
        return MontgomeryModulus.bigEndianBytes(signature, byteCount: modulus.count)
    }

    /// The public point d·G of a P-256 private key, as 32-byte big-endian x and y; nil unless 0 < d < n.
    package static func p256PublicKey(privateKey: [UInt8]) -> (x: [UInt8], y: [UInt8])? {
        let d = U256(bigEndian: privateKey)
        guard privateKey.count == 32, !d.isZero, d.isLess(than: P256PublicKey.scalars.modulus) else { return nil }
        return affine(multiplyGenerator(by: d))
    }

    /// ECDSA signature generation with SHA-256 (FIPS 186-4 §6.4.1) with the per-message secret `nonce` (k)
    /// given: r = x(k·G) mod n, s = k⁻¹(e + r·d) mod n, returned as r ‖ s (RFC 7518 §3.4). Nil when d or k
    /// is out of range or r or s comes out zero (pick another k).
    package static func p256SHA256(_ message: [UInt8], privateKey: [UInt8], nonce: [UInt8]) -> [UInt8]? {
        let scalars = P256PublicKey.scalars
        let d = U256(bigEndian: privateKey)
        let k = U256(bigEndian: nonce)
        guard privateKey.count == 32, nonce.count == 32, !d.isZero, !k.isZero,
            d.isLess(than: scalars.modulus), k.isLess(than: scalars.modulus),
            let point = affine(multiplyGenerator(by: k))
        else { return nil }
        var r = U256(bigEndian: point.x)
        if !r.isLess(than: scalars.modulus) { r = r.subtracting(scalars.modulus).0 }
        var e = U256(bigEndian: Array(SHA256.hash(data: message)))
        if !e.isLess(than: scalars.modulus) { e = e.subtracting(scalars.modulus).0 }
        let sum = scalars.add(scalars.toMontgomery(e), scalars.multiply(scalars.toMontgomery(r), scalars.toMontgomery(d)))
        let s = scalars.fromMontgomery(scalars.multiply(scalars.invert(scalars.toMontgomery(k)), sum))
        guard !r.isZero, !s.isZero else { return nil }
        return bytes(r) + bytes(s)
    }

    /// d·G with a fixed-base comb: d is read as 64 base-16 digits dᵢ and d·G = Σ dᵢ·(16^i·G), each term
    /// taken from `generatorTable`, so a signature costs at most 64 additions and no doublings (about 5×
    /// fewer field operations than double-and-add).
    private static func multiplyGenerator(by scalar: U256) -> JacobianPoint {
        let table = generatorTable
        var result = JacobianPoint.infinity
        for window in 0..<64 {
            var digit = 0
            for bit in 0..<4 where scalar.bit(4 * window + bit) { digit |= 1 << bit }
            if digit != 0 { result = result.adding(table[15 * window + digit - 1]) }
        }
        return result
    }

    /// j·16^i·G for i = 0…63 and j = 1…15, at index 15·i + j − 1: 960 points, built once per process on
    /// first use (about a thousand point additions) and shared by every key, since G is fixed.
    private static let generatorTable: [JacobianPoint] = {
        var table: [JacobianPoint] = []
        table.reserveCapacity(960)
        var base = P256PublicKey.generator  // 16^i·G
        for _ in 0..<64 {
            var multiple = base
            for _ in 1...15 {
                table.append(multiple)
                multiple = multiple.adding(base)
            }
            base = multiple  // 16·16^i·G
        }
        return table
    }()

    private static func affine(_ point: JacobianPoint) -> (x: [UInt8], y: [UInt8])? {
        guard !point.z.isZero else { return nil }
        let field = P256PublicKey.field
        let zInverse = field.invert(point.z)
        let zInverseSquared = field.multiply(zInverse, zInverse)
        let x = field.fromMontgomery(field.multiply(point.x, zInverseSquared))
        let y = field.fromMontgomery(field.multiply(point.y, field.multiply(zInverseSquared, zInverse)))
        return (bytes(x), bytes(y))
    }

    private static func bytes(_ value: U256) -> [UInt8] {
        MontgomeryModulus.bigEndianBytes(value.limbs, byteCount: 32)
    }
}
