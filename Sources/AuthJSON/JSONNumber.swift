// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A JSON number, kept as the literal text it was written with (RFC 8259 §6).
///
/// ```swift
/// let number = try JSONValue(parsing: "1311281970").numberValue!
/// number.int64Value         // 1311281970, exactly
/// number.literal            // "1311281970"
/// JSONNumber(42).literal    // "42"
/// ```
///
/// Keeping the text means nothing is lost to floating point: an integer reads back exactly and a
/// fraction can be interpreted exactly by whoever needs it (AuthJWT reads NumericDates this way).
/// Two numbers are equal when their literals are: `1` and `1.0` are different numbers here.
public struct JSONNumber: Hashable, Sendable {
    /// The number as written, valid by the RFC 8259 grammar: `-? int frac? exp?`.
    public let literal: String

    /// Creates the number for an integer.
    public init(_ value: Int64) {
        literal = String(value)
    }

    /// Creates the number for an integer.
    public init(_ value: Int) {
        literal = String(value)
    }

    #if !hasFeature(Embedded)
        /// Creates the number for a finite `Double`: whole values up to 2^53 as integers (`200`), others in
        /// Swift's shortest round-trip form (`4.4`, `1e-05`); nil for NaN and the infinities, which JSON
        /// cannot write. (Not in Embedded Swift, which has no floating-point printing.)
        public init?(_ value: Double) {
            guard value.isFinite else { return nil }
            if value == value.rounded(), abs(value) <= 9_007_199_254_740_992 {
                literal = String(Int64(value))
            } else {
                literal = value.description
            }
        }
    #endif

    /// Wraps a literal that the parser has already checked against the grammar.
    init(validatedLiteral: String) {
        literal = validatedLiteral
    }

    /// The value, when the literal is an integer (no fraction, no exponent) that fits in `Int64`.
    public var int64Value: Int64? {
        var utf8 = Substring(literal).utf8[...]
        let negative = utf8.first == UInt8(ascii: "-")
        if negative { utf8 = utf8.dropFirst() }
        guard !utf8.isEmpty else { return nil }
        var magnitude: UInt64 = 0
        for byte in utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    /// The parts of the literal: sign, the integer digits, the fraction digits and the exponent, for
    /// exact interpretation (for example as seconds and nanoseconds). The exponent saturates at
    /// ±100,000,000, far beyond any value that fits a machine number.
    public var decimalParts: (negative: Bool, integerDigits: String, fractionDigits: String, exponent: Int?) {
        let bytes = Array(literal.utf8)  // ASCII: the grammar allows nothing else
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        let integerDigits = String(decoding: bytes[integerStart..<index], as: UTF8.self)
        var fractionDigits = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            fractionDigits = String(decoding: bytes[fractionStart..<index], as: UTF8.self)
        }
        var exponent: Int? = nil
        if index < bytes.count {  // e or E
            index += 1
            let exponentNegative = bytes[index] == UInt8(ascii: "-")
            if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            var value = 0
            for byte in bytes[index...] where value <= 100_000_000 {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            exponent = exponentNegative ? -value : value
        }
        return (negative, integerDigits, fractionDigits, exponent)
    }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        lhs.literal.hasSameBytes(as: rhs.literal)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combineExactly(literal)
    }
}

extension JSONNumber: CustomStringConvertible {
    public var description: String { literal }
}
