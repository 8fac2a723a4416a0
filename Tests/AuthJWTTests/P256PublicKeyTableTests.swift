// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import AuthJWT

@Suite("P-256 per-key table: odd multiples of 2^(33j)·Q, and k·Q with 33 doublings")
struct P256PublicKeyTableTests {
    typealias Reference = P256GeneratorTableTests

    /// 2^bits as a scalar (bits < 256).
    static func power(_ bits: Int) -> U256 {
        var value = U256.one
        for _ in 0..<bits { value = value.adding(value).0 }
        return value
    }

    /// Scalars on the rows' edges (a row is 33 NAF digits): 2^(33j) and 2^(33j) − 1 for every row, the
    /// NAF's carry digit 256 (2²⁵⁶ − 1, reduced below n for the ladder), and the edge and random scalars
    /// of the comb's tests.
    static var scalars: [U256] {
        var values = Reference.scalars
        for row in 1..<8 {
            values.append(power(33 * row))
            values.append(power(33 * row).subtracting(.one).0)
        }
        values.append(U256(l0: .max, l1: .max, l2: .max, l3: .max))
        return values
    }

    @Test("the table holds (2m + 1)·2^(33j)·Q: its entries equal the ladder's multiples")
    func entries() throws {
        let key = try #require(Reference.key)
        let table = try #require(P256PublicKeyTable(key.point))
        #expect(table.entries.count == 64)
        for row in 0..<8 {
            for m in 0..<8 {
                var k = Reference.scalar(UInt64(2 * m + 1))
                for _ in 0..<(33 * row) { k = k.adding(k).0 }  // below 15·2²³¹ < n
                let entry = JacobianPoint(table.entries[8 * row + m])
                #expect(Reference.same(Reference.affine(entry), Reference.ladder(k, key.point)), "row \(row), m \(m)")
            }
        }
    }

    @Test("k·Q by the table equals the ladder's k·Q and the NAF's without a table, at infinity for 0 and n")
    func multiples() throws {
        let key = try #require(Reference.key)
        let table = try #require(P256PublicKeyTable(key.point))
        for k in Self.scalars {
            let reduced = k.isLess(than: Reference.n) ? k : k.subtracting(Reference.n).0
            let product = table.multipleVartime(k)
            #expect(Reference.same(Reference.affine(product), Reference.ladder(reduced, key.point)), "\(k)")
            #expect(Reference.same(Reference.affine(product), Reference.affine(key.multipleWithoutTableVartime(k))), "\(k)")
        }
        #expect(table.multipleVartime(Reference.n).isInfinity)
    }

    @Test("copies of a key share one table, built on the key's second use")
    func shared() throws {
        let key = try P256PublicKey(x: Reference.keyX, y: Reference.keyY, keyID: nil)
        let copy = key
        #expect(key.table.table({ P256PublicKeyTable(key.point) }) == nil)
        let second = try #require(copy.table.table({ P256PublicKeyTable(copy.point) }))
        #expect(key.table.table({ P256PublicKeyTable(key.point) }) === second)
    }

    @Test("a key verified once builds no table, and verifies the same without and with one")
    func seenOnce() throws {
        let key = try P256PublicKey(x: Reference.keyX, y: Reference.keyY, keyID: nil)
        for k in Self.scalars.prefix(4) {
            let fresh = try P256PublicKey(x: Reference.keyX, y: Reference.keyY, keyID: nil)
            #expect(Reference.same(Reference.affine(fresh.multipleVartime(k)), Reference.affine(key.multipleWithoutTableVartime(k))))
        }
        #expect(key.table.table({ P256PublicKeyTable(key.point) }) == nil, "the first use builds nothing")
        #expect(key.table.table({ P256PublicKeyTable(key.point) }) != nil, "the second use builds the table")
        #expect(key.table.table({ P256PublicKeyTable(key.point) }) != nil)
    }
}
