// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest

/// A P-256 public key for ECDSA verification with SHA-256 (FIPS 186-4 §6.4.2, RFC 7518 §3.4).
///
/// Curve constants from FIPS 186-4 Appendix D.1.2.3 (SEC 2 secp256r1). Verification works on public
/// values only, so it is variable time (the `Vartime` functions): u₁·G comes from the fixed-base comb of
/// ``P256GeneratorTable`` (no doublings), u₂·Q from a width-5 NAF over the key's own table of odd
/// multiples of 2^(33j)·Q (``P256PublicKeyTable``: 33 doublings, about 43 additions), in Jacobian
/// coordinates (``JacobianPoint``); the result's x-coordinate is compared without an inversion, and s⁻¹
/// mod n is a binary extended Euclid (``P256Field/invertVartime(_:)``).
package struct P256PublicKey: Sendable {
    package static let field = P256Field(modulus: "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
    package static let scalars = P256Field(modulus: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
    static let generator = JacobianPoint(
        affineX: U256(hex: "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"),
        affineY: U256(hex: "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"))
    static let b = field.toMontgomery(U256(hex: "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b"))
    /// p − n: r + n is below p (a second candidate x-coordinate) exactly when r is below this.
    static let primeMinusOrder = U256(l0: 0x0c46_353d_039c_daae, l1: 0x4319_0553_58e8_617b, l2: 0, l3: 0)

    /// The public point Q, z = 1.
    let point: JacobianPoint
    /// Q's multiples table for u₂·Q (``P256PublicKeyTable``), built on the second verification, shared by copies.
    let table = SecondUseTable<P256PublicKeyTable>()

    /// Validates the public point: 32-byte coordinates below p that satisfy y² = x³ − 3x + b (so it is not
    /// the point at infinity, which has no affine coordinates).
    init(x: [UInt8], y: [UInt8], keyID: String?) throws(AuthJWTError) {
        guard x.count == 32, y.count == 32 else {
            throw .invalidKey(keyID: keyID, reason: "P-256 coordinates must be 32 bytes each (RFC 7518 §6.2.1.2)")
        }
        let affineX = U256(bigEndian: x)
        let affineY = U256(bigEndian: y)
        guard affineX.isLess(than: P256Prime.modulus), affineY.isLess(than: P256Prime.modulus) else {
            throw .invalidKey(keyID: keyID, reason: "a P-256 coordinate is not below the field prime")
        }
        let point = JacobianPoint(affineX: affineX, affineY: affineY)
        let ySquared = P256Prime.square(point.y)
        let xCubed = P256Prime.multiply(P256Prime.square(point.x), point.x)
        let threeX = P256Prime.add(P256Prime.double(point.x), point.x)
        guard ySquared == P256Prime.add(P256Prime.subtract(xCubed, threeX), Self.b) else {
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
        var e = U256(bigEndian: digest)
        if !e.isLess(than: scalars.modulus) { e = e.subtracting(scalars.modulus).0 }

        let w = scalars.toMontgomery(scalars.invertVartime(s))  // s⁻¹·R mod n (s is public)
        let u1 = scalars.multiply(e, w)  // e·s⁻¹ mod n (the R cancels)
        let u2 = scalars.multiply(r, w)
        return Self.hasXCoordinateVartime(linearCombinationVartime(u1, u2), congruentTo: r)
    }

    /// u₁·G + u₂·Q: u₂·Q by the key's ``P256PublicKeyTable`` (33 doublings) from the key's second use, by
    /// ``multipleWithoutTableVartime(_:)`` on its first, then u₁·G's comb terms added.
    func linearCombinationVartime(_ u1: U256, _ u2: U256) -> JacobianPoint {
        let multiple = table.table({ P256PublicKeyTable(point) })?.multipleVartime(u2) ?? multipleWithoutTableVartime(u2)
        return P256GeneratorTable.addingMultipleVartime(u1, to: multiple)
    }

    /// k·Q with the key's table (built now on the key's second use), or ``multipleWithoutTableVartime(_:)``
    /// without one.
    func multipleVartime(_ k: U256) -> JacobianPoint {
        table.table({ P256PublicKeyTable(point) })?.multipleVartime(k) ?? multipleWithoutTableVartime(k)
    }

    /// k·Q by a width-5 NAF: Q, 3Q, …, 15Q computed per call (one doubling, seven additions), then 256
    /// doublings and an addition per nonzero digit (about 43 for a random k). The reference the table's
    /// results are tested against, and the fallback should a table not build.
    func multipleWithoutTableVartime(_ k: U256) -> JacobianPoint {
        let twice = point.doubled()
        var oddMultiples = [point]
        oddMultiples.reserveCapacity(8)
        for index in 1..<8 { oddMultiples.append(oddMultiples[index - 1].addingVartime(twice)) }
        let digits = Self.nonAdjacentForm(k)
        var sum = JacobianPoint.infinity
        for index in stride(from: digits.count - 1, through: 0, by: -1) {
            if !sum.isInfinity { sum = sum.doubled() }
            let digit = digits[index]
            if digit > 0 {
                sum = sum.addingVartime(oddMultiples[Int(digit) >> 1])
            } else if digit < 0 {
                sum = sum.addingVartime(oddMultiples[Int(-digit) >> 1].negated)
            }
        }
        return sum
    }

    /// The width-5 NAF of k < 2²⁵⁶ (257 digits, least significant first): every nonzero digit is odd, in
    /// [−15, 15], and followed by at least four zeros (as libsecp256k1's `secp256k1_ecmult_wnaf`).
    static func nonAdjacentForm(_ k: U256) -> [Int8] {
        var digits = [Int8](repeating: 0, count: 257)
        var carry = 0
        var index = 0
        while index < 257 {
            let bit = index < 256 && k.bit(index) ? 1 : 0
            if bit == carry {
                index += 1
                continue
            }
            var digit = k.bitsVartime(at: index, count: 5) + carry  // odd
            carry = (digit >> 4) & 1
            digit -= carry << 5
            digits[index] = Int8(digit)
            index += 5
        }
        return digits
    }

    /// Whether the x-coordinate of `sum` reduced mod n is r, with no inversion: x = X/Z², so x = r exactly
    /// when r·Z² = X (mod p); and x mod n = r also when x = r + n, which is a field element only when
    /// r + n < p (as BoringSSL's `ecdsa_do_verify_no_self_test` and libsecp256k1's
    /// `secp256k1_ecdsa_sig_verify`). False at infinity.
    static func hasXCoordinateVartime(_ sum: JacobianPoint, congruentTo r: U256) -> Bool {
        guard !sum.isInfinity else { return false }
        let zSquared = P256Prime.square(sum.z)
        if P256Prime.multiply(P256Prime.toMontgomery(r), zSquared) == sum.x { return true }
        guard r.isLess(than: primeMinusOrder) else { return false }
        let rPlusN = r.adding(scalars.modulus).0
        return P256Prime.multiply(P256Prime.toMontgomery(rPlusN), zSquared) == sum.x
    }
}
