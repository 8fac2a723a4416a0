// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthHTTP
import AuthJSON
import AuthJWT

extension AuthClient {
    /// The userinfo claims with those of their aggregated and distributed sources (OpenID Connect Core
    /// §5.6.2) merged in, each source verified first; `_claim_names` and `_claim_sources` are left out.
    ///
    /// ```swift
    /// let merged = try await client.resolvingClaimSources(
    ///     of: profile, policy: ClaimSourcePolicy(trustedIssuers: ["https://claims.example.com"]))
    /// merged.claims["credit_score"]
    /// ```
    ///
    /// For each source, in this order: an aggregated source's `JWT`, or what a distributed source's
    /// `endpoint` answers to a GET with the source's own `access_token` (`Authorization: Bearer`; never the
    /// user's token; the endpoint must be https), is a signed JWT (not encrypted, not `none`, not HS256; one
    /// of ``ClientConfiguration/allowedAlgorithms``); its `iss` is one of the policy's trusted issuers
    /// (``AuthClientError/untrustedClaimSource(source:issuer:)`` otherwise — checked before any key is
    /// fetched); the signature verifies with that issuer's keys; `exp` and `nbf`, when present, hold; and it
    /// holds every claim `_claim_names` maps to it. Then each such claim is added, and only those: a claim the
    /// response already holds itself is never overwritten (``AuthClientError/claimSourceConflict(claim:)``).
    /// Any other failure is ``AuthClientError/invalidClaimSource(source:reason:cause:)``, except that a claims
    /// provider whose discovery or keys cannot be fetched throws that fetch's own error (transport, metadata,
    /// key set); nothing is merged unless every source passes. A distributed source's endpoint is called only
    /// when the policy trusts it (``ClaimSourcePolicy/trustedEndpoints``, or a trusted issuer's origin), else
    /// ``AuthClientError/untrustedClaimSource(source:issuer:)`` before any request.
    public func resolvingClaimSources(of info: UserInfo, policy: ClaimSourcePolicy) async throws(AuthClientError) -> UserInfo {
        let sources = try info.claimSources
        guard !sources.isEmpty else { return info }
        // `_claim_names` and `_claim_sources` are the response's own: no source may bring them back.
        for source in sources {
            if let reserved = source.claimNames.first(where: { $0.hasPrefix("_claim_") }) {
                throw .invalidClaimSource(source: source.name, reason: "_claim_names maps the reserved member '\(reserved)'", cause: nil)
            }
        }
        var merged = JSONObject()
        for (name, value) in info.claims.object.members where name != "_claim_names" && name != "_claim_sources" {
            try? merged.append(name, value)
        }
        var keySets: [String: JWKSet] = [:]
        for source in sources {
            let token: String
            switch source.location {
            case .aggregated(let jwt):
                token = jwt
            case .distributed(let endpoint, let accessToken):
                guard !policy.trustedIssuers.isEmpty, policy.trusts(endpoint: endpoint) else {
                    throw .untrustedClaimSource(source: source.name, issuer: "(not fetched)")
                }
                token = try await fetchDistributedClaims(source: source.name, endpoint: endpoint, accessToken: accessToken)
            }
            let claims = try await verifiedSourceClaims(token, source: source.name, policy: policy, keySets: &keySets)
            for claim in source.claimNames {
                guard let value = claims[claim] else {
                    throw .invalidClaimSource(
                        source: source.name, reason: "its JWT lacks '\(claim)', which _claim_names maps to it", cause: nil)
                }
                guard merged[claim] == nil else { throw .claimSourceConflict(claim: claim) }
                try? merged.append(claim, value)
            }
        }
        return try UserInfo(merged, signingAlgorithm: info.signingAlgorithm, signingKeyID: info.signingKeyID)
    }

    /// The JWT a distributed claims endpoint answers (Core §5.6.2).
    private func fetchDistributedClaims(source: String, endpoint: String, accessToken: String?) async throws(AuthClientError) -> String {
        do {
            try SecureURL.check(endpoint, name: "claims endpoint", allowsInsecureLoopback: configuration.allowsInsecureLoopbackIssuer)
        } catch {
            throw .invalidClaimSource(source: source, reason: "its endpoint is not https", cause: nil)
        }
        var request = TransportRequest(method: .get, url: endpoint)
        request.setHeader("Accept", "application/jwt")
        if let accessToken { request.setHeader("Authorization", "Bearer " + accessToken) }
        let response = try await transport.exchange(request)
        guard response.status == 200 else {
            throw .invalidClaimSource(source: source, reason: "its endpoint answered \(response.status)", cause: nil)
        }
        return Self.trimmed(Substring(String(decoding: response.body, as: UTF8.self)))
    }

    /// A source JWT's claims once its issuer is trusted and its signature, `exp` and `nbf` are checked.
    private func verifiedSourceClaims(
        _ token: String, source: String, policy: ClaimSourcePolicy, keySets: inout [String: JWKSet]
    ) async throws(AuthClientError) -> JWTClaims {
        func refused(_ error: AuthJWTError) -> AuthClientError {
            .invalidClaimSource(source: source, reason: "its JWT failed its checks", cause: error)
        }
        if token.utf8.filter({ $0 == UInt8(ascii: ".") }).count == 4 {
            throw .invalidClaimSource(source: source, reason: "its JWT is encrypted (JWE), which AuthFlow does not decrypt", cause: nil)
        }
        let named: String?
        do {
            named = try JWT(compact: token).claims.issuer
        } catch {
            throw refused(error)
        }
        guard let issuer = named else { throw refused(.missingClaim("iss")) }
        guard policy.trustedIssuers.contains(where: { $0.utf8.elementsEqual(issuer.utf8) }) else {
            throw .untrustedClaimSource(source: source, issuer: issuer)
        }
        var validator = JWTValidator(
            allowedAlgorithms: configuration.allowedAlgorithms.filter { $0 != .none && !$0.rawValue.hasPrefix("HS") })
        validator.requiresExpiration = false
        validator.leewaySeconds = configuration.leewaySeconds
        validator.issuer = issuer
        let now = clock.now()
        if issuer.utf8.elementsEqual(metadata.issuer.utf8) {
            return try await withProviderKeys(refused: refused) { (keys) throws(AuthJWTError) in
                try validator.validate(token, keys: keys, now: now).jwt.claims
            }
        }
        let keys: JWKSet
        if let known = keySets[issuer] {
            keys = known
        } else {
            keys = try await claimsProviderKeys(issuer: issuer, source: source)
            keySets[issuer] = keys
        }
        do {
            return try validator.validate(token, keys: keys, now: now).jwt.claims
        } catch {
            throw refused(error)
        }
    }

    /// A trusted claims provider's JWK Set: its metadata discovered, then its `jwks_uri` fetched.
    private func claimsProviderKeys(issuer: String, source: String) async throws(AuthClientError) -> JWKSet {
        let providerMetadata = try await ProviderMetadata.fetch(
            issuer: issuer, transport: transport, allowsInsecureLoopback: configuration.allowsInsecureLoopbackIssuer)
        guard let jwksURI = providerMetadata.jwksURI else {
            throw .invalidClaimSource(source: source, reason: "its issuer's metadata has no jwks_uri", cause: nil)
        }
        var request = TransportRequest(method: .get, url: jwksURI)
        request.setHeader("Accept", "application/json")
        let response = try await transport.exchange(request)
        guard response.status == 200 else {
            throw .invalidClaimSource(source: source, reason: "its issuer's jwks_uri answered \(response.status)", cause: nil)
        }
        do {
            return try JWKSet(json: response.body)
        } catch {
            throw .invalidKeySet(error)
        }
    }
}
