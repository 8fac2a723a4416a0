// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Synchronization

/// [k]A for one public key A with 32 doublings instead of 256: a per-key table of affine points
/// (2m + 1)·2^(32j)·A for m = 0…7 and j = 0…7 (64 points, 7.5 KB), built once on the key's second
/// verification (``SecondUseTable``) and kept with the key (``Ed25519PublicKey`` holds a shared
/// ``SecondUseTable``, so copies of a JWK and a cached JWK Set share it), as ``P256PublicKeyTable`` does for P-256.
///
/// k's width-5 NAF is cut into eight rows of 32 digits, read in the same loop as S's rows over
/// ``Ed25519BaseTable`` (``Ed25519PublicKey/combination(s:k:)``). Building costs 232 doublings, 56
/// additions and one inversion for all the points, about one verification without the table. Eight rows
/// rather than four: 17% fewer instructions per verification (32 doublings fewer) for twice the memory.
/// Variable time: public keys and scalars only.
final class Ed25519PublicKeyTable: Sendable {
    static let rowCount = 8
    static let rowDigits = 32  // 8 · 32 = 256 NAF digits
    /// The NAF width for k: digits odd in [−15, 15], so 8 multiples per row.
    static let width = 5
    static let entriesPerRow = 1 << (width - 2)

    /// (2m + 1)·2^(32j)·A at index 8·j + m.
    let entries: [EdwardsAffineCachedPoint]

    init(_ point: EdwardsPoint) {
        entries = Self.oddMultipleRows(of: point, entriesPerRow: Self.entriesPerRow)
    }

    /// (2m + 1)·2^(rowDigits·j)·P at index entriesPerRow·j + m, for j below ``rowCount`` and m below
    /// `entriesPerRow`, with one inversion for all of them.
    static func oddMultipleRows(of point: EdwardsPoint, entriesPerRow: Int) -> [EdwardsAffineCachedPoint] {
        var points: [EdwardsPoint] = []
        points.reserveCapacity(rowCount * entriesPerRow)
        var base = point
        for row in 0..<rowCount {
            if row > 0 {
                for _ in 0..<rowDigits { base = base.doubled() }
            }
            let twice = base.doubled().cached
            var multiple = base
            points.append(multiple)
            for _ in 1..<entriesPerRow {
                multiple = multiple.adding(twice)
                points.append(multiple)
            }
        }
        return EdwardsAffineCachedPoint.batch(points)
    }
}
