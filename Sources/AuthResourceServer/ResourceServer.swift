// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDPoP
public import AuthHTTP
import AuthJSON
import AuthJWT

/// Protects an API or an MCP server: authenticates each request's access token (RFC 9068 JWT or, with
/// introspection, an opaque token), its DPoP proof (RFC 9449), its scopes and the user's authentication,
/// and says how to answer a refusal (`WWW-Authenticate`, RFC 6750 §3) and where the resource's metadata is
/// (RFC 9728).
///
/// ```swift
/// let server = ResourceServer(
///     configuration: ResourceServerConfiguration(
///         resource: "https://mcp.example.com/mcp", authorizationServers: ["https://as.example.com"],
///         scopesSupported: ["mcp:tools"], keys: .discover),
///     transport: transport)
/// let request = ProtectedRequest(method: "POST", url: "https://mcp.example.com/mcp", headerFields: fields)
/// do {
///     let principal = try await server.authenticate(request, requiring: ["mcp:tools"])
///     print(principal.subject ?? "")
/// } catch {
///     let challenge = server.challenge(for: error)   // status, WWW-Authenticate, body
///     print(challenge.status)
/// }
/// ```
///
/// What ``authenticate(_:requiring:userAuthentication:)`` checks, in order:
/// 1. the request's credentials: one `Authorization` field with the `Bearer` or `DPoP` scheme and a
///    `b64token` (RFC 6750 §2.1), no token in the query (RFC 6750 §2, one method only), and for `DPoP`
///    exactly one `DPoP` proof field (RFC 9449 §4.3 check 1);
/// 2. the token: a JWT access token by ``AccessTokenValidator`` (every check of RFC 9068 §4) with the
///    issuer's keys, fetched and cached; or, when it is not a JWS and introspection is configured, the
///    introspection endpoint's answer (RFC 7662, see ``TokenIntrospector``);
/// 3. the binding: a token with `cnf.jkt` only with the `DPoP` scheme and a proof that verifies (RFC
///    9449 §4.3, §7.1: `ath`, `htm`, `htu`, `iat`, `jti` replay, nonce) by the key whose RFC 7638
///    thumbprint is `cnf.jkt`; the `DPoP` scheme only with a bound token; `Bearer` refused under
///    ``ResourceServerConfiguration/DPoPPolicy/required``;
/// 4. the scopes the request needs (403 `insufficient_scope` otherwise);
/// 5. the user's authentication, when a ``UserAuthenticationRequirement`` is given (RFC 9470).
///
/// Not checked: the request body (RFC 6750 §2.2's form parameter is not supported), whether the token was
/// revoked (for JWTs; introspect or keep lifetimes short), mutual-TLS bound tokens (RFC 8705; refused).
public struct ResourceServer: Sendable {
    /// The configuration it was made with.
    public let configuration: ResourceServerConfiguration
    let transport: any HTTPTransport
    let now: @Sendable () -> Int64
    let validator: AccessTokenValidator
    let keyDirectory: KeyDirectory
    let introspector: TokenIntrospector?
    let dpopVerifier: DPoPProofVerifier

    /// A resource server that fetches keys, metadata and introspection answers with `transport`, and
    /// reads the time from `now` (seconds since 1970; the system clock when nil).
    public init(
        configuration: ResourceServerConfiguration, transport: some HTTPTransport, now: (@Sendable () -> Int64)? = nil
    ) {
        self.configuration = configuration
        self.transport = transport
        self.now = now ?? SystemClock.now
        var validator = AccessTokenValidator(
            issuers: configuration.authorizationServers, audience: configuration.resource,
            allowedAlgorithms: configuration.allowedAlgorithms)
        validator.leewaySeconds = configuration.leewaySeconds
        validator.maximumTokenAgeSeconds = configuration.maximumTokenAgeSeconds
        validator.maximumCandidateKeys = configuration.maximumCandidateKeys
        self.validator = validator
        keyDirectory = KeyDirectory(
            keys: configuration.keys, transport: transport, allowsInsecureLoopback: configuration.allowsInsecureLoopback,
            keySetMaximumAgeSeconds: configuration.keySetMaximumAgeSeconds)
        let clock = now ?? SystemClock.now
        let replayCache: any DPoPReplayCache = configuration.dpopReplayCache ?? InMemoryDPoPReplayCache(now: clock)
        dpopVerifier = DPoPProofVerifier(
            configuration: configuration.dpopVerification, replayCache: replayCache, nonces: configuration.dpopNonces, now: clock)
        introspector = configuration.introspection.map {
            TokenIntrospector(
                configuration: $0, resource: configuration.resource, leewaySeconds: configuration.leewaySeconds, transport: transport,
                allowsInsecureLoopback: configuration.allowsInsecureLoopback, now: now ?? SystemClock.now)
        }
    }

    /// Authenticates `request`: its token, its DPoP proof, `scopes` and, when given, the user's
    /// authentication (see the type's documentation for each check). Throws the first refusal;
    /// ``challenge(for:)`` turns it into the answer.
    public func authenticate(
        _ request: ProtectedRequest, requiring scopes: [String] = [], userAuthentication: UserAuthenticationRequirement? = nil
    ) async throws(ResourceServerError) -> AccessPrincipal {
        let credentials = try PresentedCredentials(request)
        switch (credentials.scheme, configuration.dpop) {
        case (.dpop, .disabled): throw .unsupportedScheme("DPoP")
        case (.bearer, .required): throw .dpopRequired
        default: break
        }
        if credentials.scheme == .dpop {
            guard credentials.proofs.count <= 1 else { throw .multipleDPoPProofs }
            guard !credentials.proofs.isEmpty else { throw .missingDPoPProof }
        }
        let time = now()
        var principal = try await validate(token: credentials.token, now: time)
        switch credentials.scheme {
        case .bearer:
            guard principal.confirmation == nil else { throw .dpopBindingRequired }
        case .dpop:
            guard let thumbprint = principal.confirmation else { throw .unboundTokenWithDPoP }
            try await checkProof(credentials.proofs[0], of: request, token: credentials.token, thumbprint: thumbprint, into: &principal)
        }
        guard principal.hasScopes(scopes) else { throw .insufficientScope(required: scopes, granted: principal.scopes) }
        if let userAuthentication { try Self.check(userAuthentication, principal, now: time) }
        return principal
    }

    /// The token's principal: introspected when it is not a JWS and introspection is configured, else
    /// validated as a JWT access token with its issuer's keys.
    func validate(token: String, now: Int64) async throws(ResourceServerError) -> AccessPrincipal {
        if let introspector, !Self.isCompactJWS(token) {
            return try await introspector.introspect(token)
        }
        let unverified = try validator.inspect(token)
        switch try await keyDirectory.keys(for: unverified.issuer, now: now) {
        case .fixed(let keys):
            return try validator.verify(unverified, keys: keys, now: now)
        case .cached(let cache):
            return try await verify(unverified, with: cache, now: now)
        }
    }

    /// Verifies with the cached set; when no key has the token's `kid`, refetches once (key rotation)
    /// unless a refetch that did not help was made within the cooldown — the client's rule.
    private func verify(_ token: UnverifiedAccessToken, with cache: KeySetCache, now: Int64) async throws(ResourceServerError)
        -> AccessPrincipal
    {
        let cached: KeySetCache.Snapshot
        let fetched: Bool
        guard (configuration.keySetMaximumAgeSeconds ?? 1) > 0 else {
            throw .invalidConfiguration("keySetMaximumAgeSeconds must be positive")
        }
        do {
            (cached, fetched) = try await cache.current(
                using: transport, now: NumericDate(secondsSince1970: now), maximumAgeSeconds: keyDirectory.keySetMaximumAgeSeconds)
        } catch {
            throw .keysUnavailable(error)
        }
        do {
            return try validator.verify(token, keys: cached.keys, now: now)
        } catch .invalidSignature(.noMatchingKey(let keyID, let algorithm)) where !fetched {
            let fresh: KeySetCache.Snapshot?
            do {
                fresh = try await cache.refetch(
                    after: cached.generation, using: transport, now: NumericDate(secondsSince1970: now),
                    cooldownSeconds: configuration.keySetRefetchCooldownSeconds)
            } catch {
                throw .keysUnavailable(error)
            }
            guard let fresh else { throw .invalidSignature(.noMatchingKey(keyID: keyID, algorithm: algorithm)) }
            do {
                let principal = try validator.verify(token, keys: fresh.keys, now: now)
                await cache.refetchHelped(generation: fresh.generation)
                return principal
            } catch {
                if case .invalidSignature(.noMatchingKey) = error {} else { await cache.refetchHelped(generation: fresh.generation) }
                throw error
            }
        } catch {
            throw error
        }
    }

    /// RFC 9470: `acr` among the acceptable values, `auth_time` recent enough.
    static func check(_ requirement: UserAuthenticationRequirement, _ principal: AccessPrincipal, now: Int64) throws(ResourceServerError) {
        let refusal = ResourceServerError.insufficientUserAuthentication(acrValues: requirement.acrValues, maxAge: requirement.maxAge)
        if !requirement.acrValues.isEmpty {
            guard let acr = principal.acr, requirement.acrValues.contains(where: { $0.hasSameBytes(as: acr) }) else {
                throw refusal
            }
        }
        if let maxAge = requirement.maxAge {
            guard let authTime = principal.authTime, now <= authTime.saturatingAdd(maxAge) else { throw refusal }
        }
    }

    /// Three base64url segments: the shape of a compact JWS; anything else is an opaque token.
    static func isCompactJWS(_ token: String) -> Bool {
        token.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) } == 2
    }
}
