import AuthDigest

/// An RSA private key prepared once for fast RSASSA-PKCS1-v1_5 signing with SHA-256, for test doubles only
/// (AuthTesting's fake provider keeps one per key, so each ID token costs two half-size exponentiations).
///
/// Signing uses the Chinese Remainder Theorem (RFC 8017 §5.1.2, second representation): s₁ = m^dP mod p,
/// s₂ = m^dQ mod q, h = qInv·(s₁ − s₂) mod p, s = s₂ + q·h, with both primes' Montgomery contexts (R² mod p,
/// R² mod q) computed here once, and sliding-window exponentiation (dedicated squarings; the 16-limb
/// primes of a 2048-bit key unrolled). Not constant time (the windows follow the exponent's bits); it trusts
/// the key (p·q = n, matching exponents): use it with test keys only. The result equals s = m^d mod n, which
/// the byte-for-byte pyca/cryptography vectors in AuthTestingTests check.
package struct TestRSASigningKey: Sendable {
    let modulusLength: Int
    let p: MontgomeryModulus
    let q: MontgomeryModulus
    let dP: [UInt8]
    let dQ: [UInt8]
    /// qInv·R mod p, so that one Montgomery multiplication by it multiplies by qInv.
    let qInverseMontgomery: [UInt64]

    /// Prepares the key from big-endian n, p, q, dP = d mod (p−1), dQ = d mod (q−1), qInv = q⁻¹ mod p. Nil
    /// unless p and q are odd, the same number of 64-bit limbs, together as long as n, and n is long
    /// enough for the SHA-256 encoding.
    package init?(modulus: [UInt8], p: [UInt8], q: [UInt8], dP: [UInt8], dQ: [UInt8], qInverse: [UInt8]) {
        let modulus = Array(modulus.drop { $0 == 0 })
        guard modulus.count >= 62, let pContext = MontgomeryModulus(bigEndian: Array(p.drop { $0 == 0 })),
            let qContext = MontgomeryModulus(bigEndian: Array(q.drop { $0 == 0 })),
            pContext.limbCount == qContext.limbCount, 2 * pContext.limbCount == (modulus.count + 7) / 8
        else { return nil }
        let qInverseLimbs = MontgomeryModulus.limbs(bigEndian: Array(qInverse.drop { $0 == 0 }), count: pContext.limbCount)
        guard MontgomeryModulus.isLess(qInverseLimbs, pContext.modulus) else { return nil }
        modulusLength = modulus.count
        self.p = pContext
        self.q = qContext
        self.dP = dP
        self.dQ = dQ
        qInverseMontgomery = pContext.multiply(qInverseLimbs, pContext.rSquared)
    }

    /// RSASSA-PKCS1-v1_5-SIGN with SHA-256 (RFC 8017 §8.2.1) of `message`.
    package func signature(of message: [UInt8]) -> [UInt8] {
        let k = p.limbCount
        let encoded = RSAPublicKey.expectedEncoding(SHA256.hash(data: message), length: modulusLength)
        let m = MontgomeryModulus.limbs(bigEndian: encoded, count: 2 * k)
        let s1 = p.windowedPower(Self.reduce(m, by: p), exponent: dP)
        let s2 = q.windowedPower(Self.reduce(m, by: q), exponent: dQ)
        // h = qInv·(s₁ − s₂ mod p) mod p; s₂ < q < 2p, so one subtraction brings it below p.
        var s2ModP = s2
        if !MontgomeryModulus.isLess(s2ModP, p.modulus) { _ = Self.subtract(&s2ModP, p.modulus) }
        var difference = s1
        if Self.subtract(&difference, s2ModP) { _ = Self.add(&difference, p.modulus) }
        let h = p.multiply(difference, qInverseMontgomery)
        // s = s₂ + q·h < n.
        var s = Self.product(q.modulus, h)
        var carry: UInt64 = 0
        for index in 0..<(2 * k) {
            let (sum1, overflow1) = s[index].addingReportingOverflow(index < k ? s2[index] : 0)
            let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
            s[index] = sum2
            carry = (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
        }
        return MontgomeryModulus.bigEndianBytes(s, byteCount: modulusLength)
    }

    /// x mod m for x of 2k limbs and m of k limbs with its top bit set: x = hi·R + lo, hi·R ≡ mont(hi, R²);
    /// both parts are below R < 2m, so the sum is below 3m and two subtractions at most finish it.
    static func reduce(_ x: [UInt64], by context: MontgomeryModulus) -> [UInt64] {
        let k = context.limbCount
        let high = context.multiply(Array(x[k..<(2 * k)]), context.rSquared)
        var value = Array(x[0..<k])
        var carry = add(&value, high)
        while carry || !MontgomeryModulus.isLess(value, context.modulus) {
            if subtract(&value, context.modulus) { carry = false }
        }
        return value
    }

    /// a += b over a's limbs; returns the carry out.
    @discardableResult
    static func add(_ a: inout [UInt64], _ b: [UInt64]) -> Bool {
        var carry = false
        for index in a.indices {
            let (sum1, overflow1) = a[index].addingReportingOverflow(b[index])
            let (sum2, overflow2) = sum1.addingReportingOverflow(carry ? 1 : 0)
            a[index] = sum2
            carry = overflow1 || overflow2
        }
        return carry
    }

    /// a −= b over a's limbs; returns the borrow out.
    static func subtract(_ a: inout [UInt64], _ b: [UInt64]) -> Bool {
        var borrow = false
        for index in a.indices {
            let (difference1, borrow1) = a[index].subtractingReportingOverflow(b[index])
            let (difference2, borrow2) = difference1.subtractingReportingOverflow(borrow ? 1 : 0)
            a[index] = difference2
            borrow = borrow1 || borrow2
        }
        return borrow
    }

    /// The full 2k-limb product a·b (schoolbook).
    static func product(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: a.count + b.count)
        for i in a.indices {
            var carry: UInt64 = 0
            for j in b.indices {
                let (high, low) = a[i].multipliedFullWidth(by: b[j])
                let (sum1, overflow1) = low.addingReportingOverflow(result[i + j])
                let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
                result[i + j] = sum2
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            result[i + b.count] = carry
        }
        return result
    }
}

extension MontgomeryModulus {
    /// base^exponent mod n for base < n, with a sliding window (Menezes, van Oorschot and Vanstone, Handbook
    /// of Applied Cryptography, algorithm 14.85): the odd powers base^1, base^3, …, base^(2^w − 1) precomputed,
    /// then one squaring per exponent bit and one multiplication per window, each window at most w bits and
    /// ending in a set bit. w = 6 for a 1024-bit exponent: 31 + ~146 multiplications besides the 1023
    /// squarings (a fixed 4-bit window needs 14 + ~240). All in one working buffer.
    func windowedPower(_ base: [UInt64], exponent: [UInt8]) -> [UInt64] {
        let k = limbCount
        let bitCount = Self.bitCount(exponent)
        let width = bitCount > 671 ? 6 : bitCount > 239 ? 5 : bitCount > 79 ? 4 : bitCount > 23 ? 3 : bitCount > 5 ? 2 : 1
        let tableCount = 1 << (width - 1)
        let storage = UnsafeMutablePointer<UInt64>.allocate(capacity: (tableCount + 5) * k + 1)
        defer { storage.deallocate() }
        storage.initialize(repeating: 0, count: (tableCount + 5) * k + 1)
        let table = storage  // table + j·k holds base^(2j + 1)·R mod n
        let accumulator = storage + tableCount * k
        let one = accumulator + k
        let baseSquared = one + k
        let scratch = baseSquared + k  // k + 1 limbs
        one[0] = 1
        guard bitCount > 0 else {  // base^0 = 1
            return Array(UnsafeBufferPointer(start: one, count: k))
        }
        modulus.withUnsafeBufferPointer { n in
            let n = n.baseAddress!
            rSquared.withUnsafeBufferPointer { rSquared in
                base.withUnsafeBufferPointer { base in
                    multiply(base.baseAddress!, rSquared.baseAddress!, into: table, scratch: scratch, modulus: n)
                }
            }
            if tableCount > 1 {
                square(table, into: baseSquared, scratch: scratch, modulus: n)
                for index in 1..<tableCount {
                    multiply(table + (index - 1) * k, baseSquared, into: table + index * k, scratch: scratch, modulus: n)
                }
            }
            var started = false
            var top = bitCount - 1  // the highest bit not yet consumed
            while top >= 0 {
                guard Self.bit(top, of: exponent) else {
                    square(accumulator, into: accumulator, scratch: scratch, modulus: n)
                    top -= 1
                    continue
                }
                // The window: bits top…low, at most `width` of them, ending in a set bit.
                var low = max(top - width + 1, 0)
                while !Self.bit(low, of: exponent) { low += 1 }
                var value = 0
                for bit in stride(from: top, through: low, by: -1) {
                    value = value << 1 | (Self.bit(bit, of: exponent) ? 1 : 0)
                }
                let entry = table + (value >> 1) * k
                if started {
                    for _ in low...top { square(accumulator, into: accumulator, scratch: scratch, modulus: n) }
                    multiply(accumulator, entry, into: accumulator, scratch: scratch, modulus: n)
                } else {
                    accumulator.update(from: entry, count: k)
                    started = true
                }
                top = low - 1
            }
            multiply(accumulator, one, into: accumulator, scratch: scratch, modulus: n)
        }
        return Array(UnsafeBufferPointer(start: accumulator, count: k))
    }

    /// The number of significant bits of a big-endian number.
    static func bitCount(_ number: [UInt8]) -> Int {
        guard let top = number.firstIndex(where: { $0 != 0 }) else { return 0 }
        return (number.count - top) * 8 - number[top].leadingZeroBitCount
    }

    /// Bit `index` (0 = least significant) of a big-endian number; `index` below 8·count.
    @inline(__always)
    static func bit(_ index: Int, of number: [UInt8]) -> Bool {
        (number[number.count - 1 - (index >> 3)] >> UInt8(index & 7)) & 1 == 1
    }
}
