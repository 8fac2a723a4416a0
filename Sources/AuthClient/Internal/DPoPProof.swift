// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthDPoP
import AuthJSON
import AuthJWT

/// DPoP proofs (RFC 9449 §4) made with the client's `SigningKey`: AuthDPoP's `DPoPProofBuilder` writes the
/// claims and `htu`, the same code the server side's verifier is tested against.
enum DPoPProof {
    /// The proof for `method` on `url`: header `typ` "dpop+jwt", `alg`, `jwk` (the public key, §4.2);
    /// claims `jti` (unique), `htm`, `htu` (the normalized URL without query and fragment, §4.2, §4.3), `iat`, and `ath`
    /// (base64url SHA-256 of the access token, §4.2) for a resource request, `nonce` when the server gave one.
    static func make(
        key: any SigningKey, method: String, url: String, accessToken: String?, nonce: String?, now: NumericDate
    ) async throws(AuthClientError) -> String {
        var header = JSONObject()
        try? header.append("jwk", .object(key.publicJWK))
        let claims = DPoPProofBuilder.claims(
            jti: UniqueID.make(), method: method, url: url, issuedAt: now.secondsSince1970, accessToken: accessToken, nonce: nonce)
        return try await key.signedJWT(type: DPoPProofBuilder.type, claims: claims, header: header, includesKeyID: false)
    }

    /// The URL a request with a proof is sent to: `url` normalized the same way, query and fragment kept, so
    /// that the server sees the target URI the proof's `htu` names; `url` as given when it does not parse.
    static func normalizedURL(_ url: String) -> String {
        (try? URI(parsing: url))?.normalized ?? url
    }

    /// The key nonces are kept under: scheme, host and port of `url` (RFC 9449 §8: a nonce is per server).
    static func origin(_ url: String) -> String {
        guard let uri = try? URI(parsing: url) else { return DPoPProofBuilder.targetURI(url) }
        return "\(uri.scheme.lowercased())://\(uri.host?.lowercased() ?? "")\(uri.port.map { ":\($0)" } ?? "")"
    }
}
