// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDigest
import AuthJSON

/// Validates an OpenID Connect ID token as OIDC Core §3.1.3.7 requires, plus `at_hash` (§3.2.2.9) and
/// `c_hash` (§3.3.2.11).
///
/// ```swift
/// let validator = IDTokenValidator(issuer: "https://server.example.com", clientID: "s6BhdRkqt3")
/// let idToken = try validator.validate(
///     token, keys: jwks, now: NumericDate(secondsSince1970: currentUnixTime),
///     nonce: nonce.value, accessToken: tokens.accessToken)
/// ```
///
/// Checked, in this order; the first failure is thrown as its own ``AuthJWTError`` case:
/// 1. the token decodes (``JWT``);
/// 2. the signature: `alg` is not `none` and is in ``allowedAlgorithms``, a key of the right type from the
///    set verifies it, trying at most ``maximumCandidateKeys`` usable keys and passing over keys that cannot
///    verify it (``JWS/verifySignature(using:verifiers:allowedAlgorithms:maximumCandidateKeys:)``), steps 6–8;
/// 3. `iss` equals ``issuer`` exactly (step 2);
/// 4. `aud` contains ``clientID``; any other audience must be in ``additionalTrustedAudiences``; with more
///    than one audience `azp` is required; `azp`, when present, equals ``clientID`` (steps 3–5);
/// 5. `exp` is present and `now < exp + leeway` (step 9);
/// 6. `nbf`, when present, `now ≥ nbf − leeway` (RFC 7519 §4.1.5);
/// 7. `iat` is present, not after `now + leeway`, and, if ``maximumIssuedAtAgeSeconds`` is set, not older
///    (step 10);
/// 8. `sub` is present (Core §2);
/// 9. when a nonce was sent, `nonce` is present and equal, compared in constant time (step 11);
/// 10. when `max_age` was requested, `auth_time` is present and `auth_time + max_age + leeway ≥ now`
///     (step 13);
/// 11. when the access token or code is given and `at_hash` / `c_hash` is present, the hash matches.
///
/// Not checked: `acr` and `amr` (compare them yourself if you requested them); whether the keys are the
/// issuer's current keys (that is where they were fetched from: see the client); token revocation.
public struct IDTokenValidator: Sendable {
    /// The expected `iss`, exactly as in the provider's discovery document.
    public var issuer: String
    /// This client's id, which `aud` must contain.
    public var clientID: String
    /// Other audiences the client accepts in `aud` besides itself. Default: none.
    public var additionalTrustedAudiences: [String] = []
    /// The algorithms accepted. Default: ``JWSAlgorithm/asymmetric`` (RS256, RS384, RS512, PS256, PS384,
    /// PS512, ES256, EdDSA); add HS256, HS384 or HS512 only for a provider that signs ID tokens with
    /// the client secret. `none` is never accepted, listed or not.
    public var allowedAlgorithms: [JWSAlgorithm] = JWSAlgorithm.asymmetric
    /// The verifiers available, by algorithm.
    public var verifiers: [JWSVerifier] = JWSVerifier.defaults
    /// Clock skew tolerated on `exp`, `nbf`, `iat` and `auth_time`, in seconds. Default 60.
    public var leewaySeconds: Int64 = 60
    /// If set, tokens whose `iat` is more than this many seconds before `now` are refused with
    /// ``AuthJWTError/issuedTooLongAgo(issuedAt:now:maximumAgeSeconds:)`` (Core §3.1.3.7 step 10 leaves the
    /// window to the client). Default: not checked, as `exp` already bounds a token's life.
    public var maximumIssuedAtAgeSeconds: Int64? = nil
    /// How many usable keys a token's signature is tried with before giving up
    /// (``AuthJWTError/candidateKeyLimitReached(keyID:algorithm:tried:candidates:)``). A token with a `kid`
    /// normally has one candidate; without one, every key of the right type is a candidate. Default 4.
    public var maximumCandidateKeys = JWS.defaultMaximumCandidateKeys

    /// A validator for tokens from `issuer` to `clientID`, with the defaults above.
    public init(issuer: String, clientID: String) {
        self.issuer = issuer
        self.clientID = clientID
    }

    /// Validates a compact ID token.
    ///
    /// - Parameters:
    ///   - token: the compact JWS, as received in the token response's `id_token`.
    ///   - keys: the issuer's signing keys (its JWK Set), or a symmetric key for HS256.
    ///   - now: the current time, injected so that tests are deterministic.
    ///   - nonce: the nonce sent in the authentication request, if one was.
    ///   - maxAge: the `max_age` sent in the authentication request, if one was.
    ///   - accessToken: the access token issued with it, to check `at_hash`.
    ///   - authorizationCode: the code issued with it (hybrid flow), to check `c_hash`.
    public func validate(
        _ token: some StringProtocol,
        keys: JWKSet,
        now: NumericDate,
        nonce: String? = nil,
        maxAge: Int64? = nil,
        accessToken: String? = nil,
        authorizationCode: String? = nil
    ) throws(AuthJWTError) -> IDToken {
        try validate(
            JWS(compact: token), keys: keys, now: now, nonce: nonce, maxAge: maxAge, accessToken: accessToken,
            authorizationCode: authorizationCode)
    }

    /// ``validate(_:keys:now:nonce:maxAge:accessToken:authorizationCode:)`` for a token already split and
    /// decoded as a JWS (a client that read its header first does not parse it twice).
    package func validate(
        _ jws: JWS, keys: JWKSet, now: NumericDate, nonce: String? = nil, maxAge: Int64? = nil, accessToken: String? = nil,
        authorizationCode: String? = nil
    ) throws(AuthJWTError) -> IDToken {
        let jwt = try JWT(jws: jws)
        let key = try jwt.jws.verifySignature(
            using: keys, verifiers: verifiers, allowedAlgorithms: allowedAlgorithms, maximumCandidateKeys: maximumCandidateKeys)
        let claims = jwt.claims

        guard let tokenIssuer = try claims.issuer else { throw .missingClaim("iss") }
        guard tokenIssuer.hasSameBytes(as: issuer) else { throw .issuerMismatch(expected: issuer, actual: tokenIssuer) }

        let audience = try claims.audience
        guard audience.contains(where: { $0.hasSameBytes(as: clientID) }) else {
            throw .audienceMismatch(expected: clientID, actual: audience)
        }
        for other in audience where !other.hasSameBytes(as: clientID) {
            guard additionalTrustedAudiences.contains(where: { $0.hasSameBytes(as: other) }) else {
                throw .untrustedAudience(other)
            }
        }
        let authorizedParty = try claims.authorizedParty
        if audience.count > 1, authorizedParty == nil { throw .missingAuthorizedParty }
        if let authorizedParty, !authorizedParty.hasSameBytes(as: clientID) {
            throw .authorizedPartyMismatch(expected: clientID, actual: authorizedParty)
        }

        let times = TimeChecks(now: now, leewaySeconds: leewaySeconds)
        guard let expiration = try times.expiration(claims, required: true) else { throw .missingClaim("exp") }
        try times.notBefore(claims)
        guard let issuedAt = try times.issuedAt(claims, required: true, maximumAgeSeconds: maximumIssuedAtAgeSeconds) else {
            throw .missingClaim("iat")
        }

        guard let subject = try claims.subject else { throw .missingClaim("sub") }

        if let nonce {
            guard let tokenNonce = try claims.nonce else { throw .missingClaim("nonce") }
            guard ConstantTime.isEqual(tokenNonce.utf8, nonce.utf8) else { throw .nonceMismatch }
        }
        if let maxAge {
            guard let authTime = try claims.authenticationTime else { throw .missingClaim("auth_time") }
            guard now <= authTime.adding(seconds: maxAge).adding(seconds: leewaySeconds) else {
                throw .authenticationTooOld(authTime: authTime, now: now, maximumAgeSeconds: maxAge)
            }
        }
        if let accessToken, let expected = try claims.accessTokenHash {
            guard try Self.halfHash(of: accessToken, algorithm: jwt.header.algorithm, matches: expected) else {
                throw .accessTokenHashMismatch
            }
        }
        if let authorizationCode, let expected = try claims.codeHash {
            guard try Self.halfHash(of: authorizationCode, algorithm: jwt.header.algorithm, matches: expected) else {
                throw .codeHashMismatch
            }
        }
        return IDToken(
            jwt: jwt, issuer: tokenIssuer, subject: subject, audience: audience,
            expiration: expiration, issuedAt: issuedAt, signingKey: key
        )
    }

    /// OIDC Core §3.2.2.9: base64url of the left half of the hash of the value's ASCII bytes, using the
    /// hash of the token's `alg`: SHA-256 for HS256, RS256, PS256 and ES256, SHA-384 for HS384, RS384 and
    /// PS384, SHA-512 for HS512, RS512 and PS512. For EdDSA, whose name carries no hash, the hash of the
    /// curve: SHA-512 for Ed25519 (RFC 8032 §5.1), the only EdDSA curve verified here, as panva's
    /// oidc-token-hash (behind node oidc-provider and openid-client) computes it.
    package static func halfHash(of value: String, algorithm: JWSAlgorithm, matches expected: String) throws(AuthJWTError) -> Bool {
        let bytes = Array(value.utf8)
        let hash: [UInt8]
        if [JWSAlgorithm.hs256, .rs256, .ps256, .es256].contains(algorithm) {
            hash = Array(SHA256.hash(data: bytes))
        } else if [JWSAlgorithm.hs384, .rs384, .ps384].contains(algorithm) {
            hash = Array(SHA384.hash(data: bytes))
        } else if [JWSAlgorithm.hs512, .rs512, .ps512, .edDSA].contains(algorithm) {
            hash = Array(SHA512.hash(data: bytes))
        } else {
            throw .unsupportedAlgorithm(algorithm.rawValue)
        }
        return ConstantTime.isEqual(Base64URL.encode(hash[..<(hash.count / 2)]).utf8, expected.utf8)
    }

    /// base64url of the left 128 bits of SHA-256 of the value's ASCII bytes: `at_hash` / `c_hash` for the
    /// SHA-256 algorithms. Shared with AuthTesting's fake provider, which issues them.
    package static func sha256HalfHash(of value: String) -> String {
        Base64URL.encode(Array(SHA256.hash(data: value.utf8))[..<16])
    }
}
