// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// One rule of a ``FAPI2Profile`` that a configuration, a provider or a login breaks, each with a stable
/// code (10551–10570, the code of the ``AuthClientError/fapi2Violation(_:)`` that carries it).
///
/// ```swift
/// do {
///     _ = try AuthClient(configuration: configuration, metadata: metadata, transport: transport)
/// } catch .fapi2Violation(.clientAuthenticationNotAllowed(let method)) {
///     print("FAPI 2.0 needs private_key_jwt, not \(method)")
/// }
/// ```
public enum FAPI2Violation: Hashable, Sendable {
    /// What a signature algorithm is used for.
    public enum AlgorithmUse: String, Hashable, Sendable {
        /// The ID tokens (and JARM responses) the client accepts: ``ClientConfiguration/allowedAlgorithms``.
        case idToken = "ID token"
        /// The client's request objects (RFC 9101).
        case requestObject = "request object"
        /// The client's `private_key_jwt` assertions (RFC 7523).
        case clientAssertion = "client assertion"
        /// A signed userinfo answer (``ClientConfiguration/userInfoSignedResponseAlgorithm``).
        case userInfo = "userinfo"
    }

    /// The provider has no `pushed_authorization_request_endpoint` (Security Profile §5.3.3.2: the client
    /// shall use PAR).
    case pushedAuthorizationEndpointMissing
    /// A login's options say `pushedAuthorization: .never` (§5.3.3.2).
    case pushedAuthorizationDeclined
    /// The provider does not say `authorization_response_iss_parameter_supported: true` (§5.3.3.2, RFC 9207
    /// §3): without it the response's `iss` could not be required.
    case issuerParameterNotSupported
    /// The configuration does not use DPoP-bound tokens (`usesDPoP` and `requiresDPoPBoundTokens`;
    /// §5.3.3.1: sender-constrained access tokens; mTLS is not available in this client).
    case senderConstrainedTokensRequired
    /// The client authenticates with another method than `private_key_jwt` (§5.3.3.1; mTLS is not
    /// available in this client).
    case clientAuthenticationNotAllowed(method: String)
    /// The `private_key_jwt` assertion's `aud` is the token endpoint, not the issuer (§5.3.3.1).
    case clientAssertionAudienceNotIssuer
    /// An algorithm outside PS256, ES256 and EdDSA (§5.4.1) is accepted or used.
    case algorithmNotAllowed(use: AlgorithmUse, algorithm: String)
    /// The request objects would be valid longer than 60 minutes, `exp` − `nbf` (Message Signing).
    case requestObjectLifetimeTooLong(seconds: Int64)
    /// Message Signing, and a login's options say `requestObject: .never`.
    case requestObjectDeclined
    /// Message Signing, and a login's options ask for a response mode that is not a JWT one (JARM).
    case responseModeNotJWT(String)
    /// Message Signing, and the provider's `response_modes_supported` lists no JWT mode.
    case jwtResponseModeNotSupported(advertised: [String])

    /// The stable code, 10551 and up.
    public var code: Int {
        switch self {
        case .pushedAuthorizationEndpointMissing: 10551
        case .pushedAuthorizationDeclined: 10552
        case .issuerParameterNotSupported: 10553
        case .senderConstrainedTokensRequired: 10554
        case .clientAuthenticationNotAllowed: 10555
        case .clientAssertionAudienceNotIssuer: 10556
        case .algorithmNotAllowed: 10557
        case .requestObjectLifetimeTooLong: 10558
        case .requestObjectDeclined: 10559
        case .responseModeNotJWT: 10560
        case .jwtResponseModeNotSupported: 10561
        }
    }
}

extension FAPI2Violation: CustomStringConvertible {
    /// The rule, the section, and what to change.
    public var description: String {
        switch self {
        case .pushedAuthorizationEndpointMissing:
            "the provider has no pushed_authorization_request_endpoint, and FAPI 2.0 clients shall use PAR (Security Profile §5.3.3.2, RFC 9126)"
        case .pushedAuthorizationDeclined:
            "the login's options say pushedAuthorization: .never, and FAPI 2.0 clients shall use PAR (Security Profile §5.3.3.2)"
        case .issuerParameterNotSupported:
            "the provider does not say authorization_response_iss_parameter_supported: true, and FAPI 2.0 clients shall check iss in "
                + "the authorization response (Security Profile §5.3.3.2, RFC 9207)"
        case .senderConstrainedTokensRequired:
            "FAPI 2.0 needs sender-constrained tokens: set usesDPoP and requiresDPoPBoundTokens (Security Profile §5.3.3.1; "
                + "mTLS is not available in this client)"
        case .clientAuthenticationNotAllowed(let method):
            "FAPI 2.0 clients authenticate with private_key_jwt, not \(method) (Security Profile §5.3.3.1; mTLS is not available in this client)"
        case .clientAssertionAudienceNotIssuer:
            "the private_key_jwt assertion's aud must be the issuer (audience: .issuer), not the token endpoint (Security Profile §5.3.3.1)"
        case .algorithmNotAllowed(let use, let algorithm):
            "\(algorithm) is not allowed for the \(use.rawValue) under FAPI 2.0: only PS256, ES256 and EdDSA (Security Profile §5.4.1)"
        case .requestObjectLifetimeTooLong(let seconds):
            "request objects would be valid \(seconds) s (exp - nbf); FAPI 2.0 Message Signing allows at most 3600"
        case .requestObjectDeclined:
            "the login's options say requestObject: .never, and FAPI 2.0 Message Signing signs every request (JAR, RFC 9101)"
        case .responseModeNotJWT(let mode):
            "the login asks for response_mode \(mode), and FAPI 2.0 Message Signing needs a JWT response mode (JARM)"
        case .jwtResponseModeNotSupported(let advertised):
            "the provider's response_modes_supported is [\(advertised.joined(separator: ", "))], without a JWT mode, which FAPI 2.0 "
                + "Message Signing needs (JARM)"
        }
    }
}
