// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
import AuthJWT
import Testing

@Suite("NumericDate")
struct NumericDateTests {
    static func date(_ literal: String) -> NumericDate? {
        (try? JSONValue(parsing: literal))?.numberValue.flatMap(NumericDate.init)
    }

    @Test("reads integers, fractions and exponents exactly, without floating point")
    func exactReading() {
        #expect(Self.date("1300819380") == NumericDate(secondsSince1970: 1_300_819_380))
        #expect(Self.date("1300819380.5") == NumericDate(secondsSince1970: 1_300_819_380, nanoseconds: 500_000_000))
        #expect(Self.date("1.3008193805e9") == NumericDate(secondsSince1970: 1_300_819_380, nanoseconds: 500_000_000))
        #expect(Self.date("13008193805E-1") == NumericDate(secondsSince1970: 1_300_819_380, nanoseconds: 500_000_000))
        #expect(Self.date("0.000000001") == NumericDate(secondsSince1970: 0, nanoseconds: 1))
        #expect(Self.date("1.0000000019") == NumericDate(secondsSince1970: 1, nanoseconds: 1))  // beyond ns: dropped
        #expect(Self.date("-1.25") == NumericDate(secondsSince1970: -2, nanoseconds: 750_000_000))
        #expect(Self.date("0e999999") == NumericDate(secondsSince1970: 0))
        #expect(Self.date("9223372036854775807") == NumericDate(secondsSince1970: Int64.max))
    }

    @Test("refuses values outside ±2^63 seconds rather than wrapping")
    func range() {
        #expect(Self.date("9223372036854775808") == nil)
        #expect(Self.date("1e19") == nil)
        #expect(Self.date("1e400") == nil)
    }

    @Test("orders, moves by seconds without overflowing, and prints as seconds")
    func arithmetic() throws {
        let a = NumericDate(secondsSince1970: 100)
        let b = try #require(NumericDate(secondsSince1970: 100, nanoseconds: 1))
        #expect(a < b && a.adding(seconds: 1) > b)
        #expect(NumericDate(secondsSince1970: Int64.max).adding(seconds: 10).secondsSince1970 == Int64.max)
        #expect(NumericDate(secondsSince1970: Int64.min).adding(seconds: -10).secondsSince1970 == Int64.min)
        #expect(b.description == "100.000000001")
        #expect(try #require(Self.date("1300819380.5")).description == "1300819380.5")
        #expect(NumericDate(secondsSince1970: 5, nanoseconds: 1_000_000_000) == nil)
    }

    /// A long literal, parsed with an input limit that admits it.
    static func longDate(_ literal: String) throws -> NumericDate? {
        let value = try JSONValue(parsing: literal, options: .init(maximumInputSize: 4 << 20))
        return NumericDate(try #require(value.numberValue))
    }

    @Test("reads a megabyte-long number in one pass and gets its value right")
    func longNumbers() throws {
        let zeros = String(repeating: "0", count: 1 << 20)
        // 0.000…0001: a value just above zero, whose digits beyond nanoseconds are dropped.
        #expect(try Self.longDate("0." + zeros + "1") == NumericDate(secondsSince1970: 0))
        #expect(try Self.longDate("-0." + zeros + "1") == NumericDate(secondsSince1970: 0))
        #expect(try Self.longDate("7.000000001" + zeros + "9") == NumericDate(secondsSince1970: 7, nanoseconds: 1))
        // 1 followed by 2^20 zeros, shifted back by as many places, is exactly 1.
        #expect(try Self.longDate("1" + zeros + "e-\(1 << 20)") == NumericDate(secondsSince1970: 1))
        #expect(try Self.longDate("0." + zeros + "5e\(1 << 20)") == NumericDate(secondsSince1970: 0, nanoseconds: 500_000_000))
        #expect(try Self.longDate("1" + zeros) == nil)  // 10^(2^20) seconds
        // The path userinfo and ID-token claims take.
        let claims = try JSONValue(parsing: #"{"exp":0."# + zeros + "1}", options: .init(maximumInputSize: 4 << 20))
        #expect(try JWTClaims(try #require(claims.objectValue)).date("exp") == NumericDate(secondsSince1970: 0))
    }

    @Test("shifts the decimal point by huge exponents without writing zeros")
    func hugeExponents() {
        #expect(Self.date("1e-100000000") == NumericDate(secondsSince1970: 0))
        #expect(Self.date("1e-99999999999999999999") == NumericDate(secondsSince1970: 0))
        #expect(Self.date("-1e-100000000") == NumericDate(secondsSince1970: 0))
        #expect(Self.date("123456789e-9") == NumericDate(secondsSince1970: 0, nanoseconds: 123_456_789))
        #expect(Self.date("-123456789e-9") == NumericDate(secondsSince1970: -1, nanoseconds: 876_543_211))
        #expect(Self.date("92233720368547758.07e2") == NumericDate(secondsSince1970: Int64.max))
        #expect(
            Self.date("0.00000000000000000000922337203685477580799e39")
                == NumericDate(secondsSince1970: Int64.max, nanoseconds: 990_000_000))
    }

    @Test("whole seconds until a deadline count a fraction as a second, so a wait of them never ends before it")
    func wholeSecondsUntil() throws {
        let now = try #require(NumericDate(secondsSince1970: 100, nanoseconds: 250_000_000))
        #expect(now.wholeSeconds(until: try #require(NumericDate(secondsSince1970: 100, nanoseconds: 750_000_000))) == 1)
        #expect(now.wholeSeconds(until: try #require(NumericDate(secondsSince1970: 105, nanoseconds: 250_000_000))) == 5)
        #expect(now.wholeSeconds(until: try #require(NumericDate(secondsSince1970: 105, nanoseconds: 500_000_000))) == 6)
        #expect(now.wholeSeconds(until: try #require(NumericDate(secondsSince1970: 105, nanoseconds: 0))) == 5)
        #expect(now.wholeSeconds(until: now) == 0)
        #expect(now.wholeSeconds(until: NumericDate(secondsSince1970: 99)) == 0, "a deadline passed is 0, never negative")
        #expect(NumericDate(secondsSince1970: .min).wholeSeconds(until: NumericDate(secondsSince1970: .max)) == .max)
    }
}
