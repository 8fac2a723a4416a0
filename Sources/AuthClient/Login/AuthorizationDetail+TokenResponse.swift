// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCredentials
import AuthJSON

extension TokenResponse {
    /// `authorization_details` of the token response (RFC 9396 §7): what the authorization server granted,
    /// which may differ from what was asked; empty when the response has none.
    ///
    /// ```swift
    /// for detail in try response.authorizationDetails where detail.type == "payment_initiation" { … }
    /// ```
    ///
    /// Throws ``AuthClientError/invalidAuthorizationDetails(_:)`` when the member is not an array of objects
    /// with a string `type`.
    public var authorizationDetails: [AuthorizationDetail] {
        get throws(AuthClientError) {
            guard let member = additionalParameters["authorization_details"], !member.isNull else { return [] }
            return try AuthorizationDetail.array(json: member)
        }
    }
}
