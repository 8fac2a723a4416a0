// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
public import AuthCredentials
public import AuthJWT
public import AuthSession

/// Why a client operation failed: configuration, discovery, the browser step, the token endpoint, ID-token
/// validation, the network, or a session that has ended.
///
/// Each case has a stable numeric ``code`` (10001 and up) that never changes across releases; the errors
/// of the modules underneath are carried unchanged. Messages never repeat a token, code, verifier or secret.
public enum AuthClientError: Error, Sendable {
    /// The configuration is not usable: the reason names the field.
    case invalidConfiguration(String)
    /// An issuer or endpoint URL is not https (or http on loopback, when that is explicitly allowed).
    case insecureURL(name: String, url: String)
    /// The discovery document is not valid OpenID Provider Metadata (OpenID Connect Discovery 1.0 §3).
    case invalidProviderMetadata(String)
    /// The discovery document's `issuer` is not the issuer it was fetched for (Discovery §4.3).
    case issuerMismatch(expected: String, actual: String)
    /// The request did not get an HTTP response: the kind of failure, the host and the platform's code.
    case transportFailed(TransportFailure)
    /// An endpoint answered with a status or body the client cannot use.
    case unexpectedResponse(endpoint: String, status: Int, reason: String)
    /// The redirect was not a valid authorization response, or carried an OAuth error (RFC 6749 §4.1.2).
    case callback(AuthCallbackError)
    /// The browser step ended without a redirect (cancelled, timed out, …).
    case session(AuthSessionError)
    /// The token endpoint refused the request (RFC 6749 §5.2) or sent a response that is not valid (§5.1).
    case tokenEndpoint(AuthCredentialsError)
    /// The ID token failed validation (OpenID Connect Core §3.1.3.7); the cause names the check.
    case idToken(AuthJWTError)
    /// The provider's JWK Set is not valid (RFC 7517 §5).
    case invalidKeySet(AuthJWTError)
    /// The provider does not have this endpoint (not in discovery, not configured). `"jwks_uri"`: an ID
    /// token signed with the provider's keys had to be validated, and its metadata lists no `jwks_uri` (RFC
    /// 8414 §2 makes it optional; a plain OAuth 2.0 server has none).
    case endpointNotAvailable(String)
    /// The user has logged out (or was logged out after a failed refresh); sign in again.
    case loggedOut
    /// Refreshing the tokens failed and the user was logged out: there was no refresh token, or the provider
    /// refused it (with the OAuth error exactly as sent). Transient failures never end up here.
    case refreshFailed(RefreshFailure)
    /// The credential store could not be read or written.
    case store(AuthCredentialsError)
    /// The userinfo response is not valid (OpenID Connect Core §5.3.2), e.g. its `sub` is another user's.
    case invalidUserInfo(String)
    /// The token response has no `id_token` although `openid` was requested (Core §3.1.3.3).
    case missingIDToken
    /// A test double that was not meant to be used was called; the message says which and where it was made.
    case unimplemented(String)
    /// The ID token that came with refreshed tokens is for another user than the one signed in (OpenID
    /// Connect Core §12.2: its `sub` must be the same). The new tokens are not used; the user stays signed in.
    case refreshedIDTokenForAnotherUser
    /// The user denied the device authorization request (RFC 8628 §3.5 `access_denied`).
    case deviceAuthorizationDenied
    /// The device code expired before the user approved (RFC 8628 §3.5 `expired_token`, or the local deadline
    /// from `expires_in` passed); start again with a new code.
    case deviceCodeExpired
    /// The ID token names a key (`kid`) the cached JWK Set lacks, and fetching the set again failed; the
    /// cached keys were kept. `cause` says what happened (no response, a status, a set that is not valid).
    indirect case keySetRefetchFailed(keyID: String?, cause: AuthClientError)
    /// An HS256 ID token's MAC does not verify with the client secret (Core §10.1), and its header names a
    /// key: the provider may be MACing ID tokens with a key of its own, which the client cannot have.
    case idTokenSecretMismatch(keyID: String)
    /// A `WWW-Authenticate` field value could not be read (RFC 9110 §11.6.1); the reason names the byte.
    case invalidChallenge(String)
    /// The protected resource metadata is not valid (RFC 9728 §2–§3.2): the reason names the member.
    case invalidResourceMetadata(String)
    /// The protected resource metadata's `resource` is not the resource it was fetched for (RFC 9728 §3.3):
    /// a possible impersonation, so it is not used.
    case resourceMismatch(expected: String, actual: String)
    /// No protected resource metadata was found at any of the URLs tried (RFC 9728 §3.1, §5.1).
    case resourceMetadataNotFound(resource: String, tried: [String])
    /// No authorization server metadata was found at any of the URLs tried (RFC 8414 §3.1, OpenID Connect
    /// Discovery §4), in the order the MCP authorization specification gives.
    case authorizationServerMetadataNotFound(issuer: String, tried: [String])
    /// The authorization server does not advertise PKCE with S256 in `code_challenge_methods_supported`
    /// (RFC 8414 §2), which the MCP authorization profile requires; the client refuses to go on.
    case pkceNotAdvertised(issuer: String)
    /// The registration endpoint refused the registration (RFC 7591 §3.2.2), with the status and the OAuth
    /// error as sent (`invalid_redirect_uri`, `invalid_client_metadata`, …).
    case registrationRefused(status: Int, OAuthErrorResponse)
    /// The registration response is not valid (RFC 7591 §3.2.1): the reason names the member.
    case invalidRegistrationResponse(String)
    /// The MCP server's protected resource metadata names authorization servers (RFC 9728 §2
    /// `authorization_servers`) among which is not the issuer the configured client was registered with:
    /// its client id — and above all its secret — are not sent to another issuer, so nothing was requested
    /// from those servers. `authorizationServers` are the servers as the metadata lists them.
    case clientIssuerMismatch(clientIssuer: String, authorizationServers: [String])
    /// The app named a Client ID Metadata Document (MCP 2025-11-25, draft-ietf-oauth-client-id-metadata-document)
    /// and has no client id for this issuer, but the authorization server does not advertise
    /// `client_id_metadata_document_supported` and has no `registration_endpoint` to fall back to (RFC 7591):
    /// no registration approach is left, so nothing was sent.
    case clientIDMetadataDocumentUnsupported(issuer: String)
    /// A Client ID Metadata Document's `client_id` is not the URL it was served at, exactly (the draft's §4.1):
    /// an authorization server refuses such a document, so it was not used.
    case clientMetadataDocumentMismatch(url: String, clientID: String)
    /// A Client ID Metadata Document, or the URL meant to name one, is not valid: the reason names the member
    /// (an https URL with a path, `client_name`, `redirect_uris`, no shared secret).
    case invalidClientMetadataDocument(String)
    /// A Client ID Metadata Document's `jwks` holds a private key (a member such as `d`) or a symmetric `oct` key:
    /// the document is public, and the draft's §4.1 allows it no shared secret. `keyID` is the key's `kid`, if it has
    /// one; the key itself is never in the error. Nothing was written or used.
    case clientMetadataDocumentPrivateKey(keyID: String?)
    /// None of the MCP server's `authorization_servers` (RFC 9728 §2) is one the app accepts
    /// (`MCPAuthorization.Options.authorizationServerPreference`), so nothing was requested from any of them.
    /// `authorizationServers` are the servers as the metadata lists them.
    case noAcceptableAuthorizationServer(authorizationServers: [String])
    /// A scope step-up (MCP 2025-11-25 "Step-Up Authorization Flow") was not attempted, or did not help:
    /// the resource still answered `insufficient_scope` after a re-authorization for `scope`, or asked for
    /// nothing the grant did not already request. One step-up per scope set: the client does not loop.
    case stepUpRefused(scope: [String])
    /// A `SigningKey` could not sign a DPoP proof or client assertion; the reason is the key's error.
    case signingFailed(String)
    /// The token endpoint sent `token_type` DPoP though the request had no DPoP proof (RFC 9449 §5), or a
    /// stored DPoP token has no key: the token cannot be used as sent.
    case unexpectedTokenType(String)
    /// A protected resource refused the request's DPoP proof: a 401 whose `WWW-Authenticate: DPoP` challenge
    /// has `error="invalid_dpop_proof"` (RFC 9449 §7.1, §12.2). A refresh cannot fix a proof and would spend
    /// the refresh token, so none was made. `reason` is the challenge's `error_description` as sent; a stale
    /// `iat` (the device clock is off) and a URL the server sees differently from `htu` are the usual causes.
    case dpopProofRefused(reason: String?)
    /// The token endpoint answered a DPoP request with `tokenType` (as sent, e.g. `Bearer`) rather than a
    /// DPoP-bound token, which RFC 9449 §5 allows, but the configuration requires sender-constrained tokens
    /// (``ClientConfiguration/requiresDPoPBoundTokens``). The tokens were not used or stored: a login saved
    /// nothing, and a refresh left the session as it was.
    case dpopBindingRequired(tokenType: String)
    /// The login asked for a multi-factor method (``LoginOptions`` `expectedAMR`), and the ID token's `amr`
    /// (RFC 8176) names none of the expected values: the user did not complete it. Nothing was saved.
    /// `actual` is the `amr` as sent (empty when absent).
    case missingExpectedMFA(expected: [String], actual: [String])
    /// The ID token's `acr` is not one of the values the login expected (OpenID Connect Core §3.1.3.7 item
    /// 12); `actual` is nil when the token has no `acr`. Nothing was saved.
    case acrNotSatisfied(expected: [String], actual: String?)
    /// A protected resource refused the access token because the user's authentication is not strong or
    /// recent enough (RFC 9470 §3, `insufficient_user_authentication`): log in again with these `acr_values`
    /// and `max_age` (`LoginOptions(stepUp:)` builds the options).
    case stepUpRequired(acrValues: [String], maxAge: Int64?)
    /// A protected resource refused the access token for lack of scope (RFC 6750 §3.1 `insufficient_scope`,
    /// 403): `scope` is what the resource says it needs (empty when it did not say).
    case insufficientScope(scope: [String])
    /// An authorization response arrived, but this client has no login waiting for one (none was started,
    /// or it already completed or was cancelled). Pass a decoded ``PendingLogin`` to complete one from an
    /// earlier launch.
    case noPendingLogin
    /// A decoded ``PendingLogin`` cannot be completed by this client: the reason names what differs
    /// (issuer, client id, redirect URI) or what is not valid in it.
    case invalidPendingLogin(String)
    /// A pushed authorization request (RFC 9126) is required — by the provider's
    /// `require_pushed_authorization_requests` or by the request's options — but cannot be made: the reason
    /// says why (no `pushed_authorization_request_endpoint`, an endpoint that is not https, PAR turned off).
    /// The client never falls back to a plain authorization request then.
    case pushedAuthorizationUnavailable(String)
    /// The pushed authorization request endpoint refused the request (RFC 9126 §2.3) with this OAuth error
    /// and status, e.g. `invalid_request`, `invalid_client`, `invalid_target`.
    case pushedAuthorizationRefused(status: Int, OAuthErrorResponse)
    /// The pushed authorization response is not valid (RFC 9126 §2.2): no `request_uri`, or no positive
    /// `expires_in`.
    case invalidPushedAuthorizationResponse(String)
    /// A resource indicator is not an absolute URI without a fragment (RFC 8707 §2).
    case invalidResource(String)
    /// The token exchange (RFC 8693) issued another type of token than the one requested, or the response is
    /// not valid (§2.2.1: `access_token` and `issued_token_type` are required). Nothing was used.
    case invalidTokenExchangeResponse(String)
    /// A token for `resource` was asked of a user who has no refresh token to get it with (RFC 8707 §2.2).
    case resourceTokenUnavailable(resource: String)
    /// A protected resource fetched with the user's access token answered a status other than 2xx (after the
    /// refresh and retry a 401 gets). `url` is shown without its query; `challenges` are the response's
    /// `WWW-Authenticate` challenges (RFC 6750 §3: `error="invalid_token"`, `"insufficient_scope"`, …).
    case resourceStatus(url: String, status: Int, challenges: [AuthenticationChallenge])
    /// A protected resource's body could not be decoded as the type asked for: the reason names the field
    /// and what was wrong with it, never its value.
    case undecodableResource(url: String, type: String, reason: String)
    /// A Foundation `URLRequest` cannot be sent as a `TransportRequest`: no URL, or a body stream.
    case unsupportedURLRequest(String)

    /// A stable number for the case: 10001 and up.
    /// A request was refused with 401 (or a refresh was asked for) and there is no refresh token to renew
    /// the access token with. Unlike ``refreshFailed(_:)`` nothing was spent or refused: the tokens stay
    /// stored and the user stays signed in (the refusal may be the resource server's own outage), and the
    /// app decides when to run a new login for the same grant (`MCPAuthorization.reauthorize(with:)`, or
    /// ``AuthClient/login(with:options:)``), which replaces them.
    case reauthorizationRequired
    /// The introspection endpoint's answer is not one (RFC 7662 §2.2, RFC 9701 §5): a status other than 200, no
    /// boolean `active`, a signed answer that does not verify. An inactive token is not this error: it is an
    /// answer, `TokenIntrospectionResponse.isActive` false.
    case invalidIntrospectionResponse(String)
    /// A JWT bearer grant's assertion (RFC 7523 §2.1) cannot be made or sent: the reason names what is wrong
    /// (an empty assertion, a subject or audience missing). A refusal by the server is ``tokenEndpoint(_:)``.
    case invalidJWTBearerGrant(String)
    /// A signed request object (RFC 9101) is required — by the provider's `require_signed_request_object`
    /// (§10.5) or by the request's options — but cannot be made: the reason says why (no signing key, a
    /// provider that takes request objects neither by value nor through PAR, a synchronous request builder).
    /// The client never falls back to plain parameters then.
    case requestObjectUnavailable(String)
    /// The client's request-object key signs with `algorithm`, which the provider's
    /// `request_object_signing_alg_values_supported` (`supported`) does not list (RFC 9101 §10.1): there is no
    /// algorithm both accept, so no request object is sent.
    case requestObjectAlgorithmUnsupported(algorithm: String, supported: [String])
    /// A JWT-secured authorization response (JARM, `response_mode=jwt`) was refused before any of its
    /// parameters was read: the reason names the check that failed (no `response` parameter, algorithm,
    /// signature, `iss`, `aud`, `exp`), never the token; `cause` is the JWT check's own error when there is one
    /// (`.issuerMismatch`, `.audienceMismatch`, `.expired`, `.invalidSignature`, …).
    case invalidAuthorizationResponseJWT(reason: String, cause: AuthJWTError?)
    /// The JARM response is encrypted (a JWE, five parts): AuthFlow verifies signed responses only, and
    /// encrypted ones are out of its scope.
    case encryptedAuthorizationResponse
    /// A rule of the configuration's FAPI 2.0 profile is broken (``ClientConfiguration/fapi2Profile``): the
    /// violation names it, with its own code (10551–10570), which is this error's ``code``.
    case fapi2Violation(FAPI2Violation)
    /// The provider offers no backchannel authentication in poll mode (CIBA §4): no
    /// `backchannel_authentication_endpoint`, or `backchannel_token_delivery_modes_supported` without
    /// `poll`, or a `user_code` it says it does not take (`backchannel_user_code_parameter_supported`).
    case backchannelAuthenticationUnavailable(String)
    /// The backchannel authentication request cannot be sent as asked (CIBA §7.1): no `openid` scope, an
    /// empty hint, a `requested_expiry` that is not positive, a parameter the client sets itself. Nothing was sent.
    case invalidBackchannelAuthenticationRequest(String)
    /// The backchannel authentication endpoint refused the request (CIBA §13): its status and the OAuth
    /// error exactly as sent (`unknown_user_id`, `missing_user_code`, `invalid_binding_message`, …).
    case backchannelAuthenticationRefused(status: Int, OAuthErrorResponse)
    /// The backchannel authentication endpoint's 200 answer is not an acknowledgement (CIBA §7.3): the
    /// reason names the member, never the `auth_req_id`.
    case invalidBackchannelAuthenticationResponse(String)
    /// The user denied the backchannel authentication on their authentication device (CIBA §11 `access_denied`).
    case backchannelAuthenticationDenied
    /// The `auth_req_id` expired before the user approved (CIBA §11 `expired_token`, or the local deadline
    /// from `expires_in` passed); start a new request.
    case backchannelAuthenticationExpired
    /// The request asks for a token delivery mode (CIBA §5) the provider does not list in
    /// `backchannel_token_delivery_modes_supported` (§4); nothing was sent.
    case backchannelDeliveryModeUnsupported(mode: String, supported: [String])
    /// A request to the client notification endpoint was refused (CIBA §10.2, §10.3): the rule it broke and
    /// the HTTP status to answer with (``BackchannelNotificationRefusal/status``).
    case backchannelNotificationRefused(BackchannelNotificationRefusal)
    /// Pushed tokens broke one of push mode's rules (CIBA §10.3.1: `at_hash`, the `auth_req_id` claim,
    /// `rt_hash`); nothing was stored.
    case invalidBackchannelPush(BackchannelPushRefusal)
    /// The provider pushed an error other than `access_denied` and `expired_token` for the request (CIBA §12,
    /// e.g. `transaction_failed`), exactly as sent.
    case backchannelAuthenticationFailed(OAuthErrorResponse)
    /// A signed userinfo response (`Content-Type: application/jwt`, OpenID Connect Core §5.3.2) was refused
    /// before any claim was used: the reason names the check (algorithm, signature, `iss`, `aud`), never the
    /// token; `cause` is the JWT check's own error (`.issuerMismatch`, `.audienceMismatch`,
    /// `.invalidSignature`, `.algorithmNotAllowed`, `.unsecuredTokenRejected`, …).
    case invalidSignedUserInfo(reason: String, cause: AuthJWTError?)
    /// The userinfo response is encrypted (a JWE, five parts): AuthFlow verifies signed userinfo only.
    case encryptedUserInfo
    /// The client registered `userinfo_signed_response_alg` (``ClientConfiguration/userInfoSignedResponseAlgorithm``),
    /// and the userinfo endpoint answered plain JSON: an unsigned answer is not accepted in place of a
    /// signed one (OpenID Connect Core §5.3.2).
    case unsignedUserInfo(expectedAlgorithm: String)
    /// The userinfo `sub` is not the signed-in user's — the ID token's `sub` (OpenID Connect Core §5.3.2:
    /// the response must not be used). Signed or not.
    case userInfoSubjectMismatch
    /// An aggregated or distributed claims source (OpenID Connect Core §5.6.2) is signed by `issuer`, which
    /// the ``ClaimSourcePolicy`` does not trust; nothing from it was used (for a distributed source, its
    /// endpoint was not called when the policy trusts no issuer at all).
    case untrustedClaimSource(source: String, issuer: String)
    /// An aggregated or distributed claims source (OpenID Connect Core §5.6.2) could not be used: the reason
    /// names what failed (`_claim_sources` malformed, the endpoint's status, a claim the source lacks, a
    /// signature); `cause` is the JWT check's own error when there is one.
    case invalidClaimSource(source: String, reason: String, cause: AuthJWTError?)
    /// A claims source names `claim`, which the userinfo response already holds itself: the user's own claim
    /// is never overwritten by a source (OpenID Connect Core §5.6.2), so the merge was refused.
    case claimSourceConflict(claim: String)
    /// `authorization_details` (RFC 9396 §2) is not valid: the reason names the entry and what is wrong
    /// (not a JSON array of objects, an entry without a string `type`, a type the provider does not list in
    /// `authorization_details_types_supported`).
    case invalidAuthorizationDetails(String)
    /// A logout token (OpenID Connect Back-Channel Logout 1.0 §2.6) was refused: the refusal names the
    /// rule that failed, with the JWT check's own error where there is one. No session was ended.
    case invalidLogoutToken(LogoutTokenRefusal)
    /// A front-channel logout request (OpenID Connect Front-Channel Logout 1.0 §3) was refused: `iss` or
    /// `sid` is missing or is not this client's issuer or a stored session's. No session was ended.
    case frontChannelLogoutRefused(reason: String)
    /// WebFinger issuer discovery (OpenID Connect Discovery 1.0 §2) failed: the refusal says at which step.
    case webFinger(WebFingerRefusal)
    /// A third-party-initiated login request (OpenID Connect Core §4) was refused: an `iss` the app does not
    /// trust, a `target_link_uri` not on the app's list (an open redirect), or a malformed request.
    case thirdPartyLoginRefused(ThirdPartyLoginRefusal)
    /// A request object cannot be passed by reference (`request_uri`, RFC 9101 §5.2) or sent unsigned: the
    /// reason names what the provider lacks or what is malformed.
    case requestURIUnavailable(String)

    public var code: Int {
        switch self {
        case .invalidConfiguration: 10001
        case .insecureURL: 10002
        case .invalidProviderMetadata: 10003
        case .issuerMismatch: 10004
        case .transportFailed: 10005
        case .unexpectedResponse: 10006
        case .callback: 10007
        case .session: 10008
        case .tokenEndpoint: 10009
        case .idToken: 10010
        case .invalidKeySet: 10011
        case .endpointNotAvailable: 10012
        case .loggedOut: 10013
        case .refreshFailed: 10014
        case .store: 10015
        case .invalidUserInfo: 10016
        case .missingIDToken: 10017
        case .unimplemented: 10018
        case .refreshedIDTokenForAnotherUser: 10019
        case .deviceAuthorizationDenied: 10020
        case .deviceCodeExpired: 10021
        case .keySetRefetchFailed: 10022
        case .idTokenSecretMismatch: 10023
        case .invalidChallenge: 10024
        case .invalidResourceMetadata: 10251
        case .resourceMismatch: 10252
        case .resourceMetadataNotFound: 10253
        case .authorizationServerMetadataNotFound: 10254
        case .pkceNotAdvertised: 10255
        case .registrationRefused: 10256
        case .invalidRegistrationResponse: 10257
        case .clientIssuerMismatch: 10258
        case .clientIDMetadataDocumentUnsupported: 10259
        case .clientMetadataDocumentMismatch: 10260
        case .invalidClientMetadataDocument: 10261
        case .clientMetadataDocumentPrivateKey: 10264
        case .noAcceptableAuthorizationServer: 10262
        case .stepUpRefused: 10263
        case .signingFailed: 10351
        case .unexpectedTokenType: 10352
        case .dpopProofRefused: 10353
        case .dpopBindingRequired: 10354
        case .missingExpectedMFA: 10101
        case .acrNotSatisfied: 10102
        case .stepUpRequired: 10103
        case .insufficientScope: 10104
        case .noPendingLogin: 10105
        case .invalidPendingLogin: 10106
        case .pushedAuthorizationUnavailable: 10201
        case .pushedAuthorizationRefused: 10202
        case .invalidPushedAuthorizationResponse: 10203
        case .invalidResource: 10204
        case .invalidTokenExchangeResponse: 10205
        case .resourceTokenUnavailable: 10206
        case .resourceStatus: 10151
        case .undecodableResource: 10152
        case .unsupportedURLRequest: 10153
        case .reauthorizationRequired: 10401
        case .invalidIntrospectionResponse: 10451
        case .invalidJWTBearerGrant: 10452
        case .requestObjectUnavailable: 10455
        case .requestObjectAlgorithmUnsupported: 10456
        case .invalidAuthorizationResponseJWT: 10457
        case .encryptedAuthorizationResponse: 10458
        case .fapi2Violation(let violation): violation.code
        case .backchannelAuthenticationUnavailable: 10501
        case .invalidBackchannelAuthenticationRequest: 10502
        case .backchannelAuthenticationRefused: 10503
        case .invalidBackchannelAuthenticationResponse: 10504
        case .backchannelAuthenticationDenied: 10505
        case .backchannelAuthenticationExpired: 10506
        case .backchannelDeliveryModeUnsupported: 10507
        case .backchannelNotificationRefused: 10508
        case .invalidBackchannelPush: 10509
        case .backchannelAuthenticationFailed: 10510
        case .invalidSignedUserInfo: 10601
        case .encryptedUserInfo: 10602
        case .unsignedUserInfo: 10603
        case .userInfoSubjectMismatch: 10604
        case .untrustedClaimSource: 10605
        case .invalidClaimSource: 10606
        case .claimSourceConflict: 10607
        case .invalidAuthorizationDetails: 10608
        case .invalidLogoutToken: 10651
        case .frontChannelLogoutRefused: 10652
        case .webFinger: 10653
        case .thirdPartyLoginRefused: 10654
        case .requestURIUnavailable: 10655
        }
    }

    /// The OAuth error code when the server sent one (authorization or token endpoint), exactly as sent —
    /// including an authorization error that came without `state` and so could not be verified (in the
    /// response, or from the loopback listener when its wait ended: `AuthSessionError.unverifiedErrorResponse`).
    public var oauthError: OAuthErrorCode? {
        switch self {
        case .callback(let error): error.oauthErrorResponse?.error
        case .session(.unverifiedErrorResponse(let response)): response.error
        case .tokenEndpoint(.tokenErrorResponse(let response)): response.error
        case .refreshFailed(.refused(let response)): response.error
        case .pushedAuthorizationRefused(_, let response): response.error
        case .registrationRefused(_, let response): response.error
        case .backchannelAuthenticationRefused(_, let response): response.error
        case .backchannelAuthenticationFailed(let response): response.error
        default: nil
        }
    }
}

// Equatable so that tests and callers can match a case with its payload:
// `#expect(throws: AuthClientError.loggedOut)`, `catch let error where error == .session(.canceledLogin)`.
// Every payload is Hashable (the underlying modules' errors, TransportFailure, RefreshFailure).
extension AuthClientError: Hashable {}

extension AuthClientError: CustomStringConvertible {
    /// The code and a readable message, with the underlying error's code and message where there is one.
    public var description: String {
        let message: String =
            switch self {
            case .invalidConfiguration(let reason): "invalid client configuration: \(reason)"
            case .insecureURL(let name, let url):
                "\(name) '\(url)' is not https (OpenID Connect Discovery §3; http is allowed only on loopback with allowsInsecureLoopbackIssuer)"
            case .invalidProviderMetadata(let reason): "invalid provider metadata (OpenID Connect Discovery §3): \(reason)"
            case .issuerMismatch(let expected, let actual):
                "the discovery document is for issuer '\(actual)', not '\(expected)' (OpenID Connect Discovery §4.3)"
            case .transportFailed(let failure): "the HTTP request failed: \(failure)"
            case .unexpectedResponse(let endpoint, let status, let reason): "the \(endpoint) endpoint answered \(status): \(reason)"
            case .callback(let error): "the authorization response was refused: \(error) [\(error.code)]"
            case .session(let error): "the browser step ended without a redirect: \(error) [\(error.code)]"
            case .tokenEndpoint(let error): "\(error) [\(error.code)]"
            case .idToken(let error): "the ID token is not valid (OpenID Connect Core §3.1.3.7): \(error) [\(error.code)]"
            case .invalidKeySet(let error): "the provider's JWK Set is not valid: \(error) [\(error.code)]"
            case .endpointNotAvailable("jwks_uri"):
                "the provider's metadata has no jwks_uri (optional for an OAuth 2.0 server, RFC 8414 §2), so an ID token signed "
                    + "with its keys cannot be validated; for a plain OAuth 2.0 server, leave openid out of the scopes"
            case .endpointNotAvailable(let name): "the provider has no \(name) endpoint"
            case .loggedOut: "the user is logged out; sign in again"
            case .refreshFailed(let failure): "refreshing the tokens failed, so the user was logged out: \(failure)"
            case .store(let error): "the credential store failed: \(error) [\(error.code)]"
            case .invalidUserInfo(let reason): "invalid userinfo response (OpenID Connect Core §5.3.2): \(reason)"
            case .missingIDToken:
                "the token response has no id_token although the openid scope was requested (OpenID Connect Core §3.1.3.3)"
            case .unimplemented(let message): message
            case .refreshedIDTokenForAnotherUser:
                "the ID token returned with the refreshed tokens is for another user (its sub differs; OpenID Connect Core §12.2); the new tokens were not used"
            case .deviceAuthorizationDenied: "the user denied the device login (RFC 8628 §3.5 access_denied)"
            case .deviceCodeExpired: "the device code expired before the user approved it (RFC 8628 §3.5); request a new code"
            case .keySetRefetchFailed(let keyID, let cause):
                "the ID token names key \(keyID.map { "'\($0)'" } ?? "(no kid)"), which the cached JWK Set does not have, and fetching "
                    + "the set again failed, so the cached keys were kept: \(cause)"
            case .idTokenSecretMismatch(let keyID):
                "the HS256 ID token does not verify with the client secret (OpenID Connect Core §10.1); its header names key '\(keyID)', "
                    + "so the provider may be MACing with a key of its own rather than the client secret"
            case .invalidChallenge(let reason): "the WWW-Authenticate header cannot be read: \(reason)"
            case .invalidResourceMetadata(let reason): "invalid protected resource metadata (RFC 9728 §2): \(reason)"
            case .resourceMismatch(let expected, let actual):
                "the protected resource metadata is for resource '\(actual)', not '\(expected)' (RFC 9728 §3.3); it was not used"
            case .resourceMetadataNotFound(let resource, let tried):
                "no protected resource metadata for '\(resource)' (RFC 9728 §3.1); tried \(tried.joined(separator: ", "))"
            case .authorizationServerMetadataNotFound(let issuer, let tried):
                "no authorization server metadata for issuer '\(issuer)' (RFC 8414 §3.1, OpenID Connect Discovery §4); tried "
                    + tried.joined(separator: ", ")
            case .pkceNotAdvertised(let issuer):
                "the authorization server '\(issuer)' does not list S256 in code_challenge_methods_supported (RFC 8414 §2), "
                    + "which the MCP authorization profile requires; refusing to continue"
            case .registrationRefused(let status, let response):
                "the registration endpoint refused the client (RFC 7591 §3.2.2), HTTP \(status): \(response)"
            case .invalidRegistrationResponse(let reason): "invalid client registration response (RFC 7591 §3.2.1): \(reason)"
            case .clientIssuerMismatch(let clientIssuer, let servers):
                "the configured client belongs to the issuer '\(clientIssuer)', but the MCP server names the authorization server(s) "
                    + "'\(servers.joined(separator: "', '"))' (RFC 9728 §2): its credentials are not sent to another issuer; "
                    + "configure a client for that server, or leave clientID nil to register there"
            case .clientIDMetadataDocumentUnsupported(let issuer):
                "the authorization server '\(issuer)' does not advertise client_id_metadata_document_supported and has no "
                    + "registration_endpoint (RFC 7591): no way to register the client there; configure a client id for it"
            case .clientMetadataDocumentMismatch(let url, let clientID):
                "the client ID metadata document at '\(url)' names client_id '\(clientID)'; it must be its URL exactly "
                    + "(draft-ietf-oauth-client-id-metadata-document §4.1)"
            case .invalidClientMetadataDocument(let reason): "invalid client ID metadata document: \(reason)"
            case .clientMetadataDocumentPrivateKey(let keyID):
                "the client ID metadata document's key\(keyID.map { " '\($0)'" } ?? "") is private or symmetric; a document "
                    + "publishes public keys only (draft-ietf-oauth-client-id-metadata-document §4.1)"
            case .noAcceptableAuthorizationServer(let servers):
                "none of the MCP server's authorization servers '\(servers.joined(separator: "', '"))' is one this client accepts "
                    + "(RFC 9728 §7.6); nothing was requested from them"
            case .stepUpRefused(let scope):
                "the scope step-up for [\(scope.joined(separator: " "))] did not satisfy the resource, or asked for nothing new "
                    + "(MCP step-up authorization); not re-authorizing again for the same scopes"
            case .signingFailed(let reason): "the signing key failed to sign a DPoP proof or client assertion: \(reason)"
            case .unexpectedTokenType(let type):
                "the token endpoint issued a token of type '\(type)', which this request cannot use (RFC 9449 §5: DPoP only when a "
                    + "DPoP proof was sent)"
            case .dpopProofRefused(let reason):
                "the resource refused the DPoP proof (RFC 9449 §7.1 invalid_dpop_proof)" + (reason.map { ": \($0)" } ?? "")
                    + "; the tokens were not refreshed, which cannot fix a proof"
            case .dpopBindingRequired(let type):
                "the token endpoint answered a DPoP request with token_type '\(type)', not DPoP (RFC 9449 §5 allows it), and this "
                    + "client requires DPoP-bound tokens (requiresDPoPBoundTokens): the tokens were not used or stored"
            case .missingExpectedMFA(let expected, let actual):
                "the user did not complete the expected multi-factor authentication: the ID token's amr is "
                    + (actual.isEmpty ? "absent" : "[\(actual.joined(separator: ", "))]")
                    + ", expected one of [\(expected.joined(separator: ", "))] (RFC 8176)"
            case .acrNotSatisfied(let expected, let actual):
                "the ID token's acr is " + (actual.map { "'\($0)'" } ?? "absent")
                    + ", expected one of [\(expected.joined(separator: ", "))] (OpenID Connect Core §3.1.3.7 item 12)"
            case .stepUpRequired(let acrValues, let maxAge):
                "the resource needs a stronger or more recent login (RFC 9470 insufficient_user_authentication)"
                    + (acrValues.isEmpty ? "" : ": acr_values [\(acrValues.joined(separator: ", "))]")
                    + (maxAge.map { "\(acrValues.isEmpty ? ":" : ",") max_age \($0)" } ?? "") + "; log in again with them"
            case .insufficientScope(let scope):
                "the resource needs more scope (RFC 6750 §3.1 insufficient_scope)"
                    + (scope.isEmpty ? "" : ": [\(scope.joined(separator: " "))]")
            case .noPendingLogin: "no login is waiting for an authorization response; start one first, or pass the decoded PendingLogin"
            case .invalidPendingLogin(let reason): "the pending login cannot be completed by this client: \(reason)"
            case .pushedAuthorizationUnavailable(let reason):
                "a pushed authorization request (RFC 9126) is required but cannot be made: \(reason); the client does not fall back "
                    + "to a plain authorization request"
            case .pushedAuthorizationRefused(let status, let response):
                "the pushed authorization request endpoint answered \(status) (RFC 9126 §2.3): \(response)"
            case .invalidPushedAuthorizationResponse(let reason): "invalid pushed authorization response (RFC 9126 §2.2): \(reason)"
            case .invalidResource(let resource):
                "the resource '\(resource)' is not an absolute URI without a fragment (RFC 8707 §2)"
            case .invalidTokenExchangeResponse(let reason): "invalid token exchange response (RFC 8693 §2.2): \(reason)"
            case .resourceTokenUnavailable(let resource):
                "no refresh token to ask for a token for the resource '\(resource)' with (RFC 8707 §2.2); sign in with that resource"
            case .resourceStatus(let url, let status, let challenges):
                "the resource \(SecureURL.withoutQuery(url)) answered \(status)"
                    + (challenges.isEmpty ? "" : " (WWW-Authenticate: \(challenges.map(\.description).joined(separator: ", ")))")
            case .undecodableResource(let url, let type, let reason):
                "the resource \(SecureURL.withoutQuery(url)) did not decode as \(type): \(reason)"
            case .unsupportedURLRequest(let reason): "the URLRequest cannot be sent: \(reason)"
            case .reauthorizationRequired:
                "the access token was refused or has expired and there is no refresh token (RFC 6749 §6); the tokens are kept, "
                    + "and a new authorization of the same grant replaces them"
            case .invalidIntrospectionResponse(let reason): "the token introspection answer is not valid (RFC 7662 §2.2): \(reason)"
            case .invalidJWTBearerGrant(let reason): "the JWT bearer grant's assertion cannot be used (RFC 7523 §2.1): \(reason)"
            case .requestObjectUnavailable(let reason): "a signed request object (RFC 9101) is required but cannot be made: \(reason)"
            case .requestObjectAlgorithmUnsupported(let algorithm, let supported):
                "the request-object key signs with \(algorithm), which the provider does not accept "
                    + "(request_object_signing_alg_values_supported: \(supported.isEmpty ? "none" : supported.joined(separator: ", ")); RFC 9101 §10.1)"
            case .invalidAuthorizationResponseJWT(let reason, let cause):
                "the JWT-secured authorization response (JARM) was refused: \(reason)\(cause.map { " (\($0))" } ?? "")"
            case .encryptedAuthorizationResponse:
                "the authorization response is an encrypted JWT (JWE): AuthFlow verifies signed JARM responses only"
            case .fapi2Violation(let violation): "refused by the FAPI 2.0 profile: \(violation)"
            case .backchannelAuthenticationUnavailable(let reason):
                "the provider offers no backchannel authentication in poll mode (CIBA §4): \(reason)"
            case .invalidBackchannelAuthenticationRequest(let reason):
                "the backchannel authentication request cannot be sent (CIBA §7.1): \(reason)"
            case .backchannelAuthenticationRefused(let status, let response):
                "the backchannel authentication endpoint refused the request (\(status), CIBA §13): \(response)"
            case .invalidBackchannelAuthenticationResponse(let reason):
                "invalid backchannel authentication response (CIBA §7.3): \(reason)"
            case .backchannelAuthenticationDenied: "the user denied the backchannel authentication (CIBA §11 access_denied)"
            case .backchannelAuthenticationExpired:
                "the backchannel authentication request expired before the user approved it (CIBA §11 expired_token); start a new one"
            case .backchannelDeliveryModeUnsupported(let mode, let supported):
                "the provider does not deliver backchannel results in \(mode) mode (CIBA §4 backchannel_token_delivery_modes_supported: "
                    + "\(supported.isEmpty ? "none" : supported.joined(separator: ", "))); nothing was sent"
            case .backchannelNotificationRefused(let refusal):
                "the notification was refused with HTTP \(refusal.status): \(refusal)"
            case .invalidBackchannelPush(let refusal): "the pushed tokens were refused and not stored: \(refusal)"
            case .backchannelAuthenticationFailed(let response):
                "the provider reported the backchannel authentication failed (CIBA §12): \(response)"
            case .invalidSignedUserInfo(let reason, let cause):
                "the signed userinfo response was refused (OpenID Connect Core §5.3.2): \(reason)\(cause.map { " (\($0))" } ?? "")"
            case .encryptedUserInfo: "the userinfo response is an encrypted JWT (JWE): AuthFlow verifies signed userinfo only"
            case .unsignedUserInfo(let algorithm):
                "the userinfo response is plain JSON, but the client registered userinfo_signed_response_alg \(algorithm) "
                    + "(OpenID Connect Core §5.3.2): an unsigned answer is not accepted"
            case .userInfoSubjectMismatch:
                "the userinfo sub is not the signed-in user's (OpenID Connect Core §5.3.2): the response was not used"
            case .untrustedClaimSource(let source, let issuer):
                "the claims source '\(source)' is signed by '\(issuer)', which the claim source policy does not trust "
                    + "(OpenID Connect Core §5.6.2); nothing from it was used"
            case .invalidClaimSource(let source, let reason, let cause):
                "the claims source '\(source)' cannot be used (OpenID Connect Core §5.6.2): \(reason)\(cause.map { " (\($0))" } ?? "")"
            case .claimSourceConflict(let claim):
                "a claims source names '\(claim)', which the userinfo response holds itself; the user's own claim is not "
                    + "overwritten (OpenID Connect Core §5.6.2)"
            case .invalidAuthorizationDetails(let reason): "invalid authorization_details (RFC 9396 §2): \(reason)"
            case .invalidLogoutToken(let refusal): "the logout token was refused (Back-Channel Logout 1.0 §2.6): \(refusal)"
            case .frontChannelLogoutRefused(let reason):
                "the front-channel logout request was refused (Front-Channel Logout 1.0 §3): \(reason)"
            case .webFinger(let refusal): "WebFinger issuer discovery failed (OpenID Connect Discovery 1.0 §2): \(refusal)"
            case .thirdPartyLoginRefused(let refusal): "the third-party-initiated login was refused (OpenID Connect Core §4): \(refusal)"
            case .requestURIUnavailable(let reason): "the request object cannot be sent by reference or unsigned (RFC 9101): \(reason)"
            }
        return "error \(code): \(message)"
    }
}
