// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A P-256 point in homogeneous projective coordinates (X : Y : Z), Montgomery form, for signing: the
/// point at infinity is (0 : 1 : 0) and needs no special case.
///
/// Addition is the complete formula of Renes, Costello and Batina, "Complete addition formulas for prime
/// order elliptic curves" (EUROCRYPT 2016, eprint 2015/1060), Algorithm 4 for a = −3: one sequence of
/// field operations for every pair of points, doubling and infinity included, so the time does not tell
/// which case occurred. Scalar multiplication is a Montgomery ladder over all 256 bits with masked
/// conditional swaps: no branch and no memory index depends on the scalar.
struct P256ProjectivePoint: Sendable {
    var x: U256
    var y: U256
    var z: U256

    static let identity = P256ProjectivePoint(x: .zero, y: P256PublicKey.field.toMontgomery(.one), z: .zero)

    static let generator: P256ProjectivePoint = {
        let g = P256PublicKey.generator
        return P256ProjectivePoint(x: g.x, y: g.y, z: g.z)  // z = 1, so Jacobian and projective agree
    }()

    /// P + Q for any P and Q (Algorithm 4 of Renes–Costello–Batina, a = −3), 12 multiplications, with
    /// ``P256Prime``'s constant-time field operations.
    func adding(_ q: P256ProjectivePoint) -> P256ProjectivePoint {
        let b = P256PublicKey.b
        var t0 = P256Prime.multiply(x, q.x)
        var t1 = P256Prime.multiply(y, q.y)
        var t2 = P256Prime.multiply(z, q.z)
        var t3 = P256Prime.add(x, y)
        var t4 = P256Prime.add(q.x, q.y)
        t3 = P256Prime.multiply(t3, t4)
        t4 = P256Prime.add(t0, t1)
        t3 = P256Prime.subtract(t3, t4)
        t4 = P256Prime.add(y, z)
        var x3 = P256Prime.add(q.y, q.z)
        t4 = P256Prime.multiply(t4, x3)
        x3 = P256Prime.add(t1, t2)
        t4 = P256Prime.subtract(t4, x3)
        x3 = P256Prime.add(x, z)
        var y3 = P256Prime.add(q.x, q.z)
        x3 = P256Prime.multiply(x3, y3)
        y3 = P256Prime.add(t0, t2)
        y3 = P256Prime.subtract(x3, y3)
        var z3 = P256Prime.multiply(b, t2)
        x3 = P256Prime.subtract(y3, z3)
        z3 = P256Prime.add(x3, x3)
        x3 = P256Prime.add(x3, z3)
        z3 = P256Prime.subtract(t1, x3)
        x3 = P256Prime.add(t1, x3)
        y3 = P256Prime.multiply(b, y3)
        t1 = P256Prime.add(t2, t2)
        t2 = P256Prime.add(t1, t2)
        y3 = P256Prime.subtract(y3, t2)
        y3 = P256Prime.subtract(y3, t0)
        t1 = P256Prime.add(y3, y3)
        y3 = P256Prime.add(t1, y3)
        t1 = P256Prime.add(t0, t0)
        t0 = P256Prime.add(t1, t0)
        t0 = P256Prime.subtract(t0, t2)
        t1 = P256Prime.multiply(t4, y3)
        t2 = P256Prime.multiply(t0, y3)
        y3 = P256Prime.multiply(x3, z3)
        y3 = P256Prime.add(y3, t2)
        x3 = P256Prime.multiply(t3, x3)
        x3 = P256Prime.subtract(x3, t1)
        z3 = P256Prime.multiply(t4, z3)
        t1 = P256Prime.multiply(t3, t0)
        z3 = P256Prime.add(z3, t1)
        return P256ProjectivePoint(x: x3, y: y3, z: z3)
    }

    /// Swaps `a` and `b` when `mask` is all ones, leaves them when it is zero, without a branch.
    @inline(__always)
    static func conditionalSwap(_ a: inout P256ProjectivePoint, _ b: inout P256ProjectivePoint, mask: UInt64) {
        let newA = P256ProjectivePoint(
            x: a.x.selecting(b.x, mask: mask), y: a.y.selecting(b.y, mask: mask), z: a.z.selecting(b.z, mask: mask))
        b = P256ProjectivePoint(x: b.x.selecting(a.x, mask: mask), y: b.y.selecting(a.y, mask: mask), z: b.z.selecting(a.z, mask: mask))
        a = newA
    }

    /// scalar · self by a Montgomery ladder over all 256 bits: the same additions, in the same order, for
    /// every scalar (leading zero bits included). Signing uses `P256GeneratorComb` for k·G (8× fewer field
    /// operations); the tests use the ladder as its reference.
    func multiplied(by scalar: U256) -> P256ProjectivePoint {
        var r0 = P256ProjectivePoint.identity
        var r1 = self
        var index = 255
        while index >= 0 {
            let mask = 0 &- scalar.bitWord(index)
            Self.conditionalSwap(&r0, &r1, mask: mask)
            r1 = r0.adding(r1)
            r0 = r0.adding(r0)
            Self.conditionalSwap(&r0, &r1, mask: mask)
            index -= 1
        }
        return r0
    }

    /// The affine coordinates (x, y) = (X/Z, Y/Z), not in Montgomery form; nil for the point at infinity.
    /// The inversion is Fermat's (constant time); only whether Z is zero is branched on.
    func affine() -> (x: U256, y: U256)? {
        guard !z.isZero else { return nil }
        let f = P256PublicKey.field
        let zInverse = f.invert(z)
        return (f.fromMontgomery(f.multiply(x, zInverse)), f.fromMontgomery(f.multiply(y, zInverse)))
    }
}
