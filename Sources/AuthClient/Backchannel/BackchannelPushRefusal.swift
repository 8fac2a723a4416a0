// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Which of push mode's rules (OpenID CIBA Core 1.0 §10.3.1) the pushed tokens broke: carried by
/// `AuthClientError.invalidBackchannelPush(_:)` (10509). The ID token's ordinary checks (signature, `iss`,
/// `aud`, `exp`, `iat`, a present `at_hash` matching) fail as `AuthClientError.idToken(_:)`.
///
/// ```swift
/// do {
///     let user = try await client.awaitBackchannelAuthentication(authentication, inbox: inbox)
/// } catch .invalidBackchannelPush(.refreshTokenHashMismatch) {
///     // the refresh token is not the one the ID token was issued with
/// }
/// ```
public enum BackchannelPushRefusal: Error, Hashable, Sendable {
    /// The pushed body is not a token response (RFC 6749 §5.1 members); the reason says why.
    case invalidTokenResponse(String)
    /// No `id_token` (§10.3.1: the push carries one, which binds the tokens to the request).
    case missingIDToken
    /// No `at_hash` in the ID token (§10.3.1: REQUIRED in push mode).
    case missingAccessTokenHash
    /// No `urn:openid:params:jwt:claim:auth_req_id` in the ID token (§10.3.1: REQUIRED in push mode).
    case missingAuthRequestIDClaim
    /// The ID token's `urn:openid:params:jwt:claim:auth_req_id` is not the pending request's.
    case authRequestIDClaimMismatch
    /// A refresh token was pushed and the ID token has no `urn:openid:params:jwt:claim:rt_hash` (§10.3.1).
    case missingRefreshTokenHash
    /// `urn:openid:params:jwt:claim:rt_hash` is not the hash of the pushed refresh token (computed as `at_hash`:
    /// the left half of the hash of its ASCII octets, by the ID token's `alg`, base64url).
    case refreshTokenHashMismatch
}

extension BackchannelPushRefusal: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidTokenResponse(let reason): "the pushed body is not a token response: \(reason)"
        case .missingIDToken: "the push has no id_token (CIBA §10.3.1)"
        case .missingAccessTokenHash: "the ID token has no at_hash, which push mode requires (CIBA §10.3.1)"
        case .missingAuthRequestIDClaim:
            "the ID token has no urn:openid:params:jwt:claim:auth_req_id, which push mode requires (CIBA §10.3.1)"
        case .authRequestIDClaimMismatch: "the ID token's urn:openid:params:jwt:claim:auth_req_id names another request (CIBA §10.3.1)"
        case .missingRefreshTokenHash:
            "a refresh token was pushed and the ID token has no urn:openid:params:jwt:claim:rt_hash (CIBA §10.3.1)"
        case .refreshTokenHashMismatch:
            "urn:openid:params:jwt:claim:rt_hash does not match the pushed refresh token (CIBA §10.3.1)"
        }
    }
}
