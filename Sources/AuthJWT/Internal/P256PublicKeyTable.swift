// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Synchronization

/// k·Q for one public key Q with 33 doublings instead of 256: a per-key table of affine points
/// (2m + 1)·2^(33j)·Q for m = 0…7 and j = 0…7 (64 points, 4 KB), built once on the key's second
/// verification (``SecondUseTable``) and kept with the key (``P256PublicKey`` holds a shared ``SecondUseTable``, so
/// copies of a JWK and a cached JWK Set share it). A key verified once — a DPoP proof's `jwk`, a key just
/// after rotation — never pays for a table it would not reuse.
///
/// k's width-5 NAF (``P256PublicKey/nonAdjacentForm(_:)``, 257 digits) is cut into eight rows of 33
/// digits: digit i = 33j + s contributes dᵢ·2^s·(2^(33j)·Q), so the eight rows are summed together in one
/// loop of 33 doublings, each row's nonzero digits adding an entry (negated for a negative digit) with a
/// mixed addition — about 43 in all, as before. The Straus/Shamir interleaving of BoringSSL's and
/// libsecp256k1's multi-scalar code, with fixed row bases precomputed since Q does not change. Building
/// costs 231 doublings, 64 additions and one field inversion (about one verification without the table).
/// Variable time: public keys and scalars only.
final class P256PublicKeyTable: Sendable {
    static let rowCount = 8
    static let rowDigits = 33  // 8 · 33 = 264 ≥ 257 NAF digits
    static let entriesPerRow = 8  // Q, 3Q, …, 15Q of the row's base

    /// (2m + 1)·2^(33j)·Q at index 8·j + m.
    let entries: [P256AffinePoint]

    /// The table of `point` (finite, on the curve); nil only if a multiple came out at infinity, which
    /// cannot happen for a point of prime order n > 15 (every entry is an odd multiple times a power of 2).
    init?(_ point: JacobianPoint) {
        var points: [JacobianPoint] = []
        points.reserveCapacity(Self.rowCount * Self.entriesPerRow)
        var base = point
        for row in 0..<Self.rowCount {
            if row > 0 {
                for _ in 0..<Self.rowDigits { base = base.doubled() }
            }
            let twice = base.doubled()
            var multiple = base
            points.append(multiple)
            for _ in 1..<Self.entriesPerRow {
                multiple = multiple.addingVartime(twice)
                points.append(multiple)
            }
        }
        guard let entries = P256AffinePoint.batchNormalizedVartime(points), entries.count == points.count else { return nil }
        self.entries = entries
    }

    /// k·Q for k < 2²⁵⁶: 33 doublings and one mixed addition per nonzero NAF digit.
    func multipleVartime(_ k: U256) -> JacobianPoint {
        let digits = P256PublicKey.nonAdjacentForm(k)
        var sum = JacobianPoint.infinity
        for shift in stride(from: Self.rowDigits - 1, through: 0, by: -1) {
            if !sum.isInfinity { sum = sum.doubled() }
            for row in 0..<Self.rowCount {
                let index = Self.rowDigits * row + shift
                guard index < digits.count else { continue }
                let digit = digits[index]
                guard digit != 0 else { continue }
                let entry = entries[Self.entriesPerRow * row + Int(digit.magnitude) >> 1]
                sum = sum.addingVartime(digit > 0 ? entry : entry.negated)
            }
        }
        return sum
    }
}
