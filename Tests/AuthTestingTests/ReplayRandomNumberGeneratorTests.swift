// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthTesting
import Testing

@Suite("ReplayRandomNumberGenerator")
struct ReplayRandomNumberGeneratorTests {
    @Test("hands out its octets eight at a time, least significant first")
    func packing() {
        var generator = ReplayRandomNumberGenerator(octets: Array(1...12))
        #expect(generator.next() == 0x0807_0605_0403_0201)
        #expect(generator.remainingOctetCount == 4)
        #expect(generator.next() == 0x0c0b_0a09)
        #expect(generator.remainingOctetCount == 0)
    }
}
