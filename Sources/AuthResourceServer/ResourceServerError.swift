// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthDPoP
public import AuthHTTP
public import AuthJWT

/// Why a resource server refused a request: one case per check, each with a stable numeric ``code``
/// (12001 and up) and the HTTP answer it calls for (``ResourceServer/challenge(for:)``).
///
/// ```swift
/// do {
///     let principal = try await server.authenticate(request, requiring: ["mcp:tools"])
/// } catch .insufficientScope(let required, _) {
///     print("needs \(required)")                      // answered 403 with error="insufficient_scope"
/// } catch {
///     let challenge = server.challenge(for: error)    // 400, 401, 403 or 503, with WWW-Authenticate
/// }
/// ```
///
/// The cases group by answer: no credentials (401, no error code, RFC 6750 §3.1), a malformed request
/// (400 `invalid_request`), a token that is not valid here (401 `invalid_token`), a DPoP proof that is not
/// (401 `invalid_dpop_proof` or `use_dpop_nonce`, RFC 9449 §7.1), too little scope (403
/// `insufficient_scope`), too weak a login (401 `insufficient_user_authentication`, RFC 9470 §3), and the
/// server's own trouble reaching its authorization server (503) or its configuration (500). Messages name
/// the check and the RFC section; they never repeat the token, a proof or a client secret.
public enum ResourceServerError: Error, Sendable {
    /// The request carries no access token (RFC 6750 §3.1: answer without an error code).
    case missingToken
    /// The `Authorization` header uses a scheme this server does not take (say `Basic`, or `DPoP` with
    /// DPoP disabled).
    case unsupportedScheme(String)
    /// The request is malformed (RFC 6750 §3.1 `invalid_request`): several `Authorization` fields, a token
    /// in the query as well, a token that is not a `b64token`. The reason says which.
    case invalidRequest(String)
    /// The token is not a JWS (and no introspection is configured for opaque tokens).
    case malformedToken(AuthJWTError)
    /// The JOSE header's `typ` is not `at+jwt` or `application/at+jwt` (RFC 9068 §4 step 1; nil: absent).
    case invalidTokenType(String?)
    /// `alg` is `none`, symmetric, or not in the allowed list (RFC 9068 §4 step 4, RFC 8725 §3.1).
    case algorithmNotAllowed(String)
    /// `iss` is not one of the configured authorization servers, exactly (RFC 9068 §4 step 2; nil: absent).
    case untrustedIssuer(String?)
    /// `aud` does not contain this resource (RFC 9068 §4 step 3).
    case audienceMismatch(expected: String, actual: [String])
    /// The signature does not verify with the issuer's keys, or no key fits (RFC 9068 §4 step 4).
    case invalidSignature(AuthJWTError)
    /// `exp` has passed, beyond the leeway (RFC 9068 §4 step 5).
    case expired(expiresAt: Int64, now: Int64)
    /// `nbf` is still ahead, beyond the leeway (RFC 7519 §4.1.5).
    case notYetValid(notBefore: Int64, now: Int64)
    /// `iat` is in the future, beyond the leeway.
    case issuedInFuture(issuedAt: Int64, now: Int64)
    /// `iat` is older than the configured maximum token age.
    case issuedTooLongAgo(issuedAt: Int64, now: Int64, maximumAgeSeconds: Int64)
    /// A claim RFC 9068 §2.2 requires is absent (`iss`, `exp`, `aud`, `sub`, `client_id`, `iat`, `jti`).
    case missingClaim(String)
    /// A claim has the wrong type, or a `cnf` confirmation method this server cannot check.
    case invalidClaim(String, expected: String)
    /// The introspection endpoint says the token is not active (RFC 7662 §2.2 `active: false`), or its
    /// answer is expired, not yet valid, or for another resource.
    case tokenInactive
    /// A DPoP-bound token (`cnf.jkt`) came with the `Bearer` scheme (RFC 9449 §7.2: refused, so that a
    /// stolen bound token cannot be downgraded to a bearer token).
    case dpopBindingRequired
    /// The DPoP proof's key is not the key the token is bound to: its RFC 7638 thumbprint differs from
    /// `cnf.jkt` (RFC 9449 §7.1, §6.1).
    case dpopKeyMismatch
    /// The `DPoP` scheme came with a token that is not bound to a key (no `cnf.jkt`; RFC 9449 §7.1).
    case unboundTokenWithDPoP
    /// The `DPoP` scheme came without a `DPoP` proof header (RFC 9449 §7.1).
    case missingDPoPProof
    /// More than one `DPoP` header field (RFC 9449 §4.3 check 1).
    case multipleDPoPProofs
    /// The DPoP proof failed a check of RFC 9449 §4.3 or §7.1 (`ath`); `AuthDPoPError.useDPoPNonce(nonce:)`
    /// asks the client to retry with the server's nonce.
    case dpopProof(AuthDPoPError)
    /// This server takes DPoP-bound tokens only, and the request used `Bearer`.
    case dpopRequired
    /// The token lacks a scope the request needs (RFC 6750 §3.1): 403 with `scope` listing them.
    case insufficientScope(required: [String], granted: [String])
    /// The user's authentication is too weak or too old for this request (RFC 9470 §3): 401 with
    /// `acr_values` and `max_age`.
    case insufficientUserAuthentication(acrValues: [String], maxAge: Int64?)
    /// The issuer's keys could not be fetched (the cached ones are kept): 503, the client is not at fault.
    case keysUnavailable(AuthHTTPError)
    /// The issuer's metadata could not be fetched or read, or is for another issuer (RFC 8414 §3.3): 503.
    case discoveryFailed(issuer: String, reason: String)
    /// The introspection endpoint could not be asked, or its answer is not an introspection response: 503.
    case introspectionFailed(String)
    /// The server is configured in a way that cannot work (no usable algorithm, an http URL): 500.
    case invalidConfiguration(String)

    /// The stable numeric code.
    public var code: Int {
        switch self {
        case .missingToken: 12001
        case .unsupportedScheme: 12002
        case .invalidRequest: 12003
        case .malformedToken: 12004
        case .invalidTokenType: 12005
        case .algorithmNotAllowed: 12006
        case .untrustedIssuer: 12007
        case .audienceMismatch: 12008
        case .invalidSignature: 12009
        case .expired: 12010
        case .notYetValid: 12011
        case .issuedInFuture: 12012
        case .issuedTooLongAgo: 12013
        case .missingClaim: 12014
        case .invalidClaim: 12015
        case .tokenInactive: 12016
        case .dpopBindingRequired: 12017
        case .dpopKeyMismatch: 12018
        case .unboundTokenWithDPoP: 12019
        case .missingDPoPProof: 12020
        case .multipleDPoPProofs: 12021
        case .dpopProof: 12022
        case .dpopRequired: 12023
        case .insufficientScope: 12024
        case .insufficientUserAuthentication: 12025
        case .keysUnavailable: 12026
        case .discoveryFailed: 12027
        case .introspectionFailed: 12028
        case .invalidConfiguration: 12029
        }
    }
}

extension ResourceServerError: CustomStringConvertible {
    /// The code and a readable message; never the token, a proof or a secret.
    public var description: String {
        let message: String =
            switch self {
            case .missingToken: "the request carries no access token (RFC 6750 §3.1)"
            case .unsupportedScheme(let scheme): "the Authorization scheme '\(Self.shown(scheme))' is not accepted here"
            case .invalidRequest(let reason): "malformed request (RFC 6750 §3.1 invalid_request): \(reason)"
            case .malformedToken(let error): "the access token is not a JWS: \(error) [\(error.code)]"
            case .invalidTokenType(let type):
                "the access token's typ is \(type.map { "'\(Self.shown($0))'" } ?? "absent"), not at+jwt (RFC 9068 §4 step 1)"
            case .algorithmNotAllowed(let algorithm):
                "the access token's alg '\(Self.shown(algorithm))' is not allowed (RFC 9068 §4 step 4; none and HS* never are)"
            case .untrustedIssuer(let issuer):
                "the access token's iss \(issuer.map { "'\(Self.shown($0))'" } ?? "is absent and") is not a configured authorization server (RFC 9068 §4 step 2)"
            case .audienceMismatch(let expected, let actual):
                "the access token's aud \(actual.map { Self.shown($0) }) does not contain '\(expected)' (RFC 9068 §4 step 3)"
            case .invalidSignature(let error): "the access token's signature does not verify (RFC 9068 §4 step 4): \(error) [\(error.code)]"
            case .expired(let expiresAt, let now): "the access token expired at \(expiresAt), it is \(now) (RFC 9068 §4 step 5)"
            case .notYetValid(let notBefore, let now): "the access token is not valid before \(notBefore), it is \(now) (RFC 7519 §4.1.5)"
            case .issuedInFuture(let issuedAt, let now): "the access token was issued in the future (\(issuedAt)), it is \(now)"
            case .issuedTooLongAgo(let issuedAt, let now, let maximum):
                "the access token was issued at \(issuedAt), more than \(maximum) s before \(now)"
            case .missingClaim(let name): "the access token has no '\(name)' claim (RFC 9068 §2.2)"
            case .invalidClaim(let name, let expected): "the access token's '\(name)' claim is not \(expected)"
            case .tokenInactive: "the introspection endpoint says the token is not active (RFC 7662 §2.2)"
            case .dpopBindingRequired: "a DPoP-bound access token was sent with the Bearer scheme (RFC 9449 §7.2)"
            case .dpopKeyMismatch: "the DPoP proof is signed by another key than the one the access token is bound to (RFC 9449 §7.1)"
            case .unboundTokenWithDPoP: "the DPoP scheme was used with an access token that is not DPoP-bound (RFC 9449 §7.1)"
            case .missingDPoPProof: "the DPoP scheme was used without a DPoP proof header (RFC 9449 §7.1)"
            case .multipleDPoPProofs: "the request has more than one DPoP header field (RFC 9449 §4.3)"
            case .dpopProof(let error): "the DPoP proof is refused: \(error) [\(error.code)]"
            case .dpopRequired: "this resource takes DPoP-bound access tokens only (RFC 9449 §7.1)"
            case .insufficientScope(let required, let granted):
                "the access token's scope \(granted) lacks \(required.filter { !granted.contains($0) }) (RFC 6750 §3.1)"
            case .insufficientUserAuthentication(let acrValues, let maxAge):
                "the user's authentication does not meet acr_values \(acrValues)\(maxAge.map { ", max_age \($0)" } ?? "") (RFC 9470 §3)"
            case .keysUnavailable(let error): "the authorization server's keys cannot be fetched: \(error)"
            case .discoveryFailed(let issuer, let reason): "the metadata of '\(issuer)' cannot be used (RFC 8414 §3): \(reason)"
            case .introspectionFailed(let reason): "token introspection failed (RFC 7662 §2): \(reason)"
            case .invalidConfiguration(let reason): "invalid resource server configuration: \(reason)"
            }
        return "error \(code): \(message)"
    }

    /// A value taken from the token, shortened and stripped of control characters: it is the sender's.
    static func shown(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(64).map(Character.init))
        return text.unicodeScalars.count > 64 ? cleaned + "…" : cleaned
    }
}
