// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthDPoP
public import AuthJWT

/// What a resource server accepts: its resource identifier, the authorization servers whose tokens it
/// takes, where their keys are, and how strict to be.
///
/// ```swift
/// var configuration = ResourceServerConfiguration(
///     resource: "https://mcp.example.com/mcp", authorizationServers: ["https://as.example.com"],
///     scopesSupported: ["mcp:tools"], keys: .discover)
/// configuration.leewaySeconds = 30
/// configuration.dpop = .required
/// ```
///
/// The defaults are the strict ones: asymmetric algorithms only (`none` and `HS*` are never accepted, even
/// when listed: a resource server shares no secret with the authorization server, RFC 9068 §4), 60 s of
/// leeway on `exp`, `nbf` and `iat`, DPoP-bound tokens must come with a proof (`.allowed`), and a refetch
/// of the JWK Set on an unknown `kid` at most once a minute.
public struct ResourceServerConfiguration: Sendable {
    /// The resource identifier (RFC 8707, RFC 9728 §1.2): an https URL, expected in every token's `aud`.
    public var resource: String
    /// The issuer identifiers of the authorization servers whose tokens are accepted; `iss` must equal one
    /// of them exactly (RFC 9068 §4 step 2).
    public var authorizationServers: [String]
    /// The scopes this resource understands, published in its metadata (RFC 9728 §2); nil: not published.
    public var scopesSupported: [String]?
    /// Where the authorization servers' signing keys come from.
    public var keys: Keys
    /// The JWS algorithms accepted for access tokens. Default `JWSAlgorithm.asymmetric`; `none` and the
    /// `HS*` algorithms are dropped from whatever is set here.
    public var allowedAlgorithms: [JWSAlgorithm] = JWSAlgorithm.asymmetric
    /// Clock skew tolerated on `exp`, `nbf` and `iat`, in seconds. Default 60.
    public var leewaySeconds: Int64 = 60
    /// When set, a token whose `iat` is older than this many seconds is refused, whatever its `exp`.
    public var maximumTokenAgeSeconds: Int64? = nil
    /// How long after a refetch of a JWK Set that did not find an unknown `kid` no other refetch is made.
    /// Default 60 s, as the client's.
    public var keySetRefetchCooldownSeconds: Int64 = 60
    /// How old a fetched JWK Set may be before it is fetched again (RFC 7517 sets have no expiry of their
    /// own), so a key the authorization server removed — a compromised one — stops verifying within this
    /// time. If that fetch fails, the older set is still used and the fetch is retried after 5 seconds.
    /// Default 600 (10 minutes); nil keeps a set until an unknown `kid` refetches it; must be positive.
    public var keySetMaximumAgeSeconds: Int64? = 600
    /// How many keys one token may try its signature with (a token without `kid` against a large set).
    public var maximumCandidateKeys = JWS.defaultMaximumCandidateKeys
    /// Whether DPoP (RFC 9449) is accepted, demanded or refused. Default ``DPoPPolicy/allowed``.
    public var dpop: DPoPPolicy = .allowed
    /// How DPoP proofs are checked (algorithms, `iat` window, nonces); its algorithms are the `algs` of the
    /// DPoP challenge and `dpop_signing_alg_values_supported` of the metadata.
    public var dpopVerification = DPoPProofVerifier.Configuration()
    /// Where proofs' `jti`s are remembered (RFC 9449 §11.1); nil: an `InMemoryDPoPReplayCache` of this
    /// server. Give a shared store when several instances serve the resource.
    public var dpopReplayCache: (any DPoPReplayCache)? = nil
    /// The server-provided nonces to demand (RFC 9449 §9), with `dpopVerification.requiresNonce`; nil: one
    /// with a random secret when nonces are required.
    public var dpopNonces: DPoPNonceSource? = nil
    /// The RFC 7662 introspection endpoint for tokens that are not JWTs (opaque tokens); nil: such tokens
    /// are refused as malformed.
    public var introspection: TokenIntrospector.Configuration? = nil
    /// The `realm` of the challenges (RFC 6750 §3), if any.
    public var realm: String? = nil
    /// A human-readable name, published as `resource_name` (RFC 9728 §2).
    public var resourceName: String? = nil
    /// Whether `http://` URLs are accepted for loopback hosts (127.0.0.1, [::1], localhost) in discovery,
    /// `jwks_uri` and introspection — for tests and local development only. Default false.
    public var allowsInsecureLoopback = false

    public init(resource: String, authorizationServers: [String], scopesSupported: [String]? = nil, keys: Keys = .discover) {
        self.resource = resource
        self.authorizationServers = authorizationServers
        self.scopesSupported = scopesSupported
        self.keys = keys
    }
}
