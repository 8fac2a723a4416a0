// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

extension ProviderMetadata {
    /// `authorization_details_types_supported` (RFC 9396 §10): the authorization details types the server
    /// takes, or nil when the document does not say (then any type is sent as it is). A member that is not
    /// an array of strings reads as an empty list, which refuses every type.
    ///
    /// ```swift
    /// metadata.authorizationDetailsTypesSupported   // ["payment_initiation", "account_information"]
    /// ```
    public var authorizationDetailsTypesSupported: [String]? {
        get { Self.strings(document["authorization_details_types_supported"]) }
        set { document.replace("authorization_details_types_supported", with: newValue.map { .array($0.map(JSONValue.string)) }) }
    }

    /// Throws ``AuthClientError/invalidAuthorizationDetails(_:)`` when the document lists
    /// `authorization_details_types_supported` (RFC 9396 §10) and a type of `details` is not among them —
    /// the one check behind the authorization request, PAR, the client credentials grant, the code exchange
    /// and the refresh. A provider that lists none takes any type.
    func checkAuthorizationDetailsTypes(_ details: [AuthorizationDetail]) throws(AuthClientError) {
        guard let supported = authorizationDetailsTypesSupported,
            let unknown = details.first(where: { detail in !supported.contains { $0.utf8.elementsEqual(detail.type.utf8) } })
        else { return }
        throw .invalidAuthorizationDetails(
            "the provider does not list the type '\(unknown.type)' in authorization_details_types_supported (RFC 9396 §10)")
    }
}
