// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension P256Field {
    /// a⁻¹ mod m for 0 < a < m and a prime modulus, by the binary extended Euclidean algorithm (Knuth,
    /// TAOCP vol. 2, §4.5.2; Menezes et al., Handbook of Applied Cryptography, Algorithm 14.61 with
    /// division by 2 modulo m). Plain values in and out, not Montgomery form. Variable time: the steps
    /// follow a's bits, so a must be public (ECDSA verification's s). Zero, and any a not below m, maps to zero.
    ///
    /// The loop ends for every input, not only because of the range check in front of it: u can become 0
    /// only when a ≡ 0 (mod m) (u = v means gcd(a, m) = u ≠ 1), and then it returns zero at once instead of
    /// halving 0 for ever; with u and v nonzero, every pass strictly shrinks max(u, v). So a missing range
    /// check elsewhere (ECDSA's s < n) cannot turn s = n into an endless loop.
    ///
    /// About 512 cheap shift-and-subtract steps instead of the ~300 multiplications of ``invert(_:)``.
    package func invertVartime(_ a: U256) -> U256 {
        guard !a.isZero, a.isLess(than: modulus) else { return .zero }
        // Invariants: x1·a ≡ u and x2·a ≡ v (mod m); u, v odd or shrinking, gcd(u, v) = gcd(a, m) = 1.
        var u = a
        var v = modulus
        var x1 = U256.one
        var x2 = U256.zero
        while u != .one && v != .one {
            // v never reaches 0 (it only loses a smaller u); u does exactly when a ≡ 0 (mod m): no inverse.
            if u.isZero { return .zero }
            while u.l0 & 1 == 0 {
                u = u.shiftedRightByOne(carry: false)
                x1 = halved(x1)
            }
            while v.l0 & 1 == 0 {
                v = v.shiftedRightByOne(carry: false)
                x2 = halved(x2)
            }
            if u.isLess(than: v) {
                v = v.subtracting(u).0
                x2 = subtract(x2, x1)
            } else {
                u = u.subtracting(v).0
                x1 = subtract(x1, x2)
            }
        }
        return u == .one ? x1 : x2
    }

    /// x / 2 mod m for x < m (m odd): x >> 1 when x is even, (x + m) >> 1 with the sum's carry otherwise.
    private func halved(_ x: U256) -> U256 {
        guard x.l0 & 1 == 1 else { return x.shiftedRightByOne(carry: false) }
        let (sum, carry) = x.adding(modulus)
        return sum.shiftedRightByOne(carry: carry)
    }
}

extension U256 {
    /// self >> 1, with `carry` shifted into the top bit.
    @inline(__always)
    func shiftedRightByOne(carry: Bool) -> U256 {
        U256(
            l0: l0 >> 1 | l1 << 63, l1: l1 >> 1 | l2 << 63, l2: l2 >> 1 | l3 << 63,
            l3: l3 >> 1 | (carry ? 1 << 63 : 0))
    }
}
