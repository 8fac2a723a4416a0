// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
public import AuthJSON
public import AuthJWT

/// The claims of a JWT used as an authorization grant (RFC 7523 §2.1, §3): who issued it, whom it is about,
/// and which authorization server it is for; signed with ``signed(by:)`` and sent with
/// ``AuthClient/requestJWTBearerToken(assertion:scopes:resources:dpopKey:using:)``.
///
/// ```swift
/// var generator = SystemRandomNumberGenerator()
/// let assertion = JWTBearerAssertion(
///     issuer: "reporting-service", subject: "alice@example.com", audience: client.metadata.tokenEndpoint,
///     issuedAt: client.clock.now(), using: &generator)
/// let tokens = try await client.requestJWTBearerToken(assertion: try await assertion.signed(by: key))
/// ```
///
/// The claims (RFC 7523 §3), in this order: `iss` (item 1), `sub` (item 2: the principal the token is for — a
/// user for delegation, or the client itself), `aud` (item 3: the token endpoint URL or the issuer identifier,
/// one string), `jti` (item 7: 128 random bits, so the server can refuse a replay), `exp` (item 4:
/// `lifetimeSeconds` after `iat`, default 300), `iat` (item 6), then `additionalClaims`' members (a member named
/// like one above is not added twice). The header is `{"alg", "kid"}` from the key.
///
/// Checked at creation: nothing (a server checks the claims, §3). Checked when sent: the subject, issuer and
/// audience are not empty (``AuthClientError/invalidJWTBearerGrant(_:)``).
public struct JWTBearerAssertion: Sendable, Hashable {
    /// How long an assertion is valid by default, in seconds.
    public static let defaultLifetimeSeconds: Int64 = 300

    /// `iss`.
    public var issuer: String
    /// `sub`.
    public var subject: String
    /// `aud`.
    public var audience: String
    /// `jti`.
    public var jwtID: String
    /// `iat`.
    public var issuedAt: NumericDate
    /// `exp`.
    public var expiresAt: NumericDate
    /// More claims (e.g. `scope` or a tenant), after the registered ones.
    public var additionalClaims: JSONObject

    /// An assertion with a `jti` you chose (for tests and examples; use the generator otherwise).
    public init(
        issuer: String, subject: String, audience: String, jwtID: String, issuedAt: NumericDate,
        lifetimeSeconds: Int64 = defaultLifetimeSeconds, additionalClaims: JSONObject = JSONObject()
    ) {
        self.issuer = issuer
        self.subject = subject
        self.audience = audience
        self.jwtID = jwtID
        self.issuedAt = NumericDate(secondsSince1970: issuedAt.secondsSince1970)
        expiresAt = self.issuedAt.adding(seconds: max(1, lifetimeSeconds))
        self.additionalClaims = additionalClaims
    }

    /// An assertion whose `jti` is 128 bits drawn from `generator`, base64url.
    public init(
        issuer: String, subject: String, audience: String, issuedAt: NumericDate, lifetimeSeconds: Int64 = defaultLifetimeSeconds,
        additionalClaims: JSONObject = JSONObject(), using generator: inout some RandomNumberGenerator
    ) {
        var bytes: [UInt8] = []
        for _ in 0..<2 { withUnsafeBytes(of: generator.next().littleEndian) { bytes += $0 } }
        self.init(
            issuer: issuer, subject: subject, audience: audience, jwtID: Base64URL.encode(bytes), issuedAt: issuedAt,
            lifetimeSeconds: lifetimeSeconds, additionalClaims: additionalClaims)
    }

    /// The claims, in the order the type's documentation gives.
    public var claims: JSONObject {
        var claims = JSONObject()
        try? claims.append("iss", .string(issuer))
        try? claims.append("sub", .string(subject))
        try? claims.append("aud", .string(audience))
        try? claims.append("jti", .string(jwtID))
        try? claims.append("exp", .number(JSONNumber(expiresAt.secondsSince1970)))
        try? claims.append("iat", .number(JSONNumber(issuedAt.secondsSince1970)))
        for (name, value) in additionalClaims.members where claims[name] == nil { try? claims.append(name, value) }
        return claims
    }

    /// The compact JWS of the claims signed by `key` (RFC 7515 §7.1): the header is `{"alg": key.algorithm,
    /// "kid": key.keyID}`. A key that throws gives ``AuthClientError/signingFailed(_:)``; an empty issuer,
    /// subject or audience ``AuthClientError/invalidJWTBearerGrant(_:)``.
    public func signed(by key: some SigningKey) async throws(AuthClientError) -> String {
        for (name, value) in [("iss", issuer), ("sub", subject), ("aud", audience)] where value.isEmpty {
            throw .invalidJWTBearerGrant("'\(name)' is empty (RFC 7523 §3)")
        }
        return try await key.signedJWT(type: nil, claims: claims, includesKeyID: true)
    }
}

extension JWTBearerAssertion: CustomStringConvertible {
    /// The registered claims but `jti`; never a signature.
    public var description: String {
        "JWTBearerAssertion(iss: \(issuer), sub: \(subject), aud: \(audience), exp: \(expiresAt.secondsSince1970))"
    }
}
