// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT

/// Dates as the login commands print them: ISO 8601 / RFC 3339 in UTC (`2026-11-23T07:40:00Z`), as
/// kubectl's ExecCredential `expirationTimestamp` expects, and as a rough time from now.
enum ISO8601 {
    /// `date` as `YYYY-MM-DDThh:mm:ssZ` (whole seconds, proleptic Gregorian calendar).
    static func string(_ date: NumericDate) -> String {
        let seconds = date.secondsSince1970
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(time / 3600, 2)):\(pad(time % 3600 / 60, 2)):\(pad(time % 60, 2))Z"
    }

    /// `date` relative to `now`: `in 59 min`, `in 1 h`, `in 2 h 5 min`, `expired 3 min ago`.
    static func relative(_ date: NumericDate, now: NumericDate) -> String {
        let difference = date.secondsSince1970 - now.secondsSince1970
        let minutes = abs(difference) / 60
        let amount =
            minutes >= 60
            ? "\(minutes / 60) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min")
            : minutes > 0 ? "\(minutes) min" : "\(abs(difference)) s"
        return difference > 0 ? "in \(amount)" : "expired \(amount) ago"
    }

    /// Howard Hinnant's `civil_from_days`: the date `days` after 1970-01-01.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
