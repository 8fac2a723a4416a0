// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension NumericDate {
    /// The date as ISO 8601 / RFC 3339 UTC text: `2027-01-15T08:00:00Z`, with the fraction when
    /// there is one (`…:00.5Z`). Years outside 0000–9999 use ISO 8601's expanded form (`+12345-…`, `-0001-…`).
    ///
    /// Written from the proleptic Gregorian calendar (days-from-civil inverted, as in H. Hinnant's
    /// "chrono-Compatible Low-Level Date Algorithms"), without Foundation, so it builds in Embedded Swift.
    /// Every `Int64` second is formatted; nothing overflows.
    ///
    /// ```swift
    /// NumericDate(secondsSince1970: 1_300_819_380).iso8601  // "2011-03-22T18:43:00Z" (RFC 7519 §3.1's exp)
    /// ```
    public var iso8601: String {
        var days = secondsSince1970 / 86_400
        var secondOfDay = secondsSince1970 % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        // Civil date from days since 1970-01-01, in 400-year eras starting on 0000-03-01.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153  // 0 = March
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)

        var text: String
        if year < 0 {
            text = "-" + Self.padded(0 - year, 4)
        } else if year > 9_999 {
            text = "+" + String(year)
        } else {
            text = Self.padded(year, 4)
        }
        text += "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2)
        text +=
            "T" + Self.padded(secondOfDay / 3_600, 2) + ":" + Self.padded(secondOfDay / 60 % 60, 2) + ":"
            + Self.padded(secondOfDay % 60, 2)
        if nanoseconds > 0 {
            var fraction = Self.padded(Int64(nanoseconds), 9)
            while fraction.utf8.last == UInt8(ascii: "0") { fraction = String(fraction.utf8.dropLast())! }
            text += "." + fraction
        }
        return text + "Z"
    }

    /// Whole seconds from `self` to `later` (negative when `later` is earlier), saturating at the `Int64`
    /// bounds; the fractions are ignored.
    func seconds(until later: NumericDate) -> Int64 {
        let (difference, overflow) = later.secondsSince1970.subtractingReportingOverflow(secondsSince1970)
        guard overflow else { return difference }
        return later.secondsSince1970 > secondsSince1970 ? .max : .min
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        let count = digits.utf8.count
        return count >= width ? digits : String(repeating: "0", count: width - count) + digits
    }
}
