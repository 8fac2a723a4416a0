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
/// only, so the arithmetic is not constant time: [S]B − [k]A is one Straus loop over width-w NAFs
/// (``combination(s:k:)``), [S]B from the fixed table ``Ed25519BaseTable``, [k]A from the key's own
/// ``Ed25519PublicKeyTable`` from its second use (32 doublings in all) or from odd multiples of A made per
/// call on its first (256 doublings).
struct Ed25519PublicKey: Sendable {
    let encoded: [UInt8]
    let point: EdwardsPoint
    /// A's multiples table (``Ed25519PublicKeyTable``), built on the second verification, shared by copies.
    let table = SecondUseTable<Ed25519PublicKeyTable>()

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
    static let order = scalars.modulus

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
        let sum = combination(s: s, k: k)
        // R = [S]B − [k]A, canonical since it is the encoding just made; a small-order R is refused.
        return sum.encoded == r && !sum.hasSmallOrder
    }

    /// [s]B − [k]A for s, k < 2²⁵⁵ (Straus's interleaving). s's width-7 NAF reads ``Ed25519BaseTable``; k's
    /// width-5 NAF reads the key's ``Ed25519PublicKeyTable`` (eight rows, so the loop doubles 32 times), or,
    /// before the key has one, A, 3A, …, 15A made now (one doubling, seven additions) with 256 doublings
    /// and only the base table's first row. Each nonzero digit adds or subtracts one entry: about 32 for s
    /// and 43 for k.
    func combination(s: U256, k: U256) -> EdwardsPoint {
        let sDigits = Self.nonAdjacentForm(s, width: Ed25519BaseTable.width)
        let kDigits = Self.nonAdjacentForm(k, width: Ed25519PublicKeyTable.width)
        let base = Ed25519BaseTable.entries
        var sum = EdwardsPoint.identity
        var started = false
        if let table = table.table({ Ed25519PublicKeyTable(point) }) {
            let entries = table.entries
            base.withUnsafeBufferPointer { base in
                entries.withUnsafeBufferPointer { entries in
                    let rowDigits = Ed25519PublicKeyTable.rowDigits
                    for shift in stride(from: rowDigits - 1, through: 0, by: -1) {
                        if started { sum = sum.doubled() }
                        for row in 0..<Ed25519PublicKeyTable.rowCount {
                            let index = rowDigits * row + shift
                            let sDigit = sDigits[index]
                            if sDigit != 0 {
                                let entry = base[Ed25519BaseTable.entriesPerRow * row + Int(sDigit.magnitude >> 1)]
                                sum = sDigit > 0 ? sum.adding(entry) : sum.subtracting(entry)
                                started = true
                            }
                            let kDigit = kDigits[index]
                            if kDigit != 0 {
                                let entry = entries[Ed25519PublicKeyTable.entriesPerRow * row + Int(kDigit.magnitude >> 1)]
                                sum = kDigit > 0 ? sum.subtracting(entry) : sum.adding(entry)
                                started = true
                            }
                        }
                    }
                }
            }
            return sum
        }
        let twice = point.doubled().cached
        var multiples = [point.cached]
        multiples.reserveCapacity(Ed25519PublicKeyTable.entriesPerRow)
        var multiple = point
        for _ in 1..<Ed25519PublicKeyTable.entriesPerRow {
            multiple = multiple.adding(twice)
            multiples.append(multiple.cached)
        }
        for index in stride(from: sDigits.count - 1, through: 0, by: -1) {
            if started { sum = sum.doubled() }
            let sDigit = sDigits[index]
            if sDigit != 0 {
                let entry = base[Int(sDigit.magnitude >> 1)]
                sum = sDigit > 0 ? sum.adding(entry) : sum.subtracting(entry)
                started = true
            }
            let kDigit = kDigits[index]
            if kDigit != 0 {
                let entry = multiples[Int(kDigit.magnitude >> 1)]
                sum = kDigit > 0 ? sum.subtracting(entry) : sum.adding(entry)
                started = true
            }
        }
        return sum
    }

    /// The width-`width` NAF of k < 2²⁵⁵ (256 digits, least significant first): every nonzero digit is
    /// odd, below 2^(width − 1) in magnitude, and followed by at least width − 1 zeros, so k = Σ dᵢ·2^i.
    static func nonAdjacentForm(_ k: U256, width: Int) -> [Int8] {
        var digits = [Int8](repeating: 0, count: 256)
        var carry = 0
        var index = 0
        while index < 256 {
            let bit = k.bit(index) ? 1 : 0
            if bit == carry {
                index += 1
                continue
            }
            var digit = k.bitsVartime(at: index, count: width) + carry  // odd
            carry = (digit >> (width - 1)) & 1
            digit -= carry << width
            digits[index] = Int8(digit)
            index += width
        }
        return digits
    }

    /// The scalars modulo L in Montgomery form (R = 2²⁵⁶), for ``reduced(_:)``.
    static let scalars = P256Field(modulus: "1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed")

    /// A 512-bit little-endian integer (a SHA-512 digest) reduced mod L: h = low + high·2²⁵⁶, and with
    /// Montgomery products (a·b·2⁻²⁵⁶ mod L) high·2²⁵⁶ = high × (2⁵¹² mod L) and low = (low × (2⁵¹² mod L))
    /// × 1, three products in all.
    static func reduced(_ digest: SHA512Digest) -> U256 {
        let (low, high) = digest.withUnsafeBytes { raw in
            let word = { (index: Int) in UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self)) }
            return (U256(l0: word(0), l1: word(1), l2: word(2), l3: word(3)), U256(l0: word(4), l1: word(5), l2: word(6), l3: word(7)))
        }
        let scalars = Self.scalars
        return scalars.add(scalars.multiply(high, scalars.rSquared), scalars.fromMontgomery(scalars.toMontgomery(low)))
    }
}
