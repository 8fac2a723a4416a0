// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
public import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// One source of claims that userinfo points to (OpenID Connect Core §5.6.2).
    ///
    /// ```swift
    /// var credit = JSONObject()
    /// try credit.append("credit_score", 650)
    /// configuration.claimSources = [.init(name: "src1", claims: credit, isDistributed: true)]
    /// ```
    public struct ClaimSourceSetup: Sendable {
        /// The source's name in `_claim_sources`.
        public var name: String
        /// The claims it holds, each named in `_claim_names`.
        public var claims: JSONObject
        /// Whether the claims are at the claims provider's endpoint (distributed) rather than inside the
        /// userinfo answer as a JWT (aggregated).
        public var isDistributed: Bool

        public init(name: String, claims: JSONObject, isDistributed: Bool = false) {
            self.name = name
            self.claims = claims
            self.isDistributed = isDistributed
        }
    }

    /// Something wrong with the next claim sources, to see the client refuse them.
    public enum ClaimSourceDefect: String, CaseIterable, Sendable {
        /// The source JWT names an issuer nobody trusts (and is signed by a key it does not publish).
        case untrustedIssuer
        /// The source JWT's signature does not verify.
        case badSignature
        /// `_claim_names` maps the user's own `name` to a source that holds a `name` too.
        case overwritesOwnClaim
        /// The source JWT lacks a claim `_claim_names` maps to it.
        case missingClaim
        /// The distributed claims endpoint refuses the source's access token (401).
        case refusesAccessToken
    }

    /// Makes the next claim sources (the next userinfo answer's, and the claims fetched for it) defective.
    public func spoilNextClaimSources(_ defect: ClaimSourceDefect) {
        state.withLock { $0.claimSourceDefect = defect }
    }

    /// The `Authorization` header of each request the distributed claims endpoint received (nil: none).
    public var claimsEndpointAuthorizations: [String?] {
        state.withLock { $0.claimsEndpointAuthorizations }
    }

    /// The access token a distributed source's endpoint accepts.
    static func claimsAccessToken(_ source: String) -> String { "claims-token-" + source }

    /// Adds `_claim_names` and `_claim_sources` for the configured sources (none: nothing).
    func appendClaimSources(to claims: inout JSONObject) {
        guard !configuration.claimSources.isEmpty else { return }
        let defect = state.withLock { $0.claimSourceDefect }
        var names = JSONObject()
        var sources = JSONObject()
        for source in configuration.claimSources {
            for (claim, _) in source.claims.members { try? names.append(claim, .string(source.name)) }
            if defect == .overwritesOwnClaim, source.name == configuration.claimSources.first?.name, claims["name"] != nil {
                try? names.append("name", .string(source.name))
            }
            if source.isDistributed {
                let endpoint = configuration.claimsProviderIssuer + "/claims/" + source.name
                try? sources.append(
                    source.name, ["endpoint": .string(endpoint), "access_token": .string(Self.claimsAccessToken(source.name))])
            } else {
                try? sources.append(source.name, ["JWT": .string(sourceJWT(source, defect: defect))])
                state.withLock { $0.claimSourceDefect = nil }
            }
        }
        try? claims.append("_claim_names", .object(names))
        try? claims.append("_claim_sources", .object(sources))
    }

    /// A source's claims as a JWT signed by the claims provider (or spoiled by `defect`).
    func sourceJWT(_ source: ClaimSourceSetup, defect: ClaimSourceDefect?) -> String {
        var claims = JSONObject()
        let untrusted = defect == .untrustedIssuer
        try? claims.append("iss", .string(untrusted ? "https://untrusted-claims.authflow.test" : configuration.claimsProviderIssuer))
        let skipped = defect == .missingClaim ? source.claims.members.first?.name : nil
        for (name, value) in source.claims.members where name != skipped { try? claims.append(name, value) }
        if defect == .overwritesOwnClaim { try? claims.append("name", "Someone Else") }
        let key = untrusted ? TestSigningKey.rs256 : configuration.claimsProviderKey
        var token = state.withLock { key.sign(claims: claims, using: &$0.generator) }
        if defect == .badSignature {
            let last = token.removeLast()
            token.append(last == "A" ? "Q" : "A")
        }
        return token
    }

    /// The claims provider's discovery document, JWK Set and distributed claims endpoint; nil for any other URL.
    func claimsProviderResponse(_ request: TransportRequest) -> TransportResponse? {
        let issuer = configuration.claimsProviderIssuer
        guard request.url.hasPrefix(issuer + "/") else { return nil }
        let path = String(request.url.dropFirst(issuer.count))
        switch path {
        case "/.well-known/openid-configuration":
            return Self.json(
                200,
                [
                    "issuer": .string(issuer), "authorization_endpoint": .string(issuer + "/authorize"),
                    "token_endpoint": .string(issuer + "/token"), "jwks_uri": .string(issuer + "/jwks"),
                ])
        case "/jwks":
            return Self.json(200, TestSigningKey.jwkSet([configuration.claimsProviderKey]))
        default:
            guard path.hasPrefix("/claims/"), let source = configuration.claimSources.first(where: { "/claims/" + $0.name == path }) else {
                return TransportResponse(status: 404)
            }
            let authorization = request.header("Authorization")
            let defect: ClaimSourceDefect? = state.withLock { state in
                state.claimsEndpointAuthorizations.append(authorization)
                defer { state.claimSourceDefect = nil }
                return state.claimSourceDefect
            }
            guard defect != .refusesAccessToken, authorization == "Bearer " + Self.claimsAccessToken(source.name) else {
                return TransportResponse(
                    status: 401, headerFields: [HeaderField(name: "WWW-Authenticate", value: "Bearer error=\"invalid_token\"")])
            }
            return TransportResponse(
                status: 200, headerFields: [HeaderField(name: "Content-Type", value: "application/jwt")],
                body: Array(sourceJWT(source, defect: defect).utf8))
        }
    }
}
