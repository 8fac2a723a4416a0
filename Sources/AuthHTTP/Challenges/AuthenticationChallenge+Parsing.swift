// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension AuthenticationChallenge {
    /// Parses one `WWW-Authenticate` field value into its challenges, in order (RFC 9110 §11.6.1).
    ///
    /// ```swift
    /// let challenges = try AuthenticationChallenge.parse(#"DPoP algs="ES256", Bearer error="invalid_token""#)
    /// challenges.map(\.scheme)   // ["DPoP", "Bearer"]
    /// ```
    ///
    /// - Throws: `AuthHTTPError.invalidChallenge` naming the byte offset when the value cannot be read
    ///   unambiguously: no scheme, an unterminated quoted string, a control character, a parameter repeated
    ///   within a challenge, a parameter after a `token68`, or bytes that are not UTF-8.
    public static func parse(_ fieldValue: String) throws(AuthHTTPError) -> [AuthenticationChallenge] {
        var parser = ChallengeParser(Array(fieldValue.utf8))
        return try parser.parse()
    }

    /// Parses several `WWW-Authenticate` field values (a response may send the field more than once; RFC
    /// 9110 §5.3), in order.
    public static func parse(_ fieldValues: [String]) throws(AuthHTTPError) -> [AuthenticationChallenge] {
        var challenges: [AuthenticationChallenge] = []
        for value in fieldValues { challenges += try parse(value) }
        return challenges
    }
}

extension TransportResponse {
    /// The challenges of every `WWW-Authenticate` field of the response, in order.
    ///
    /// Tolerant by design, as a client deciding what to do next after a 401 must be: a field that cannot be
    /// parsed contributes no challenge rather than hiding the others. Use
    /// `AuthenticationChallenge.parse(_:)` on the field value to see why a field was refused.
    ///
    /// ```swift
    /// if response.status == 401, response.challenges.contains(where: { $0.error == .invalidToken }) { /* refresh */ }
    /// ```
    public var challenges: [AuthenticationChallenge] {
        headerFields.filter { $0.hasName("WWW-Authenticate") }.flatMap { field in
            (try? AuthenticationChallenge.parse(field.value)) ?? []
        }
    }
}
