// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthHTTP
import AuthJWT

/// The keys a JWT introspection response (RFC 9701 §5) is verified with; the answer itself is read and
/// verified by AuthHTTP's `TokenIntrospectionResponse`, which the client shares.
enum SignedIntrospectionResponse {
    /// The issuer's keys from `directory`: a fixed set, or its cached JWK Set, refetched once (within the
    /// cooldown) when it has no key with the JWT's `kid`.
    static func keys(
        for jwt: JWT, issuer: String, in directory: KeyDirectory, transport: any HTTPTransport, now: Int64
    ) async throws(ResourceServerError) -> JWKSet {
        switch try await directory.keys(for: issuer, now: now) {
        case .fixed(let set):
            return set
        case .cached(let cache):
            do {
                return try await cache.keys(
                    forKeyID: jwt.header.keyID, using: transport, now: NumericDate(secondsSince1970: now),
                    maximumAgeSeconds: directory.keySetMaximumAgeSeconds, cooldownSeconds: 60
                ).keys
            } catch {
                throw .keysUnavailable(error)
            }
        }
    }
}
