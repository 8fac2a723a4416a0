// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import AuthJWT

@Suite("U256: the constant-time helpers signing uses")
struct U256Tests {
    /// n from FIPS 186-4 Appendix D.1.2.3.
    static let n = U256(hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")

    @Test("a range mask is all ones exactly for 1 ≤ k < n")
    func rangeMasks() {
        let cases: [(U256, UInt64)] = [
            (.zero, 0), (.one, .max), (Self.n.subtracting(.one).0, .max), (Self.n, 0),
            (Self.n.adding(.one).0, 0), (U256(l0: .max, l1: .max, l2: .max, l3: .max), 0),
            (U256(l0: 0, l1: 0, l2: 0, l3: 0xffff_ffff_0000_0000), .max),
            (U256(l0: .max, l1: .max, l2: .max, l3: 0xfeff_ffff_ffff_ffff), .max),
        ]
        for (value, mask) in cases {
            #expect(value.inRangeMask(below: Self.n) == mask, "\(value.limbs)")
        }
    }

    @Test("U256 from big-endian bytes: 32 bytes as written, fewer zero-extended, more keep the last 32")
    func bigEndianBytes() {
        let bytes: [UInt8] = Array(1...32)
        let value = U256(bigEndian: bytes)
        #expect(value.l3 == 0x0102_0304_0506_0708 && value.l2 == 0x090a_0b0c_0d0e_0f10)
        #expect(value.l1 == 0x1112_1314_1516_1718 && value.l0 == 0x191a_1b1c_1d1e_1f20)
        #expect(U256(bigEndian: [0xab, 0xcd]) == U256(l0: 0xabcd, l1: 0, l2: 0, l3: 0))
        #expect(U256(bigEndian: [0xee] + bytes) == value)
        #expect(U256(bigEndian: [UInt8]()) == .zero)
    }

    @Test("word(_:) is 1 for true and 0 for false; carries and borrows come out of adding and subtracting")
    func wordsAndCarries() {
        #expect(word(true) == 1 && word(false) == 0)
        let max = U256(l0: .max, l1: .max, l2: .max, l3: .max)
        #expect(max.adding(.one) == (.zero, true))
        #expect(U256.zero.subtracting(.one) == (max, true))
        #expect(U256(l0: .max, l1: 0, l2: .max, l3: 0).adding(.one) == (U256(l0: 0, l1: 1, l2: .max, l3: 0), false))
        #expect(U256(l0: 0, l1: 0, l2: 0, l3: 1).subtracting(.one) == (U256(l0: .max, l1: .max, l2: .max, l3: 0), false))
        #expect(Self.n.isLess(than: Self.n.adding(.one).0) && !Self.n.isLess(than: Self.n) && !Self.n.adding(.one).0.isLess(than: Self.n))
    }
}
