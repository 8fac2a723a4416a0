// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import Testing

@Suite("ConstantTime")
struct ConstantTimeTests {
    @Test("is true only for the same bytes in the same order")
    func equality() {
        #expect(ConstantTime.isEqual([1, 2, 3], [1, 2, 3]))
        #expect(ConstantTime.isEqual([UInt8](), [UInt8]()))
        #expect(ConstantTime.isEqual("state".utf8, Array("state".utf8)))
        #expect(!ConstantTime.isEqual([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.isEqual([1, 2, 3], [3, 2, 1]))
    }

    @Test("is false for different lengths, even when one is a prefix of the other or has trailing zeros")
    func lengths() {
        #expect(!ConstantTime.isEqual([1, 2, 3], [1, 2]))
        #expect(!ConstantTime.isEqual([1, 2], [1, 2, 3]))
        #expect(!ConstantTime.isEqual([1, 2], [1, 2, 0]))
        #expect(!ConstantTime.isEqual([UInt8](), [0]))
    }

    @Test("gives the same answers for sequences without contiguous storage as for arrays")
    func nonContiguous() {
        let cases: [([UInt8], [UInt8])] = [([1, 2, 3], [1, 2, 3]), ([1, 2], [1, 2, 0]), ([0], []), ([], []), ([7, 8], [7, 9])]
        for (left, right) in cases {
            let expected = left == right
            #expect(ConstantTime.isEqual(AnySequence(left), AnySequence(right)) == expected)
            #expect(ConstantTime.isEqual(AnySequence(left), right) == expected)
            #expect(ConstantTime.isEqual(left, right) == expected)
        }
    }
}
