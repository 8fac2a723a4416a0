// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
import AuthTesting
import Foundation
import Testing

@Suite("JSONNumber from Double")
struct JSONNumberDoubleTests {
    @Test("writes finite doubles that C's strtod reads back exactly, and refuses NaN and infinities")
    func roundTrip() throws {
        var generator = SeededRandomNumberGenerator(seed: 7)
        var values: [Double] = [
            0, 1, -1, 4.4, 0.1, 1e-5, 5e20, 123_456.789, 9_007_199_254_740_992, 9_007_199_254_740_994, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude,
        ]
        for _ in 0..<500 { values.append(Double(bitPattern: generator.next()).isFinite ? Double(bitPattern: generator.next()) : 1) }
        for value in values where value.isFinite {
            let number = try #require(JSONNumber(value), "\(value)")
            #expect(try JSONValue(parsing: number.literal.utf8).numberValue == number, "our grammar: \(number.literal)")
            // glibc's strtod rounds correctly (Foundation's JSONSerialization on Linux does not, so it is not used here).
            #expect(strtod(number.literal, nil) == value, "\(number.literal)")
        }
        #expect(JSONNumber(200.0)?.literal == "200" && JSONNumber(4.4)?.literal == "4.4")
        #expect(JSONNumber(Double.nan) == nil && JSONNumber(Double.infinity) == nil && JSONNumber(-Double.infinity) == nil)
    }
}
