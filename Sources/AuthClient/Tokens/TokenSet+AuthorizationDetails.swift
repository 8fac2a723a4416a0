// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCredentials
import AuthJSON

extension TokenSet {
    /// The `authorization_details` granted with the access token (RFC 9396 §7), as the provider sent them;
    /// empty when no token response named any. Kept in the store with the tokens.
    ///
    /// ```swift
    /// let tokens = try await user.validTokens()
    /// if tokens.authorizationDetails(ofType: "payment_initiation").isEmpty { /* not granted: ask again */ }
    /// ```
    ///
    /// What the provider named at the code exchange, the refresh or the client credentials grant — never
    /// what the client asked for: it may be less, enriched (§7.1), or another type. A refresh answer without
    /// them keeps the previous ones (as RFC 6749 §6 keeps `scope`); one that names them replaces them.
    /// Checked when they arrived: an array of objects with a non-empty string `type` (§2).
    public var authorizationDetails: [AuthorizationDetail] {
        (grantedAuthorizationDetails ?? []).compactMap { try? AuthorizationDetail(json: .object($0)) }
    }

    /// The granted entries of `type` (compared as exact UTF-8 bytes).
    public func authorizationDetails(ofType type: String) -> [AuthorizationDetail] {
        authorizationDetails.filter { $0.type.utf8.elementsEqual(type.utf8) }
    }
}
