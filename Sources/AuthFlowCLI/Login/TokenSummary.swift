// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials
import AuthJWT

/// What the login commands say about a token set — expiry, scopes, whether it can be refreshed — and
/// never a token.
enum TokenSummary {
    /// `  expires:  2026-11-23T07:40:00Z (in 59 min)` and the scopes and refresh lines.
    static func lines(_ tokens: TokenSet, now: NumericDate, fallbackScopes: [String]) -> String {
        var text =
            "  expires:  " + (tokens.expiresAt.map { "\(ISO8601.string($0)) (\(ISO8601.relative($0, now: now)))" } ?? "unknown") + "\n"
        let scopes = tokens.scopes ?? fallbackScopes
        text += "  scopes:   \(scopes.isEmpty ? "(none)" : ServerText.printable(scopes.joined(separator: " ")))\n"
        text += "  refresh:  " + (tokens.refreshToken == nil ? "no (log in again when the access token expires)" : "yes") + "\n"
        return text
    }

    /// The `exp` of an ID token, read without verifying it (it was verified when it was received).
    static func idTokenExpiry(_ compact: String) -> NumericDate? {
        guard let jwt = try? JWT(compact: compact) else { return nil }
        return try? jwt.claims.expiration
    }
}
