// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Which claims providers' aggregated and distributed claims (OpenID Connect Core §5.6.2) a client accepts:
/// the issuers it trusts to sign them.
///
/// ```swift
/// let policy = ClaimSourcePolicy(trustedIssuers: ["https://claims.example.com"])
/// let profile = try await user.fetchProfile(resolvingClaimSourcesWith: policy)
/// ```
///
/// A source's JWT names its signer in `iss`; it is used only when that issuer is listed here exactly. The
/// keys are then the issuer's own: its discovery document (OpenID Connect Discovery §4, or RFC 8414) is
/// fetched and its `jwks_uri` read — or, for the client's own issuer, the provider's keys the ID token is
/// validated with. Not checked: that the claims are true; a trusted issuer vouches for them.
public struct ClaimSourcePolicy: Sendable, Hashable {
    /// The issuers whose signed claims are accepted, compared exactly.
    public var trustedIssuers: [String]

    /// A policy that trusts `trustedIssuers`; empty trusts none, and every source is refused.
    public init(trustedIssuers: [String]) {
        self.trustedIssuers = trustedIssuers
    }
}
