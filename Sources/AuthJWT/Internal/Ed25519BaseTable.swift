// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// [S]B for verification: odd multiples of the base point B (RFC 8032 §5.1) in rows, as affine points
/// prepared for addition, built once per process on first use.
///
/// S's width-7 NAF (``Ed25519PublicKey/nonAdjacentForm(_:width:)``, 256 digits) is cut into
/// ``Ed25519PublicKeyTable/rowCount`` rows of ``Ed25519PublicKeyTable/rowDigits`` digits, and row j reads
/// (2m + 1)·2^(rowDigits·j)·B for m = 0…31: the rows are summed in one loop of `rowDigits` doublings, which
/// the key's own rows (``Ed25519PublicKeyTable``) share. Without a key table, row 0 alone (B, 3B, …, 63B)
/// serves a loop of 256 doublings. About 256 / 8 = 32 additions for a random S either way. Public data only:
/// the lookups and branches follow S's digits.
enum Ed25519BaseTable {
    /// The NAF width for S: digits odd in [−63, 63], so 32 multiples per row.
    static let width = 7
    static let entriesPerRow = 1 << (width - 2)

    /// (2m + 1)·2^(rowDigits·j)·B at index entriesPerRow·j + m (256 points, 30 KB).
    static let entries: [EdwardsAffineCachedPoint] = Ed25519PublicKeyTable.oddMultipleRows(
        of: .base, entriesPerRow: entriesPerRow)
}
