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
    public init?(_ number: JSONNumber) {
        let parts = number.decimalParts
        let exponent = parts.exponent ?? 0
        var digits = Array((parts.integerDigits + parts.fractionDigits).utf8).map { Int64($0 - UInt8(ascii: "0")) }
        while digits.first == 0 { digits.removeFirst() }
        let scale = exponent - parts.fractionDigits.utf8.count  // value = digits × 10^scale
        var whole: Int64 = 0
        var fraction: [Int64] = []
        if scale >= 0 {
            guard digits.count + scale <= 19 || digits.isEmpty else { return nil }
            for digit in digits + Array(repeating: 0, count: digits.isEmpty ? 0 : scale) {
                let (times10, overflow1) = whole.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(digit)
                guard !overflow1, !overflow2 else { return nil }
                whole = sum
            }
        } else {
            let fractionCount = -scale
            if fractionCount > 400 { return nil }  // a fraction this long is not a date
            let padded = Array(repeating: Int64(0), count: max(0, fractionCount - digits.count)) + digits
            for digit in padded[..<(padded.count - fractionCount)] {
                let (times10, overflow1) = whole.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(digit)
                guard !overflow1, !overflow2 else { return nil }
                whole = sum
            }
            fraction = Array(padded[(padded.count - fractionCount)...])
        }
        var nanos: Int64 = 0
        for position in 0..<9 {
            nanos = nanos * 10 + (position < fraction.count ? fraction[position] : 0)
        }
        if parts.negative && (whole != 0 || nanos != 0) {
            // Floor: -1.25 is second -2 plus 0.75.
            if nanos > 0 {
                guard whole < Int64.max else { return nil }
                whole += 1
                nanos = 1_000_000_000 - nanos
            }
            whole = -whole
        }
        secondsSince1970 = whole
        nanoseconds = Int32(nanos)
    }

    /// This date moved by `seconds` (negative to go back), saturating at the ends of the range.
    public func adding(seconds: Int64) -> NumericDate {
        let (sum, overflow) = secondsSince1970.addingReportingOverflow(seconds)
        let clamped = overflow ? (seconds > 0 ? Int64.max : Int64.min) : sum
        return NumericDate(secondsSince1970: clamped, nanoseconds: nanoseconds) ?? NumericDate(secondsSince1970: clamped)
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
