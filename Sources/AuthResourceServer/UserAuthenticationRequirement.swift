// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// How strong and how recent the user's login must be for a request (RFC 9470, step-up authentication).
///
/// ```swift
/// let principal = try await server.authenticate(
///     request, requiring: ["payments:write"], userAuthentication: UserAuthenticationRequirement(acrValues: ["urn:mfa"], maxAge: 300))
/// ```
///
/// Checked against the token's `acr` (one of ``acrValues``, exactly, when the list is not empty) and
/// `auth_time` (no more than ``maxAge`` seconds ago; a token without `auth_time` fails a `maxAge`). A
/// refusal is ``ResourceServerError/insufficientUserAuthentication(acrValues:maxAge:)``: 401 with
/// `error="insufficient_user_authentication"`, `acr_values` and `max_age` (RFC 9470 §3), which a client
/// answers by sending the user to log in again.
public struct UserAuthenticationRequirement: Sendable, Hashable {
    /// Acceptable `acr` values; empty: any.
    public var acrValues: [String]
    /// The oldest acceptable authentication, in seconds before now; nil: any age.
    public var maxAge: Int64?

    public init(acrValues: [String] = [], maxAge: Int64? = nil) {
        self.acrValues = acrValues
        self.maxAge = maxAge
    }
}
