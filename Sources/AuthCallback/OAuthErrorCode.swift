// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An OAuth `error` code, an open set (RFC 6749 §4.1.2.1, §5.2, §11.4; OpenID Connect Core §3.1.2.6).
///
/// ```swift
/// if response.error == .accessDenied { /* the user said no */ }
/// OAuthErrorCode(rawValue: "slow_down")   // codes not listed here are kept as sent
/// ```
public struct OAuthErrorCode: RawRepresentable, Hashable, Sendable {
    /// The code exactly as the server sent it.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    // RFC 6749 §4.1.2.1
    public static let invalidRequest = OAuthErrorCode(rawValue: "invalid_request")
    public static let unauthorizedClient = OAuthErrorCode(rawValue: "unauthorized_client")
    public static let accessDenied = OAuthErrorCode(rawValue: "access_denied")
    public static let unsupportedResponseType = OAuthErrorCode(rawValue: "unsupported_response_type")
    public static let invalidScope = OAuthErrorCode(rawValue: "invalid_scope")
    public static let serverError = OAuthErrorCode(rawValue: "server_error")
    public static let temporarilyUnavailable = OAuthErrorCode(rawValue: "temporarily_unavailable")
    // RFC 6749 §5.2 (token endpoint; invalid_request, unauthorized_client and invalid_scope as above)
    public static let invalidClient = OAuthErrorCode(rawValue: "invalid_client")
    public static let invalidGrant = OAuthErrorCode(rawValue: "invalid_grant")
    public static let unsupportedGrantType = OAuthErrorCode(rawValue: "unsupported_grant_type")
    // OpenID Connect Core §3.1.2.6
    public static let interactionRequired = OAuthErrorCode(rawValue: "interaction_required")
    public static let loginRequired = OAuthErrorCode(rawValue: "login_required")
    public static let accountSelectionRequired = OAuthErrorCode(rawValue: "account_selection_required")
    public static let consentRequired = OAuthErrorCode(rawValue: "consent_required")
    public static let invalidRequestURI = OAuthErrorCode(rawValue: "invalid_request_uri")
    public static let invalidRequestObject = OAuthErrorCode(rawValue: "invalid_request_object")
    public static let requestNotSupported = OAuthErrorCode(rawValue: "request_not_supported")
    public static let requestURINotSupported = OAuthErrorCode(rawValue: "request_uri_not_supported")
    public static let registrationNotSupported = OAuthErrorCode(rawValue: "registration_not_supported")
    // RFC 8628 §3.5 (device access token response; access_denied as above)
    public static let authorizationPending = OAuthErrorCode(rawValue: "authorization_pending")
    public static let slowDown = OAuthErrorCode(rawValue: "slow_down")
    public static let expiredToken = OAuthErrorCode(rawValue: "expired_token")
    // RFC 8707 §2: a resource the server does not know or will not issue for.
    public static let invalidTarget = OAuthErrorCode(rawValue: "invalid_target")
    // RFC 9396 §5, §6: authorization details of an unknown type, malformed, or beyond what the grant covers.
    public static let invalidAuthorizationDetails = OAuthErrorCode(rawValue: "invalid_authorization_details")

    /// Every code RFC 6749 §4.1.2.1 and OIDC Core §3.1.2.6 define for the authorization response.
    public static let registered: [OAuthErrorCode] = [
        .invalidRequest, .unauthorizedClient, .accessDenied, .unsupportedResponseType, .invalidScope, .serverError,
        .temporarilyUnavailable, .interactionRequired, .loginRequired, .accountSelectionRequired, .consentRequired,
        .invalidRequestURI, .invalidRequestObject, .requestNotSupported, .requestURINotSupported, .registrationNotSupported,
    ]

    /// Every code RFC 6749 §5.2 defines for the token endpoint.
    public static let tokenEndpointCodes: [OAuthErrorCode] = [
        .invalidRequest, .invalidClient, .invalidGrant, .unauthorizedClient, .unsupportedGrantType, .invalidScope,
    ]

    public static func == (lhs: OAuthErrorCode, rhs: OAuthErrorCode) -> Bool { ExactText.equal(lhs.rawValue, rhs.rawValue) }
    public func hash(into hasher: inout Hasher) { for byte in rawValue.utf8 { hasher.combine(byte) } }
}

extension OAuthErrorCode: CustomStringConvertible {
    public var description: String { rawValue }
}
