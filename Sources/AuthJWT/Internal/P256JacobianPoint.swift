// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A point on P-256 in Jacobian coordinates (x/z², y/z³), Montgomery form; z = 0 is the point at infinity.
///
/// For public values only (verification, and the test signer, which is test-only): the additions branch
/// on the points — at infinity, equal, opposite — so their time tells which case occurred, hence the
/// `Vartime` names. Signing a real key uses `P256ProjectivePoint`, whose formulas are complete.
/// Formulas from the Explicit-Formulas Database, for a = −3: "dbl-2001-b" (3M + 5S), "add-2007-bl"
/// (11M + 5S) and, for an affine second point, "madd-2007-bl" (7M + 4S).
package struct JacobianPoint: Sendable {
    package var x: U256
    package var y: U256
    package var z: U256

    package static let infinity = JacobianPoint(x: .zero, y: .zero, z: .zero)

    init(x: U256, y: U256, z: U256) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// An affine point given in plain (not Montgomery) form.
    init(affineX: U256, affineY: U256) {
        x = P256Prime.toMontgomery(affineX)
        y = P256Prime.toMontgomery(affineY)
        z = P256Prime.one
    }

    /// A table entry as a Jacobian point (z = 1).
    init(_ point: P256AffinePoint) {
        x = point.x
        y = point.y
        z = P256Prime.one
    }

    var isInfinity: Bool { z.isZero }

    /// −P: (x, −y, z).
    var negated: JacobianPoint { JacobianPoint(x: x, y: P256Prime.negate(y), z: z) }

    /// 2P for a = −3 ("dbl-2001-b"); infinity stays infinity (z stays 0), so it needs no branch.
    func doubled() -> JacobianPoint {
        let delta = P256Prime.square(z)
        let gamma = P256Prime.square(y)
        let beta = P256Prime.multiply(x, gamma)
        let t = P256Prime.multiply(P256Prime.subtract(x, delta), P256Prime.add(x, delta))
        let alpha = P256Prime.add(P256Prime.double(t), t)
        let beta4 = P256Prime.double(P256Prime.double(beta))
        let x3 = P256Prime.subtract(P256Prime.square(alpha), P256Prime.double(beta4))
        let z3 = P256Prime.subtract(P256Prime.subtract(P256Prime.square(P256Prime.add(y, z)), gamma), delta)
        let gammaSquared8 = P256Prime.double(P256Prime.double(P256Prime.double(P256Prime.square(gamma))))
        let y3 = P256Prime.subtract(P256Prime.multiply(alpha, P256Prime.subtract(beta4, x3)), gammaSquared8)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// P + Q ("add-2007-bl"), with the cases the formula does not cover branched on: infinity, P = Q
    /// (a doubling), P = −Q (infinity). Public points only.
    func addingVartime(_ other: JacobianPoint) -> JacobianPoint {
        if z.isZero { return other }
        if other.z.isZero { return self }
        let z1z1 = P256Prime.square(z)
        let z2z2 = P256Prime.square(other.z)
        let u1 = P256Prime.multiply(x, z2z2)
        let u2 = P256Prime.multiply(other.x, z1z1)
        let s1 = P256Prime.multiply(P256Prime.multiply(y, other.z), z2z2)
        let s2 = P256Prime.multiply(P256Prime.multiply(other.y, z), z1z1)
        let h = P256Prime.subtract(u2, u1)
        let r = P256Prime.double(P256Prime.subtract(s2, s1))
        if h.isZero {
            return r.isZero ? doubled() : .infinity
        }
        let i = P256Prime.square(P256Prime.double(h))
        let j = P256Prime.multiply(h, i)
        let v = P256Prime.multiply(u1, i)
        let x3 = P256Prime.subtract(P256Prime.subtract(P256Prime.square(r), j), P256Prime.double(v))
        let y3 = P256Prime.subtract(P256Prime.multiply(r, P256Prime.subtract(v, x3)), P256Prime.double(P256Prime.multiply(s1, j)))
        let zSum = P256Prime.add(z, other.z)
        let z3 = P256Prime.multiply(P256Prime.subtract(P256Prime.subtract(P256Prime.square(zSum), z1z1), z2z2), h)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// P + Q for an affine Q ("madd-2007-bl", z₂ = 1), with the same exceptional cases branched on as
    /// ``addingVartime(_:)-(JacobianPoint)``. Public points only.
    func addingVartime(_ other: P256AffinePoint) -> JacobianPoint {
        if z.isZero { return JacobianPoint(other) }
        let z1z1 = P256Prime.square(z)
        let u2 = P256Prime.multiply(other.x, z1z1)
        let s2 = P256Prime.multiply(P256Prime.multiply(other.y, z), z1z1)
        let h = P256Prime.subtract(u2, x)
        let r = P256Prime.double(P256Prime.subtract(s2, y))
        if h.isZero {
            return r.isZero ? doubled() : .infinity
        }
        let hh = P256Prime.square(h)
        let i = P256Prime.double(P256Prime.double(hh))
        let j = P256Prime.multiply(h, i)
        let v = P256Prime.multiply(x, i)
        let x3 = P256Prime.subtract(P256Prime.subtract(P256Prime.square(r), j), P256Prime.double(v))
        let y3 = P256Prime.subtract(P256Prime.multiply(r, P256Prime.subtract(v, x3)), P256Prime.double(P256Prime.multiply(y, j)))
        let z3 = P256Prime.subtract(P256Prime.subtract(P256Prime.square(P256Prime.add(z, h)), z1z1), hh)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }
}

/// A finite P-256 point in affine coordinates, Montgomery form: an entry of a precomputed table, added
/// with ``JacobianPoint/addingVartime(_:)-(P256AffinePoint)``.
struct P256AffinePoint: Sendable {
    var x: U256
    var y: U256

    /// −P: (x, −y).
    var negated: P256AffinePoint { P256AffinePoint(x: x, y: P256Prime.negate(y)) }

    /// The affine forms of finite Jacobian points with one field inversion for all of them (Montgomery's
    /// trick: the running products of the z, one inversion, then three multiplications per point back).
    /// Nil when a point is at infinity. Public points only.
    static func batchNormalizedVartime(_ points: [JacobianPoint]) -> [P256AffinePoint]? {
        guard !points.isEmpty, points.allSatisfy({ !$0.isInfinity }) else { return points.isEmpty ? [] : nil }
        var products = [points[0].z]
        products.reserveCapacity(points.count)
        for index in 1..<points.count { products.append(P256Prime.multiply(products[index - 1], points[index].z)) }
        var inverse = P256PublicKey.field.invert(products[points.count - 1])  // (z₀·…·zₖ)⁻¹
        var result = [P256AffinePoint](repeating: P256AffinePoint(x: .zero, y: .zero), count: points.count)
        for index in stride(from: points.count - 1, through: 0, by: -1) {
            let zInverse = index == 0 ? inverse : P256Prime.multiply(inverse, products[index - 1])
            inverse = P256Prime.multiply(inverse, points[index].z)  // (z₀·…·zᵢ₋₁)⁻¹
            let zInverseSquared = P256Prime.square(zInverse)
            result[index] = P256AffinePoint(
                x: P256Prime.multiply(points[index].x, zInverseSquared),
                y: P256Prime.multiply(points[index].y, P256Prime.multiply(zInverseSquared, zInverse)))
        }
        return result
    }
}
