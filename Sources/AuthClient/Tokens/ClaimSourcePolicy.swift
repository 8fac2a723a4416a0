// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
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
///
/// A distributed source's `endpoint` is called only when it is on the origin (scheme, host and port) of a
/// trusted issuer or starts with one of ``trustedEndpoints``: the userinfo response names the URL, and its
/// signer is known only after the call, so an untrusted URL is never fetched (no request to a host the
/// response chose, such as a service inside the app's network).
public struct ClaimSourcePolicy: Sendable, Hashable {
    /// The issuers whose signed claims are accepted, compared exactly.
    public var trustedIssuers: [String]
    /// Prefixes of distributed claims endpoints to call besides those on a trusted issuer's origin, each an
    /// https URL ending in `/` (or a whole endpoint URL), compared byte for byte.
    public var trustedEndpoints: [String]

    /// A policy that trusts `trustedIssuers` (and their origins' endpoints) and `trustedEndpoints`; no
    /// issuer trusts none, and every source is refused.
    public init(trustedIssuers: [String], trustedEndpoints: [String] = []) {
        self.trustedIssuers = trustedIssuers
        self.trustedEndpoints = trustedEndpoints
    }

    /// `.` and `..`, as written or percent-encoded (RFC 3986 §2.3, §5.2.4).
    private static let dotSegments: Set<String> = [".", "..", "%2e", "%2e%2e", ".%2e", "%2e."]

    /// Whether a distributed claims endpoint may be called: on a trusted issuer's origin, or under a
    /// trusted endpoint prefix. An endpoint with user information or a dot segment is never trusted.
    func trusts(endpoint: String) -> Bool {
        guard let uri = try? URI(parsing: endpoint), uri.userinfo == nil,
            !uri.path.split(separator: "/").contains(where: { Self.dotSegments.contains($0.lowercased()) })
        else { return false }
        if trustedEndpoints.contains(where: { endpoint.utf8.starts(with: $0.utf8) }) { return true }
        return trustedIssuers.contains { issuer in
            guard let trusted = try? URI(parsing: issuer) else { return false }
            return trusted.scheme.lowercased() == uri.scheme.lowercased() && trusted.host?.lowercased() == uri.host?.lowercased()
                && trusted.port == uri.port
        }
    }
}
