// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The time rules shared by ``JWTValidator`` and ``IDTokenValidator`` (RFC 7519 §4.1.4–4.1.6, OIDC Core
/// §3.1.3.7 steps 9–10), each written once.
struct TimeChecks {
    var now: NumericDate
    var leewaySeconds: Int64

    /// `exp`: the current time must be before it, give or take the leeway.
    func expiration(_ claims: JWTClaims, required: Bool) throws(AuthJWTError) -> NumericDate? {
        guard let expiration = try claims.expiration else {
            if required { throw .missingClaim("exp") }
            return nil
        }
        guard now < expiration.adding(seconds: leewaySeconds) else {
            throw .expired(expiration: expiration, now: now, leewaySeconds: leewaySeconds)
        }
        return expiration
    }

    /// `nbf`, when present: the current time must not be before it, give or take the leeway.
    func notBefore(_ claims: JWTClaims) throws(AuthJWTError) {
        if let notBefore = try claims.notBefore, now < notBefore.adding(seconds: -leewaySeconds) {
            throw .notYetValid(notBefore: notBefore, now: now, leewaySeconds: leewaySeconds)
        }
    }

    /// `iat`: not in the future beyond the leeway and, with a maximum age, not older than it.
    func issuedAt(_ claims: JWTClaims, required: Bool, maximumAgeSeconds: Int64?) throws(AuthJWTError) -> NumericDate? {
        guard let issuedAt = try claims.issuedAt else {
            if required { throw .missingClaim("iat") }
            return nil
        }
        guard issuedAt <= now.adding(seconds: leewaySeconds) else {
            throw .issuedInFuture(issuedAt: issuedAt, now: now, leewaySeconds: leewaySeconds)
        }
        if let maximumAgeSeconds, issuedAt.adding(seconds: maximumAgeSeconds) < now {
            throw .issuedTooLongAgo(issuedAt: issuedAt, now: now, maximumAgeSeconds: maximumAgeSeconds)
        }
        return issuedAt
    }
}
