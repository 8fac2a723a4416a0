// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJWT
public import Foundation

extension Date {
    /// Foundation's `Date` for a JWT `NumericDate` (RFC 7519 §2: seconds since 1970-01-01T00:00:00Z UTC).
    ///
    /// ```swift
    /// let expiry = Date(NumericDate(secondsSince1970: 1_311_281_970))   // 2011-07-21T20:59:30Z
    /// ```
    ///
    /// `Date` holds a `Double`: dates within about ±2^53 seconds keep their whole seconds exactly, and the
    /// fraction to within a microsecond near today.
    public init(_ date: NumericDate) {
        self.init(timeIntervalSince1970: Double(date.secondsSince1970) + Double(date.nanoseconds) / 1_000_000_000)
    }
}

extension NumericDate {
    /// A JWT `NumericDate` for Foundation's `Date`: whole seconds rounded down and the fraction in
    /// nanoseconds (rounded to the nearest); nil for a date that is not finite or beyond ±2^62 seconds.
    ///
    /// ```swift
    /// let now = NumericDate(Date())
    /// let clock = WallClock { NumericDate(Date()) ?? NumericDate(secondsSince1970: 0) }
    /// ```
    public init?(_ date: Date) {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, abs(interval) < 0x1p62 else { return nil }
        var seconds = interval.rounded(.down)
        var nanoseconds = ((interval - seconds) * 1_000_000_000).rounded()
        if nanoseconds >= 1_000_000_000 {
            seconds += 1
            nanoseconds -= 1_000_000_000
        }
        self.init(secondsSince1970: Int64(seconds), nanoseconds: Int32(nanoseconds))
    }
}
