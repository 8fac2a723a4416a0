// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials
import AuthJSON

extension AuthClient {
    /// The `authorization_details` form parameter of a token request (RFC 9396 §6), or none for an empty
    /// list; throws when the provider lists `authorization_details_types_supported` (§10) without a type asked for.
    func authorizationDetailsParameters(_ details: [AuthorizationDetail]) throws(AuthClientError) -> [FormParameter] {
        guard !details.isEmpty else { return [] }
        try metadata.checkAuthorizationDetailsTypes(details)
        return [FormParameter(name: "authorization_details", value: AuthorizationDetail.serialized(details))]
    }

    /// Checks a token response's `authorization_details` (RFC 9396 §7) before its tokens are used:
    /// - present: it must be a JSON array of objects with a string `type`, else
    ///   ``AuthClientError/invalidAuthorizationDetails(_:)`` (what was granted cannot be known);
    /// - absent although the request carried `requested`: refused the same way — §7 requires the answer to
    ///   name what it granted, and a provider that ignores the parameter (RFC 6749 §3.2 lets it) would
    ///   otherwise hand out a token wider than the one asked for, unnoticed;
    /// - a granted type that was not among `requested` (when the request carried any) is accepted — the
    ///   provider decides what it grants (§7, §7.1) — and recorded as granted, with a warning in the log.
    ///   The token set never holds a type the provider did not name.
    func checkGrantedAuthorizationDetails(
        _ response: TokenResponse, requested: [AuthorizationDetail], event: AuthLogRecord.Event
    ) throws(AuthClientError) {
        let granted = try response.authorizationDetails
        let named = response.additionalParameters["authorization_details"].map { !$0.isNull } ?? false
        guard !requested.isEmpty else { return }
        guard named else {
            throw .invalidAuthorizationDetails(
                "the token response does not name the authorization_details it granted, although the request carried them (RFC 9396 §7)")
        }
        let unrequested = granted.filter { detail in !requested.contains { $0.type.utf8.elementsEqual(detail.type.utf8) } }
        if let first = unrequested.first {
            logger.log(
                .warning, event, "the provider granted an authorization_details type that was not asked for; it is kept as granted",
                ["type": .text(first.type), "count": .number(Int64(unrequested.count))])
        }
    }
}
