// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension TokenIntrospector {
    /// Where and how to introspect.
    ///
    /// ```swift
    /// var introspection = TokenIntrospector.Configuration(
    ///     endpoint: "https://as.example.com/introspect", issuer: "https://as.example.com",
    ///     clientAuthentication: .clientSecretBasic(clientID: "mcp-server", secret: secret))
    /// introspection.cacheLifetimeSeconds = 30
    /// introspection.signedResponseKeys = .discover          // RFC 9701 JWT responses
    /// ```
    public struct Configuration: Sendable {
        /// The introspection endpoint (RFC 7662 §2), https.
        public var endpoint: String
        /// The authorization server: the principal's issuer, the `iss` an answer may carry and a signed
        /// answer must carry.
        public var issuer: String
        /// How this resource server authenticates to the endpoint (RFC 7662 §2.1 requires some).
        public var clientAuthentication: ClientAuthentication
        /// The longest an answer is kept, in seconds (never past the token's `exp`). Default 60; 0: no cache.
        public var cacheLifetimeSeconds: Int64 = 60
        /// The most answers kept. Default 1,000.
        public var cacheCapacity = 1_000
        /// When set, answers are asked for as signed JWTs (RFC 9701, `Accept:
        /// application/token-introspection+jwt`) and verified with the issuer's keys from here; nil: plain
        /// JSON answers, trusted as the TLS connection's.
        public var signedResponseKeys: ResourceServerConfiguration.Keys? = nil
        /// Whether an active answer must carry `aud` naming this resource. RFC 7662 §2.2 makes `aud`
        /// optional, so by default (false) an answer without it is accepted and one with it must name the
        /// resource; set it when the authorization server serves several resource servers and says which
        /// each token is for, so that a token for another resource is never taken for one of this.
        public var requiresAudience = false

        public init(endpoint: String, issuer: String, clientAuthentication: ClientAuthentication) {
            self.endpoint = endpoint
            self.issuer = issuer
            self.clientAuthentication = clientAuthentication
        }
    }
}
