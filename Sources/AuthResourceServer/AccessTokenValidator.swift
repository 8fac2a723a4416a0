// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthHTTP
import AuthJSON
public import AuthJWT

/// Validates a JWT access token (RFC 9068) against a JWK Set, synchronously: the checks of RFC 9068 §4,
/// in its order, each refusal a ``ResourceServerError``.
///
/// ```swift
/// let validator = AccessTokenValidator(issuers: ["https://as.example.com"], audience: "https://mcp.example.com/mcp")
/// let principal = try validator.validate(token, keys: keySet, now: 1_795_000_000)
/// principal.scopes   // ["mcp:tools"]
/// ```
///
/// ``ResourceServer`` uses it with the issuers' keys fetched and cached; use it alone when the keys are at
/// hand. Checked, in order:
/// 1. the token is a compact JWS (no JWE, no unsecured JWT), at most 64 KiB;
/// 2. `typ` is `at+jwt` or `application/at+jwt`, in any case (RFC 9068 §4 step 1; RFC 7515 §4.1.9 lets
///    `application/` be left out, and media types compare case-insensitively);
/// 3. `alg` is in ``allowedAlgorithms`` and asymmetric: `none` and `HS*` are refused even when listed
///    (RFC 9068 §4 step 4, RFC 8725 §3.1–3.2);
/// 4. `iss` is present and equals one of ``issuers`` exactly (RFC 9068 §4 step 2) — before any key is
///    used, so a token cannot make the server fetch keys of an issuer it does not trust;
/// 5. the signature verifies with a key of the set that fits `kid`, `alg`, `use` and `key_ops`, trying at
///    most ``maximumCandidateKeys`` (RFC 9068 §4 step 4);
/// 6. `exp` is present and not passed, `nbf` (if present) reached, `iat` present and not in the future,
///    each with ``leewaySeconds``; `iat` not older than ``maximumTokenAgeSeconds`` when set (§4 step 5);
/// 7. `aud` contains ``audience`` exactly (§4 step 3);
/// 8. `sub`, `client_id` and `jti` are present strings (§2.2); `scope`, `acr` are strings and `auth_time`
///    a NumericDate when present;
/// 9. `cnf`, when present, is an object with a `jkt` string (RFC 9449 §6.1); another confirmation method
///    (mTLS `x5t#S256`) cannot be checked here and is refused rather than accepted as a bearer token.
///
/// Not checked here: the scopes a request needs, the DPoP proof that a `cnf.jkt` token demands, step-up
/// requirements (``ResourceServer`` does those), token revocation (JWTs are not looked up; use short
/// lifetimes or introspection), and whether `jti` was seen before (RFC 9068 does not require it).
public struct AccessTokenValidator: Sendable {
    /// Accepted issuers, compared exactly.
    public var issuers: [String]
    /// This resource's identifier, expected in `aud`.
    public var audience: String
    /// Accepted algorithms; `none` and `HS*` are ignored if present.
    public var allowedAlgorithms: [JWSAlgorithm]
    /// The signature verifiers, by algorithm.
    public var verifiers: [JWSVerifier] = JWSVerifier.defaults
    /// Clock skew tolerated on `exp`, `nbf` and `iat`, in seconds. Default 60.
    public var leewaySeconds: Int64 = 60
    /// When set, `iat` must be at most this many seconds ago.
    public var maximumTokenAgeSeconds: Int64? = nil
    /// How many keys one token may try.
    public var maximumCandidateKeys = JWS.defaultMaximumCandidateKeys

    public init(issuers: [String], audience: String, allowedAlgorithms: [JWSAlgorithm] = JWSAlgorithm.asymmetric) {
        self.issuers = issuers
        self.audience = audience
        self.allowedAlgorithms = allowedAlgorithms
    }

    /// Validates `token` with `keys` at `now` (seconds since 1970) and returns what it grants.
    public func validate(_ token: some StringProtocol, keys: JWKSet, now: Int64) throws(ResourceServerError) -> AccessPrincipal {
        try verify(inspect(token), keys: keys, now: now)
    }

    /// The algorithms actually accepted: the configured ones without `none` and `HS*`.
    var effectiveAlgorithms: [JWSAlgorithm] {
        allowedAlgorithms.filter { Self.isAsymmetric($0) }
    }

    static func isAsymmetric(_ algorithm: JWSAlgorithm) -> Bool {
        algorithm != .none && !algorithm.rawValue.utf8.starts(with: "HS".utf8) && !algorithm.rawValue.utf8.starts(with: "hs".utf8)
    }

    /// Steps 1–4 without a key: the token parsed, its `typ`, `alg` and `iss` checked.
    func inspect(_ token: some StringProtocol) throws(ResourceServerError) -> UnverifiedAccessToken {
        let jwt: JWT
        do {
            jwt = try JWT(compact: token)
        } catch {
            throw .malformedToken(error)
        }
        guard let type = jwt.header.type, Self.isAccessTokenType(type) else { throw .invalidTokenType(jwt.header.type) }
        let algorithm = jwt.header.algorithm
        guard Self.isAsymmetric(algorithm), allowedAlgorithms.contains(algorithm) else {
            throw .algorithmNotAllowed(algorithm.rawValue)
        }
        let issuer: String?
        do {
            issuer = try jwt.claims.issuer
        } catch {
            throw .invalidClaim("iss", expected: "a string")
        }
        guard let issuer, let trusted = issuers.first(where: { $0.hasSameBytes(as: issuer) }) else {
            throw .untrustedIssuer(issuer)
        }
        return UnverifiedAccessToken(jwt: jwt, issuer: trusted)
    }

    /// Steps 5–9: the signature with `keys`, then the claims.
    func verify(_ token: UnverifiedAccessToken, keys: JWKSet, now: Int64) throws(ResourceServerError) -> AccessPrincipal {
        do {
            try token.jwt.jws.verifySignature(
                using: keys, verifiers: verifiers, allowedAlgorithms: effectiveAlgorithms, maximumCandidateKeys: maximumCandidateKeys)
        } catch {
            throw .invalidSignature(error)
        }
        return try principal(token, now: now)
    }

    /// The claims' checks (steps 6–9) of a token whose signature verified.
    func principal(_ token: UnverifiedAccessToken, now: Int64) throws(ResourceServerError) -> AccessPrincipal {
        let claims = ClaimReader(token.jwt.claims.object)
        guard let expiresAt = try claims.date("exp") else { throw .missingClaim("exp") }
        guard now < expiresAt.saturatingAdd(leewaySeconds) else { throw .expired(expiresAt: expiresAt, now: now) }
        if let notBefore = try claims.date("nbf"), now < notBefore.saturatingAdd(-leewaySeconds) {
            throw .notYetValid(notBefore: notBefore, now: now)
        }
        guard let issuedAt = try claims.date("iat") else { throw .missingClaim("iat") }
        guard issuedAt <= now.saturatingAdd(leewaySeconds) else { throw .issuedInFuture(issuedAt: issuedAt, now: now) }
        if let maximumTokenAgeSeconds, issuedAt.saturatingAdd(maximumTokenAgeSeconds) < now {
            throw .issuedTooLongAgo(issuedAt: issuedAt, now: now, maximumAgeSeconds: maximumTokenAgeSeconds)
        }
        guard let audiences = try claims.audiences() else { throw .missingClaim("aud") }
        guard audiences.contains(where: { $0.hasSameBytes(as: audience) }) else {
            throw .audienceMismatch(expected: audience, actual: audiences)
        }
        guard let subject = try claims.string("sub") else { throw .missingClaim("sub") }
        guard let clientID = try claims.string("client_id") else { throw .missingClaim("client_id") }
        guard let jwtID = try claims.string("jti") else { throw .missingClaim("jti") }
        return AccessPrincipal(
            subject: subject, clientID: clientID, scopes: try claims.scopes(), issuer: token.issuer, audiences: audiences,
            expiresAt: expiresAt, issuedAt: issuedAt, authTime: try claims.date("auth_time"), acr: try claims.string("acr"),
            jwtID: jwtID, confirmation: try claims.confirmation(), claims: claims.object)
    }

    /// `at+jwt` or `application/at+jwt`, ASCII case ignored (RFC 9068 §4, RFC 7515 §4.1.9).
    static func isAccessTokenType(_ type: String) -> Bool {
        HTTPSyntax.equalsIgnoringASCIICase(type, "at+jwt") || HTTPSyntax.equalsIgnoringASCIICase(type, "application/at+jwt")
    }
}
