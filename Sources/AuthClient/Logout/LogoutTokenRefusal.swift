// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJWT

/// Which rule of OpenID Connect Back-Channel Logout 1.0 §2.6 a logout token broke: carried by
/// AuthClientError/invalidLogoutToken(_:), so that a test or a log names the rule, not a string.
///
/// ```swift
/// do {
///     try await client.handleBackChannelLogout(token)
/// } catch .invalidLogoutToken(.nonce) {
///     // an ID token replayed as a logout token (§4.1, cross-JWT confusion)
/// }
/// ```
public enum LogoutTokenRefusal: Error, Hashable, Sendable {
    /// The token is a JWE (five parts): AuthFlow verifies signed logout tokens only (§2.6 step 1).
    case encrypted
    /// `alg: none`: a logout token must be signed (§2.6 step 3).
    case unsigned
    /// The `typ` header is neither `logout+jwt` (§2.4) nor plain `JWT` (tolerated; absent is too): another kind of JWT.
    case type(String)
    /// A check shared with ID tokens failed (§2.6 steps 2–4): the algorithm, the signature, `iss`, `aud`,
    /// `exp`, `iat` (present, not in the future, not older than the maximum age).
    case jwt(AuthJWTError)
    /// No `jti` (§2.4: required), so the token's replay cannot be detected.
    case missingJWTID
    /// No `events` claim with the member `http://schemas.openid.net/event/backchannel-logout` (§2.6 step 6).
    case missingEvent
    /// The back-channel logout event's value is not a JSON object (§2.4).
    case eventNotObject
    /// Neither `sub` nor `sid` (§2.6 step 5): the token names no session.
    case missingSubjectAndSession
    /// A `nonce` claim (§2.6 step 7): forbidden, so that an ID token is never taken for a logout token.
    case nonce
    /// A token with this `jti` from this issuer was accepted before (§2.6 step 8), or the replay cache
    /// could not remember it and cannot say why (LogoutTokenReplayCache/insert(_:issuer:expiresAt:) only).
    case replayed
    /// The replay cache cannot remember this `jti` (full of unexpired entries, or unreachable), so the
    /// token is refused: not a replay, the provider may retry later.
    case replayCacheFull
}

extension LogoutTokenRefusal: CustomStringConvertible {
    public var description: String {
        switch self {
        case .encrypted: "it is encrypted (JWE); only signed logout tokens are verified"
        case .unsigned: "alg none: a logout token must be signed"
        case .type(let type): "its typ '\(type)' is not logout+jwt (nor JWT): another kind of token"
        case .jwt(let error): "\(error)"
        case .missingJWTID: "it has no jti"
        case .missingEvent: "its events claim lacks http://schemas.openid.net/event/backchannel-logout"
        case .eventNotObject: "the back-channel logout event's value is not a JSON object"
        case .missingSubjectAndSession: "it has neither sub nor sid"
        case .nonce: "it has a nonce claim, which a logout token must not have"
        case .replayed: "its jti was seen before from this issuer (a replay)"
        case .replayCacheFull: "the replay cache cannot remember its jti now (full); retry later"
        }
    }
}
