// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension MontgomeryModulus {
    /// The core, in the FIPS form (finely integrated product scanning; Koç, Acar and Kaliski, "Analyzing and
    /// Comparing Montgomery Multiplication Algorithms", 1996): result = a·b·R⁻¹ mod n, for a, b < n. Column
    /// i sums every a[j]·b[i − j] and m[j]·n[i − j] (one `mulq`, an add-with-carry pair and a carry count each, no
    /// carry word stored in between); for i < k it picks m[i] = low limb·(−n⁻¹) mod 2^64, which clears the
    /// column's low limb, and from column k on it emits limb i − k of the result, which is below 2n. `result`
    /// may be `a` or `b`: column i ≥ k writes limb i − k after its last read, and later columns read only
    /// limbs above i − k. `scratch` holds at least k limbs (the m[i]).
    ///
    /// At 16 limbs (the primes of a 2048-bit key, the test signer's CRT halves) the 32 columns are written
    /// out, so every inner loop has a constant trip count and is unrolled: no mispredicted loop exits.
    package func multiply(
        _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>,
        scratch m: UnsafeMutablePointer<UInt64>, modulus n: UnsafePointer<UInt64>
    ) {
        var sum = ColumnSum()
        if limbCount == 16 {
            multiplyColumn(0, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(1, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(2, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(3, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(4, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(5, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(6, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(7, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(8, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(9, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(10, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(11, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(12, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(13, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(14, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(15, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(16, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(17, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(18, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(19, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(20, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(21, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(22, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(23, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(24, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(25, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(26, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(27, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(28, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(29, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(30, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            multiplyColumn(31, k: 16, a, b, into: result, scratch: m, modulus: n, sum: &sum)
            reduceOnce(result, carry: sum.low, modulus: n, k: 16)
        } else {
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: limbCount) { reversed in
                reversedModulus.withUnsafeBufferPointer { reversedModulus in
                    multiplyAnyLength(
                        a, b, reversed: reversed.baseAddress!, into: result, scratch: m, modulus: n,
                        reversedModulus: reversedModulus.baseAddress!)
                }
            }
        }
    }

    /// ``multiply(_:_:into:scratch:modulus:)`` for any limb count (RSA moduli of 2048 bits and more: 32, 48,
    /// 64 limbs). b and n are read reversed (b copied into `bReversed`, k limbs), so that column i's products
    /// a[j]·b[i − j] and m[j]·n[i − j] are a[j]·bReversed[k − 1 − i + j]: both factors at one index, counting up
    /// (``ColumnSum/addProducts(_:_:count:)``). In a function of its own, apart from the 16-limb columns.
    @inline(never)
    private func multiplyAnyLength(
        _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, reversed bReversed: UnsafeMutablePointer<UInt64>,
        into result: UnsafeMutablePointer<UInt64>, scratch m: UnsafeMutablePointer<UInt64>, modulus n: UnsafePointer<UInt64>,
        reversedModulus nReversed: UnsafePointer<UInt64>
    ) {
        let k = limbCount
        for index in 0..<k { bReversed[index] = b[k &- 1 &- index] }
        var sum = ColumnSum()
        for i in 0..<(2 &* k) {
            // j runs over max(0, i − k + 1) ... min(i, k − 1) for a·b, and below i (i < k: m[i] is picked after) for m·n.
            let start = i < k ? 0 : i &- k &+ 1
            let offset = k &- 1 &- i &+ start  // y[i − j] = yReversed[offset + j − start]
            sum.addProducts(a + start, bReversed + offset, count: (i < k ? i &+ 1 : k) &- start)
            sum.addProducts(m + start, nReversed + offset, count: (i < k ? i : k) &- start)
            finishColumn(i, k: k, into: result, scratch: m, modulus: n, sum: &sum, lastProduct: (0, 0))
        }
        reduceOnce(result, carry: sum.low, modulus: n, k: k)
    }

    /// a²·R⁻¹ mod n, as ``multiply(_:_:into:scratch:modulus:)`` with b = a, but each product a[j]·a[i − j]
    /// with j < i − j is computed once and the column's sum of them doubled: k(k + 1)/2 products of a instead
    /// of k². `result` may be `a`; `scratch` holds at least k limbs.
    package func square(
        _ a: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>, scratch m: UnsafeMutablePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>
    ) {
        var sum = ColumnSum()
        if limbCount == 16 {
            squareColumn(0, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(1, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(2, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(3, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(4, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(5, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(6, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(7, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(8, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(9, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(10, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(11, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(12, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(13, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(14, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(15, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(16, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(17, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(18, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(19, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(20, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(21, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(22, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(23, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(24, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(25, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(26, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(27, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(28, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(29, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(30, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            squareColumn(31, k: 16, a, into: result, scratch: m, modulus: n, sum: &sum)
            reduceOnce(result, carry: sum.low, modulus: n, k: 16)
        } else {
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: limbCount) { reversed in
                reversedModulus.withUnsafeBufferPointer { reversedModulus in
                    squareAnyLength(
                        a, reversed: reversed.baseAddress!, into: result, scratch: m, modulus: n,
                        reversedModulus: reversedModulus.baseAddress!)
                }
            }
        }
    }

    /// ``square(_:into:scratch:modulus:)`` for any limb count, with a and n read reversed as in
    /// ``multiplyAnyLength(_:_:reversed:into:scratch:modulus:reversedModulus:)`` (a copied into `aReversed`).
    @inline(never)
    private func squareAnyLength(
        _ a: UnsafePointer<UInt64>, reversed aReversed: UnsafeMutablePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>,
        scratch m: UnsafeMutablePointer<UInt64>, modulus n: UnsafePointer<UInt64>, reversedModulus nReversed: UnsafePointer<UInt64>
    ) {
        let k = limbCount
        for index in 0..<k { aReversed[index] = a[k &- 1 &- index] }
        var sum = ColumnSum()
        for i in 0..<(2 &* k) {
            let start = i < k ? 0 : i &- k &+ 1
            let offset = k &- 1 &- i &+ start  // y[i − j] = yReversed[offset + j − start]
            var cross = ColumnSum()
            cross.addProducts(a + start, aReversed + offset, count: ((i &+ 1) &>> 1) &- start)  // j < i − j
            sum.addTwice(cross)
            if i & 1 == 0, i < 2 &* k &- 1 {
                sum.add(a[i &>> 1], a[i &>> 1])
            }
            sum.addProducts(m + start, nReversed + offset, count: (i < k ? i : k) &- start)
            finishColumn(i, k: k, into: result, scratch: m, modulus: n, sum: &sum, lastProduct: (0, 0))
        }
        reduceOnce(result, carry: sum.low, modulus: n, k: k)
    }

    /// Column i of a·b·R⁻¹: adds a[j]·b[i − j] and m[j]·n[i − j] for every j in range, then picks m[i]
    /// (i < k) or emits limb i − k (i ≥ k), and carries the rest into column i + 1.
    @inline(__always)
    private func multiplyColumn(
        _ i: Int, k: Int, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>,
        scratch m: UnsafeMutablePointer<UInt64>, modulus n: UnsafePointer<UInt64>, sum: inout ColumnSum
    ) {
        // j runs over max(0, i − k + 1) ..< min(i, k); a[i]·b[0] and m[i]·n[0] (i < k) come after.
        var j = i < k ? 0 : i &- k &+ 1
        let end = i < k ? i : k
        while j < end {
            sum.add(a[j], b[i &- j])
            sum.add(m[j], n[i &- j])
            j &+= 1
        }
        finishColumn(i, k: k, into: result, scratch: m, modulus: n, sum: &sum, lastProduct: i < k ? (a[i], b[0]) : (0, 0))
    }

    /// Column i of a²·R⁻¹: the cross products a[j]·a[i − j] (j < i − j) summed apart and doubled, the
    /// square a[i/2]² for even i, the m[j]·n[i − j], then as in ``multiplyColumn``.
    @inline(__always)
    private func squareColumn(
        _ i: Int, k: Int, _ a: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>,
        scratch m: UnsafeMutablePointer<UInt64>, modulus n: UnsafePointer<UInt64>, sum: inout ColumnSum
    ) {
        let start = i < k ? 0 : i &- k &+ 1
        var cross = ColumnSum()
        var j = start
        while j &+ j < i {
            cross.add(a[j], a[i &- j])
            j &+= 1
        }
        sum.addTwice(cross)
        if i & 1 == 0, i < 2 &* k &- 1 {
            sum.add(a[i &>> 1], a[i &>> 1])
        }
        j = start
        let end = i < k ? i : k
        while j < end {
            sum.add(m[j], n[i &- j])
            j &+= 1
        }
        finishColumn(i, k: k, into: result, scratch: m, modulus: n, sum: &sum, lastProduct: (0, 0))
    }

    /// Adds `lastProduct`, then for i < k picks m[i] and adds m[i]·n[0] (the low limb becomes zero), for
    /// i ≥ k stores the low limb as limb i − k of the result; then divides the sum by 2^64.
    @inline(__always)
    private func finishColumn(
        _ i: Int, k: Int, into result: UnsafeMutablePointer<UInt64>, scratch m: UnsafeMutablePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, sum: inout ColumnSum, lastProduct: (UInt64, UInt64)
    ) {
        if i < k {
            sum.add(lastProduct.0, lastProduct.1)
            let mi = sum.low &* inverse
            m[i] = mi
            sum.add(mi, n[0])
        } else {
            result[i &- k] = sum.low
        }
        sum.shift()
    }

    /// value −= n if (carry, value) ≥ n, for (carry, value) < 2n: k limbs and a carry limb.
    @inline(__always)
    func reduceOnce(_ value: UnsafeMutablePointer<UInt64>, carry: UInt64, modulus n: UnsafePointer<UInt64>, k: Int) {
        var subtract = carry != 0
        if !subtract {
            subtract = true  // equal counts as ≥
            var index = k &- 1
            while index >= 0 {
                if value[index] != n[index] {
                    subtract = value[index] > n[index]
                    break
                }
                index &-= 1
            }
        }
        guard subtract else { return }
        var borrow: UInt64 = 0
        for index in 0..<k {
            let (difference, borrow1) = value[index].subtractingReportingOverflow(n[index])
            let (final, borrow2) = difference.subtractingReportingOverflow(borrow)
            value[index] = final
            borrow = (borrow1 ? 1 : 0) &+ (borrow2 ? 1 : 0)
        }
    }

    /// A column's running sum, up to 192 bits in three limbs. It holds at most 2k + 1 products below 2^128 and
    /// the previous column's carry, far below 2^192 for any limb count. Carries are taken as the flag's byte
    /// (`word(_:)`), so they compile to `adc`, not to jumps; and no `UInt128` arithmetic, which a debug build
    /// runs as calls (the suites sign and verify RSA many times).
    struct ColumnSum {
        var low: UInt64 = 0
        var middle: UInt64 = 0
        var high: UInt64 = 0

        /// += a·b: one `mulq`, an add-with-carry chain and a carry count.
        @inline(__always)
        mutating func add(_ a: UInt64, _ b: UInt64) {
            let product = a.multipliedFullWidth(by: b)
            let (sum0, carry0) = low.addingReportingOverflow(product.low)
            let (sum1, carry1) = middle.addingReportingOverflow(product.high &+ word(carry0))  // high ≤ 2^64 − 2
            low = sum0
            middle = sum1
            high &+= word(carry1)
        }

        /// += x[t]·y[t] for t in 0..<count. Two products per pass, on this sum and on a second one added at the
        /// end: two independent carry chains, which the optimizer leaves as `mul`, `add`, `adc`, `adc` each (one
        /// sum taking both products had its carries re-associated into `setb`/`movzx` and extra moves).
        @inline(__always)
        mutating func addProducts(_ x: UnsafePointer<UInt64>, _ y: UnsafePointer<UInt64>, count: Int) {
            var other = ColumnSum()
            var t = 0
            while t &+ 1 < count {
                add(x[t], y[t])
                other.add(x[t &+ 1], y[t &+ 1])
                t &+= 2
            }
            if t < count {
                add(x[t], y[t])
            }
            add(other)
        }

        /// += other.
        @inline(__always)
        mutating func add(_ other: ColumnSum) {
            let (sum0, carry0) = low.addingReportingOverflow(other.low)
            let (partial1, carry1) = middle.addingReportingOverflow(other.middle)
            let (sum1, carry2) = partial1.addingReportingOverflow(word(carry0))
            low = sum0
            middle = sum1
            high = high &+ other.high &+ word(carry1) &+ word(carry2)
        }

        /// += 2·other.
        @inline(__always)
        mutating func addTwice(_ other: ColumnSum) {
            let (sum0, carry0) = low.addingReportingOverflow(other.low &<< 1)
            let (partial1, carry1) = middle.addingReportingOverflow(other.middle &<< 1 | other.low &>> 63)
            let (sum1, carry2) = partial1.addingReportingOverflow(word(carry0))
            low = sum0
            middle = sum1
            high = high &+ (other.high &<< 1 | other.middle &>> 63) &+ word(carry1) &+ word(carry2)
        }

        /// Drops the low limb (emitted or zero): the sum divided by 2^64.
        @inline(__always)
        mutating func shift() {
            low = middle
            middle = high
            high = 0
        }
    }
}
