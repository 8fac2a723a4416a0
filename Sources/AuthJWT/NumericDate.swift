// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJSON

/// A JWT NumericDate (RFC 7519 §2): seconds since 1970-01-01T00:00:00Z UTC, ignoring leap seconds,
/// possibly with a fraction.
///
/// Held exactly, as whole seconds and nanoseconds, and read from the claim's JSON literal without
/// floating point, so `exp` comparisons are never off by a rounding error.
///
/// ```swift
/// let expiry = NumericDate(secondsSince1970: 1311281970)
/// let now = NumericDate(secondsSince1970: 1311280970)
/// now < expiry                                   // true
/// now.adding(seconds: 60)                        // 1311281030
/// ```
public struct NumericDate: Hashable, Comparable, Sendable {
    /// Whole seconds since the epoch (rounded down for dates with a fraction).
    public let secondsSince1970: Int64
    /// The fraction of a second, 0 ..< 1 000 000 000 nanoseconds. Digits beyond nanoseconds are dropped.
    public let nanoseconds: Int32

    /// A whole-second date.
    public init(secondsSince1970: Int64) {
        self.secondsSince1970 = secondsSince1970
        nanoseconds = 0
    }

    /// A date with a fraction of a second; `nanoseconds` must be in 0 ..< 1 000 000 000.
    public init?(secondsSince1970: Int64, nanoseconds: Int32) {
        guard (0..<1_000_000_000).contains(nanoseconds) else { return nil }
        self.secondsSince1970 = secondsSince1970
        self.nanoseconds = nanoseconds
    }

    /// Reads a JSON number exactly; nil if it is outside ±2^63 seconds.
    ///
    /// Digits beyond nanoseconds are dropped (toward zero), then a negative date is floored: `-1.25` is
    /// second -2 plus 0.75. The work is linear in the literal's length, with no copies of its digits: a
    /// hostile `0.000…0001` of a million digits is one scan (it reads as 0), and an exponent shifts the
    /// decimal point arithmetically instead of writing zeros (`1e-100000000` is 0, `1e400` is nil).
    public init?(_ number: JSONNumber) {
        var literal = number.literal
        guard let (seconds, nanos) = literal.withUTF8({ Self.exactValue($0) }) else { return nil }
        secondsSince1970 = seconds
        nanoseconds = nanos
    }

    /// The value of a literal in the RFC 8259 §6 grammar (`-? int frac? exp?`), in one pass.
    ///
    /// The digits of `int` and `frac` are read as one digit string `D` with the decimal point after
    /// `pointIndex` digits (`int` digits plus the exponent); indices outside `D` are zeros.
    private static func exactValue(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int64, Int32)? {
        func isDigit(_ index: Int) -> Bool { index < bytes.count && bytes[index] &- UInt8(ascii: "0") < 10 }
        var index = 0
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        while isDigit(index) { index += 1 }
        let integerCount = index - integerStart
        var fractionStart = index
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionStart = index
            while isDigit(index) { index += 1 }
        }
        let fractionCount = index - fractionStart
        var exponent = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            let exponentNegative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            while isDigit(index) {
                // Saturates far beyond any shift that leaves a representable date.
                if exponent < 1_000_000_000 { exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        let digitCount = integerCount + fractionCount
        func digit(_ position: Int) -> Int64 {
            guard position >= 0, position < digitCount else { return 0 }
            let byte = position < integerCount ? bytes[integerStart + position] : bytes[fractionStart + position - integerCount]
            return Int64(byte - UInt8(ascii: "0"))
        }
        let pointIndex = integerCount + exponent
        var firstNonZero = 0
        while firstNonZero < digitCount, digit(firstNonZero) == 0 { firstNonZero += 1 }
        guard firstNonZero < digitCount else { return (0, 0) }
        // Whole seconds: the significant digits before the point; more than 19 is past 2^63.
        guard pointIndex - firstNonZero <= 19 else { return nil }
        var whole: Int64 = 0
        for position in firstNonZero..<max(firstNonZero, pointIndex) {
            let (times10, overflow1) = whole.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit(position))
            guard !overflow1, !overflow2 else { return nil }
            whole = sum
        }
        // Nanoseconds: the nine digits after the point.
        var nanos: Int64 = 0
        for position in pointIndex..<(pointIndex + 9) { nanos = nanos * 10 + digit(position) }
        if negative && (whole != 0 || nanos != 0) {
            if nanos > 0 {
                guard whole < Int64.max else { return nil }
                whole += 1
                nanos = 1_000_000_000 - nanos
            }
            whole = -whole
        }
        return (whole, Int32(nanos))
    }

    /// This date moved by `seconds` (negative to go back), saturating at the ends of the range.
    public func adding(seconds: Int64) -> NumericDate {
        let clamped = secondsSince1970.saturatingAdd(seconds)
        return NumericDate(secondsSince1970: clamped, nanoseconds: nanoseconds) ?? NumericDate(secondsSince1970: clamped)
    }

    /// Whole seconds from this date to `deadline`, a fraction counted as a whole second; 0 once it is reached.
    /// A wait of this many seconds never ends before the deadline, so a loop that waits and then checks the
    /// deadline cannot spin through its last fraction of a second.
    package func wholeSeconds(until deadline: NumericDate) -> Int64 {
        guard self < deadline else { return 0 }
        // deadline > self, so the difference is positive; past Int64.max it saturates.
        let (difference, overflow) = deadline.secondsSince1970.subtractingReportingOverflow(secondsSince1970)
        let seconds = overflow ? Int64.max : difference
        return deadline.nanoseconds > nanoseconds ? seconds.saturatingAdd(1) : seconds
    }

    public static func < (lhs: NumericDate, rhs: NumericDate) -> Bool {
        (lhs.secondsSince1970, lhs.nanoseconds) < (rhs.secondsSince1970, rhs.nanoseconds)
    }
}

extension NumericDate: CustomStringConvertible {
    /// The seconds, with the fraction when there is one: `1311281970`, `1300819380.5`.
    public var description: String {
        guard nanoseconds > 0 else { return String(secondsSince1970) }
        var fraction = String(nanoseconds)
        fraction = String(repeating: "0", count: 9 - fraction.utf8.count) + fraction
        while fraction.utf8.last == UInt8(ascii: "0") { fraction = String(fraction.utf8.dropLast())! }
        return "\(secondsSince1970).\(fraction)"
    }
}
