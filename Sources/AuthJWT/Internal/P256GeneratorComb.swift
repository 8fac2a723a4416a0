// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// k·G for signing, in constant time: a fixed-base comb over a precomputed affine table of G, as in
/// BoringSSL's `ecp_nistz256` (with 4-bit windows instead of 7).
///
/// k is read as 64 base-16 digits kᵢ, and k·G = Σ kᵢ·(16^i·G): 64 mixed additions of a table point and
/// no doublings, where the Montgomery ladder takes 512 full additions. Every lookup reads all 15 points
/// of its window and keeps the wanted one with masks, so no memory index depends on k; a zero digit still
/// adds (a dummy point) and the sum is then dropped by a mask, so no branch depends on k either.
enum P256GeneratorComb {
    /// j·16^i·G for i = 0…63 and j = 1…15, at index 15·i + j − 1: 960 points, built once per process on
    /// first use (960 additions and one inversion for all, a fraction of a millisecond). Built with the
    /// variable-time Jacobian formulas and batch normalisation that verification uses: G and its multiples
    /// are public; only the lookups below touch the secret.
    static let table: [P256AffinePoint] = {
        var points: [JacobianPoint] = []
        points.reserveCapacity(960)
        var base = P256PublicKey.generator  // 16^i·G
        for _ in 0..<64 {
            var multiple = base
            for _ in 1...15 {
                points.append(multiple)
                multiple = multiple.addingVartime(base)
            }
            base = multiple  // 16·16^i·G
        }
        // No point is at infinity: j·16^i is below the group order n for every entry. The lookups read all
        // 960 entries through an unsafe pointer, so a table of any other size must never exist.
        guard let entries = P256AffinePoint.batchNormalizedVartime(points), entries.count == 960 else {
            fatalError("P-256 comb: a multiple of G at infinity")
        }
        return entries
    }()

    /// scalar·G for any scalar below 2²⁵⁶, in projective coordinates; the same operations, in the same
    /// order, reading the same memory, for every scalar.
    static func multiply(_ scalar: U256) -> P256ProjectivePoint {
        var result = P256ProjectivePoint.identity
        table.withUnsafeBufferPointer { table in
            addWindows(of: scalar.l0, first: 0, to: &result, table: table)
            addWindows(of: scalar.l1, first: 16, to: &result, table: table)
            addWindows(of: scalar.l2, first: 32, to: &result, table: table)
            addWindows(of: scalar.l3, first: 48, to: &result, table: table)
        }
        return result
    }

    /// Adds the 16 windows of `limb`, the scalar's windows `first`…`first + 15`, to `result`. Every index
    /// read is at most 15·63 + 14 = 959 < 960 = table.count (first ≤ 48, window < 16, j ≤ 15).
    @inline(__always)
    private static func addWindows(
        of limb: UInt64, first: Int, to result: inout P256ProjectivePoint, table: UnsafeBufferPointer<P256AffinePoint>
    ) {
        for window in 0..<16 {
            // Through the barrier, the optimiser does not know the digit is below 16, so it cannot turn
            // the equality masks below into compares and jumps.
            let digit = valueBarrier((limb >> UInt64(4 &* window)) & 15)
            let row = 15 &* (first &+ window)
            var x = U256.zero
            var y = U256.zero
            for j in 1...15 {
                // All ones when digit == j: (digit ^ j) − 1 has its top bit set exactly when digit ^ j is 0.
                let mask = 0 &- (((digit ^ UInt64(j)) &- 1) >> 63)
                let entry = table[row &+ j &- 1]
                x = x.selecting(entry.x, mask: mask)
                y = y.selecting(entry.y, mask: mask)
            }
            // For digit 0, (x, y) = (0, 0) is not a point and the sum is garbage: dropped by the mask.
            let sum = result.addingAffine(x: x, y: y)
            let keep = 0 &- ((digit &- 1) >> 63)  // all ones when digit == 0
            result = P256ProjectivePoint(
                x: sum.x.selecting(result.x, mask: keep), y: sum.y.selecting(result.y, mask: keep),
                z: sum.z.selecting(result.z, mask: keep))
        }
    }
}

extension P256ProjectivePoint {
    /// P + Q for any P and an affine Q = (x, y) in Montgomery form that is a point of the curve (not
    /// infinity): Algorithm 5 of Renes–Costello–Batina (mixed addition, a = −3), Algorithm 4 with
    /// Z₂ = 1, 11 multiplications and 2 by b. Doubling and P = infinity need no special case. Products go
    /// to ``P256Prime`` directly: the field's dispatch on its modulus would be a (public) jump, which
    /// `.ci/constant-time-check` rightly cannot tell from a secret one.
    func addingAffine(x qx: U256, y qy: U256) -> P256ProjectivePoint {
        let f = P256PublicKey.field
        let b = P256PublicKey.b
        var t0 = P256Prime.multiply(x, qx)
        var t1 = P256Prime.multiply(y, qy)
        var t2 = z
        var t3 = f.add(qx, qy)
        var t4 = f.add(x, y)
        t3 = P256Prime.multiply(t3, t4)
        t4 = f.add(t0, t1)
        t3 = f.subtract(t3, t4)
        t4 = P256Prime.multiply(qy, z)
        t4 = f.add(t4, y)
        var y3 = P256Prime.multiply(qx, z)
        y3 = f.add(y3, x)
        var z3 = P256Prime.multiply(b, t2)
        var x3 = f.subtract(y3, z3)
        z3 = f.add(x3, x3)
        x3 = f.add(x3, z3)
        z3 = f.subtract(t1, x3)
        x3 = f.add(t1, x3)
        y3 = P256Prime.multiply(b, y3)
        t1 = f.add(t2, t2)
        t2 = f.add(t1, t2)
        y3 = f.subtract(y3, t2)
        y3 = f.subtract(y3, t0)
        t1 = f.add(y3, y3)
        y3 = f.add(t1, y3)
        t1 = f.add(t0, t0)
        t0 = f.add(t1, t0)
        t0 = f.subtract(t0, t2)
        t1 = P256Prime.multiply(t4, y3)
        t2 = P256Prime.multiply(t0, y3)
        y3 = P256Prime.multiply(x3, z3)
        y3 = f.add(y3, t2)
        x3 = P256Prime.multiply(t3, x3)
        x3 = f.subtract(x3, t1)
        z3 = P256Prime.multiply(t4, z3)
        t1 = P256Prime.multiply(t3, t0)
        z3 = f.add(z3, t1)
        return P256ProjectivePoint(x: x3, y: y3, z: z3)
    }
}
