// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

/// Validates any JWT by RFC 7519 §7.2: its signature and its time claims, and its issuer and audience when
/// you name them. For OpenID Connect ID tokens use ``IDTokenValidator``, which requires more.
///
/// ```swift
/// var validator = JWTValidator(allowedAlgorithms: [.rs256])
/// validator.issuer = "https://issuer.example"            // optional
/// let jwt = try validator.validate(token, keys: jwks, now: now)
/// ```
///
/// Checked, in order: the signature (as ``JWS/verifySignature(using:verifiers:allowedAlgorithms:maximumCandidateKeys:)``); `exp`
/// (required unless ``requiresExpiration`` is false); `nbf`; `iat` not in the future; `iss` equal to
/// ``issuer`` when set; `aud` containing ``audience`` when set. Not checked: anything about claims you did
/// not name.
public struct JWTValidator: Sendable {
    /// The algorithms accepted; `none` never is.
    public var allowedAlgorithms: [JWSAlgorithm]
    /// The verifiers available, by algorithm.
    public var verifiers: [JWSVerifier] = JWSVerifier.defaults
    /// Clock skew tolerated on `exp`, `nbf` and `iat`, in seconds. Default 60.
    public var leewaySeconds: Int64 = 60
    /// Whether a token without `exp` is refused. Default true: a token that never expires is rarely meant.
    public var requiresExpiration = true
    /// When set, `iss` must equal it exactly.
    public var issuer: String? = nil
    /// When set, `aud` must contain it.
    public var audience: String? = nil

    /// A validator accepting `allowedAlgorithms`, with the defaults above.
    public init(allowedAlgorithms: [JWSAlgorithm]) {
        self.allowedAlgorithms = allowedAlgorithms
    }

    /// Decodes and validates a compact JWT, returning it with the key that verified it.
    public func validate(
        _ token: some StringProtocol,
        keys: JWKSet,
        now: NumericDate
    ) throws(AuthJWTError) -> (jwt: JWT, key: JWK) {
        let jwt = try JWT(compact: token)
        let key = try jwt.jws.verifySignature(using: keys, verifiers: verifiers, allowedAlgorithms: allowedAlgorithms)
        let times = TimeChecks(now: now, leewaySeconds: leewaySeconds)
        _ = try times.expiration(jwt.claims, required: requiresExpiration)
        try times.notBefore(jwt.claims)
        _ = try times.issuedAt(jwt.claims, required: false, maximumAgeSeconds: nil)
        if let issuer {
            guard let actual = try jwt.claims.issuer else { throw .missingClaim("iss") }
            guard actual.hasSameBytes(as: issuer) else { throw .issuerMismatch(expected: issuer, actual: actual) }
        }
        if let audience {
            let actual = try jwt.claims.audience
            guard actual.contains(where: { $0.hasSameBytes(as: audience) }) else {
                throw .audienceMismatch(expected: audience, actual: actual)
            }
        }
        return (jwt, key)
    }
}
