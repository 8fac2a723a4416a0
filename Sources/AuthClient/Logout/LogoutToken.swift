// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
public import AuthJWT

/// A validated logout token (OpenID Connect Back-Channel Logout 1.0 §2.4): the JWT an OpenID Provider
/// POSTs to a client's `backchannel_logout_uri` to end the sessions it names.
///
/// ```swift
/// let token = try LogoutToken(validating: compact, keys: jwks, issuer: "https://login.example.com",
///                             clientID: "my-app", allowedAlgorithms: [.rs256], now: clock.now())
/// print(token.subject ?? "-", token.sessionID ?? "-")
/// ```
///
/// Checked by init(validating:keys:issuer:clientID:allowedAlgorithms:now:leewaySeconds:maximumAgeSeconds:),
/// in the order of §2.6, each failure a LogoutTokenRefusal: not a JWE; not `alg: none`; `typ` is
/// `logout+jwt` (or `application/logout+jwt`), `JWT`, or absent (§2.4 tolerates untyped tokens); the
/// algorithm allowed and the signature verified with one of `keys`; `iss` is the issuer; `aud` contains the
/// client id; `exp` not passed; `iat` present, not in the future and at most `maximumAgeSeconds` old
/// (leeway applies to both); a `jti`; `sub` or `sid` (strings); `events` holding the back-channel logout event
/// with a JSON object as value; no `nonce`. Not checked here: replays (`jti` seen before) and whether a
/// session matches — AuthClient/handleBackChannelLogout(_:replayCache:maximumAgeSeconds:) does both.
public struct LogoutToken: Sendable {
    /// The member of `events` that makes a JWT a logout token (§2.4).
    public static let backChannelLogoutEvent = "http://schemas.openid.net/event/backchannel-logout"
    /// How old (`iat`) a logout token may be by default, in seconds: §2.4 recommends a short life (two
    /// minutes); five leave room for a slow delivery.
    public static let defaultMaximumAgeSeconds: Int64 = 300

    /// `iss`: the provider that sent it.
    public let issuer: String
    /// `sub`: the user whose sessions end; nil when the token names a session (`sid`) only.
    public let subject: String?
    /// `sid`: the provider's session to end; nil when every session of `subject` ends.
    public let sessionID: String?
    /// `jti`: the token's unique identifier, for replay detection.
    public let jwtID: String
    /// `iat`.
    public let issuedAt: NumericDate
    /// `exp`.
    public let expiresAt: NumericDate
    /// Every claim, as sent (claims not understood are ignored, §2.4).
    public let claims: JWTClaims

    /// Decodes and validates `token` (see the type's documentation for every check, in order).
    public init(
        validating token: String, keys: JWKSet, issuer: String, clientID: String, allowedAlgorithms: [JWSAlgorithm], now: NumericDate,
        leewaySeconds: Int64 = 60, maximumAgeSeconds: Int64 = LogoutToken.defaultMaximumAgeSeconds
    ) throws(LogoutTokenRefusal) {
        let jwt = try Self.decode(token)
        var validator = JWTValidator(allowedAlgorithms: allowedAlgorithms.filter { $0 != .none })
        validator.issuer = issuer
        validator.audience = clientID
        validator.leewaySeconds = leewaySeconds
        do {
            _ = try validator.validate(token, keys: keys, now: now)
        } catch {
            throw .jwt(error)
        }
        try self.init(checked: jwt, issuer: issuer, now: now, leewaySeconds: leewaySeconds, maximumAgeSeconds: maximumAgeSeconds)
    }

    /// The JWT, once it is known to be signed (not a JWE, not `alg: none`) and typed as a logout token may be.
    static func decode(_ token: String) throws(LogoutTokenRefusal) -> JWT {
        if token.utf8.filter({ $0 == UInt8(ascii: ".") }).count == 4 { throw .encrypted }
        let jwt: JWT
        do {
            jwt = try JWT(compact: token)
        } catch {
            if case .unsecuredTokenRejected = error { throw .unsigned }
            throw .jwt(error)
        }
        if jwt.header.algorithm == .none { throw .unsigned }
        if let type = jwt.header.type {
            let lowered = type.lowercased()
            guard lowered == "logout+jwt" || lowered == "application/logout+jwt" || lowered == "jwt" else { throw .type(type) }
        }
        return jwt
    }

    /// The claim checks after the signature, `iss` (equal to `issuer`), `aud` and `exp` passed.
    private init(checked jwt: JWT, issuer: String, now: NumericDate, leewaySeconds: Int64, maximumAgeSeconds: Int64)
        throws(LogoutTokenRefusal)
    {
        let claims = jwt.claims
        let read: (issuedAt: NumericDate, expiresAt: NumericDate, subject: String?, sessionID: String?, jwtID: String?)
        do {
            read = try Self.read(claims, now: now, leewaySeconds: leewaySeconds, maximumAgeSeconds: maximumAgeSeconds)
        } catch {
            throw .jwt(error)
        }
        guard let jwtID = read.jwtID, !jwtID.isEmpty else { throw .missingJWTID }
        (issuedAt, expiresAt, subject, sessionID, self.jwtID) = (read.issuedAt, read.expiresAt, read.subject, read.sessionID, jwtID)
        self.issuer = issuer
        guard subject != nil || sessionID != nil else { throw .missingSubjectAndSession }
        guard let event = claims["events"]?.objectValue?[Self.backChannelLogoutEvent] else { throw .missingEvent }
        guard event.objectValue != nil else { throw .eventNotObject }
        guard claims["nonce"] == nil else { throw .nonce }
        self.claims = claims
    }

    /// `iat` (present, not in the future, not too old), `exp`, and the string claims `sub`, `sid`, `jti`.
    private static func read(_ claims: JWTClaims, now: NumericDate, leewaySeconds: Int64, maximumAgeSeconds: Int64) throws(AuthJWTError)
        -> (issuedAt: NumericDate, expiresAt: NumericDate, subject: String?, sessionID: String?, jwtID: String?)
    {
        guard let issuedAt = try claims.issuedAt else { throw .missingClaim("iat") }
        guard issuedAt <= now.adding(seconds: leewaySeconds) else {
            throw .issuedInFuture(issuedAt: issuedAt, now: now, leewaySeconds: leewaySeconds)
        }
        guard issuedAt.adding(seconds: maximumAgeSeconds).adding(seconds: leewaySeconds) >= now else {
            throw .issuedTooLongAgo(issuedAt: issuedAt, now: now, maximumAgeSeconds: maximumAgeSeconds)
        }
        guard let expiresAt = try claims.expiration else { throw .missingClaim("exp") }
        // An empty `sub` or `sid` names nothing (plain OAuth records use "" as their account): absent.
        let subject = try claims.subject.flatMap { $0.isEmpty ? nil : $0 }
        let sessionID = try claims.string("sid").flatMap { $0.isEmpty ? nil : $0 }
        return (issuedAt, expiresAt, subject, sessionID, try claims.jwtID)
    }
}
