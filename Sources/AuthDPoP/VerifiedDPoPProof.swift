// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A DPoP proof that passed every check of ``DPoPProofVerifier`` (RFC 9449 §4.3).
///
/// ```swift
/// let proof = try await verifier.verify(proof: header, method: "GET", url: url, accessToken: token)
/// guard proof.thumbprint == accessTokenClaims.confirmationThumbprint else { … }   // cnf.jkt, RFC 9449 §6
/// ```
///
/// Binding the access token to the key (its `cnf.jkt` equal to ``thumbprint``, RFC 9449 §4.3 step 12,
/// §6.1) is the caller's check: the verifier sees the proof and the token's hash, not the token's claims.
public struct VerifiedDPoPProof: Sendable, Hashable {
    /// The RFC 7638 thumbprint of the proof's `jwk`, base64url: the `jkt` a bound token carries.
    public var thumbprint: String
    /// `jti`: the proof's unique identifier, now remembered by the replay cache.
    public var jti: String
    /// `iat`, in seconds since 1970.
    public var issuedAt: Int64
    /// `htm`: the method, as sent (equal to the request's).
    public var method: String
    /// `htu`, normalized (RFC 3986 §6.2.2–6.2.3), without query and fragment.
    public var url: String
    /// The JWS `alg` the proof was signed with.
    public var algorithm: String
    /// `nonce`, when the proof carried one.
    public var nonce: String?

    /// A verified proof's fields (for tests and for stores that keep them).
    public init(thumbprint: String, jti: String, issuedAt: Int64, method: String, url: String, algorithm: String, nonce: String?) {
        self.thumbprint = thumbprint
        self.jti = jti
        self.issuedAt = issuedAt
        self.method = method
        self.url = url
        self.algorithm = algorithm
        self.nonce = nonce
    }
}
