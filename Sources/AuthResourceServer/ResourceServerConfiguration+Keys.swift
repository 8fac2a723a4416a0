// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJWT

extension ResourceServerConfiguration {
    /// Where the authorization servers' signing keys come from.
    ///
    /// ```swift
    /// configuration.keys = .discover                                          // each issuer's jwks_uri
    /// configuration.keys = .jwksURL("https://as.example.com/jwks.json")       // one JWK Set for all
    /// configuration.keys = .keySet(try JWKSet(json: Array(jwks.utf8)))       // fixed keys, never fetched
    /// ```
    ///
    /// Fetched sets are kept and refetched at once when a token names an unknown `kid` (key rotation), at
    /// most once per cooldown otherwise, one request at a time (the client's JWK Set cache, shared).
    public enum Keys: Sendable {
        /// The `jwks_uri` of each issuer's metadata: RFC 8414 §3.1
        /// (`/.well-known/oauth-authorization-server` inserted before the issuer's path), then OpenID
        /// Connect Discovery §4 (`/.well-known/openid-configuration` appended); the document's `issuer`
        /// must equal the issuer exactly (RFC 8414 §3.3) and `jwks_uri` must be https.
        case discover
        /// One JWK Set URL for every configured issuer.
        case jwksURL(String)
        /// A fixed JWK Set; an unknown `kid` is refused without a fetch.
        case keySet(JWKSet)
    }
}
