// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension OAuthErrorCode {
    // RFC 7591 §3.2.2 (client registration error response)
    /// `invalid_redirect_uri`: a redirect URI is not acceptable to the registration endpoint.
    public static let invalidRedirectURI = OAuthErrorCode(rawValue: "invalid_redirect_uri")
    /// `invalid_client_metadata`: a client metadata field is not acceptable.
    public static let invalidClientMetadata = OAuthErrorCode(rawValue: "invalid_client_metadata")
    /// `invalid_software_statement`: the software statement is not valid.
    public static let invalidSoftwareStatement = OAuthErrorCode(rawValue: "invalid_software_statement")
    /// `unapproved_software_statement`: the software statement is not approved here.
    public static let unapprovedSoftwareStatement = OAuthErrorCode(rawValue: "unapproved_software_statement")
}
