// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT
import Testing

@Suite("AuthJWTError: time errors read as UTC dates with the skew and a clock hint")
struct AuthJWTErrorTests {
    // Expected dates computed independently with Python:
    // datetime(1970, 1, 1, tzinfo=timezone.utc) + timedelta(seconds=s), formatted %Y-%m-%dT%H:%M:%SZ.
    static let exp = NumericDate(secondsSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z
    static let tenMinutesLater = NumericDate(secondsSince1970: 1_800_000_600)  // 2027-01-15T08:10:00Z

    @Test("an expired token shows exp and the current time in ISO 8601 UTC, the skew, the leeway and a clock hint")
    func expired() {
        let error = AuthJWTError.expired(expiration: Self.exp, now: Self.tenMinutesLater, leewaySeconds: 60)
        let text = error.description
        #expect(text.hasPrefix("AuthJWTError 5026: "))
        #expect(text.contains("2027-01-15T08:00:00Z (1800000000)"))
        #expect(text.contains("2027-01-15T08:10:00Z"))
        #expect(text.contains("600 s (10 min)"))
        #expect(text.contains("leeway of 60 s"))
        #expect(text.contains("check the device clock"))
    }

    @Test("nbf, a future iat, an old iat and an old auth_time show their dates, the skew and the clock hint")
    func otherTimeChecks() {
        let cases: [(AuthJWTError, [String])] = [
            (
                .notYetValid(notBefore: Self.tenMinutesLater, now: Self.exp, leewaySeconds: 30),
                ["claim 'nbf' is 2027-01-15T08:10:00Z", "600 s (10 min) after the current time, 2027-01-15T08:00:00Z", "leeway of 30 s"]
            ),
            (
                .issuedInFuture(issuedAt: NumericDate(secondsSince1970: 1_800_007_200), now: Self.exp, leewaySeconds: 0),
                ["claim 'iat' is 2027-01-15T10:00:00Z", "7200 s (2 h) after the current time"]
            ),
            (
                .issuedTooLongAgo(issuedAt: Self.exp, now: NumericDate(secondsSince1970: 1_800_259_200), maximumAgeSeconds: 3600),
                ["2027-01-15T08:00:00Z", "259200 s (3 days) before the current time, 2027-01-18T08:00:00Z", "maximum age of 3600 s"]
            ),
            (
                .authenticationTooOld(authTime: Self.exp, now: Self.tenMinutesLater, maximumAgeSeconds: 300),
                ["claim 'auth_time' is 2027-01-15T08:00:00Z", "max_age 300 s", "sign in again"]
            ),
        ]
        for (error, parts) in cases {
            for part in parts { #expect(error.description.contains(part), "\(error) lacks \(part)") }
            #expect(error.description.contains("device clock"), "\(error)")
        }
    }

    @Test("dates across the calendar: the epoch, before it, a leap day, the year 9999, year 1 and beyond 9999")
    func calendar() {
        let cases: [(Int64, String)] = [
            (0, "1970-01-01T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"), (951_782_400, "2000-02-29T00:00:00Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"), (-62_135_596_800, "0001-01-01T00:00:00Z"),
            // 2000-01-01 (946684800) ± whole 400-year cycles of 12622780800 s: year 0 and year 10000.
            (-62_167_219_200, "0000-01-01T00:00:00Z"), (-62_167_219_201, "-0001-12-31T23:59:59Z"),
            (253_402_300_800, "+10000-01-01T00:00:00Z"),
        ]
        for (seconds, expected) in cases {
            let date = NumericDate(secondsSince1970: seconds)
            let error = AuthJWTError.expired(expiration: date, now: date, leewaySeconds: 0)
            #expect(error.description.contains("'exp' is \(expected) (\(seconds))"), "\(error)")
        }
    }

    @Test("a fraction of a second is kept, and the extreme NumericDates format without trapping")
    func fractionsAndExtremes() throws {
        let half = try #require(NumericDate(secondsSince1970: 1_800_000_000, nanoseconds: 500_000_000))
        #expect(AuthJWTError.expired(expiration: half, now: half, leewaySeconds: 0).description.contains("2027-01-15T08:00:00.5Z"))
        let lowest = NumericDate(secondsSince1970: .min)
        let highest = NumericDate(secondsSince1970: .max)
        let error = AuthJWTError.expired(expiration: lowest, now: highest, leewaySeconds: 0)
        #expect(error.description.contains("Z (\(Int64.min))"))
        #expect(error.description.contains("\(Int64.max) s"))  // the skew saturates
    }

    @Test("errors compare by case and values, so #expect(throws:) can name the case")
    func equatable() {
        #expect(throws: AuthJWTError.invalidSegmentCount(2)) { _ = try JWT(compact: "a.b") }
        #expect(
            AuthJWTError.expired(expiration: Self.exp, now: Self.exp, leewaySeconds: 0)
                != .expired(expiration: Self.exp, now: Self.tenMinutesLater, leewaySeconds: 0))
    }
}
