// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJSON
public import AuthJWT

/// Makes DPoP proofs (RFC 9449 §4.2): the client's half of what ``DPoPProofVerifier`` checks, with the
/// same `htu` normalization, so that what one side writes the other side reads.
///
/// ```swift
/// let proof = DPoPProofBuilder.proof(
///     signedWith: key, jti: uniqueID, method: "GET", url: "https://api.example.com/orders?page=2",
///     issuedAt: now, accessToken: token, nonce: serverNonce)
/// request.setHeader("DPoP", proof)
/// ```
///
/// A key other than `P256PrivateKey` (a Secure Enclave key, an HSM) signs
/// `JWS.signingInput(header: header(algorithm:publicJWK:), payload: JSONValue.object(claims(…)).serialized())`
/// itself (AuthClient's `SigningKey` does). Not done here: choosing `jti` (128 random bits are plenty;
/// AuthClient uses the system generator) and remembering the server's nonce (AuthClient keeps one per origin).
public enum DPoPProofBuilder {
    /// The proof's `typ`: `dpop+jwt` (RFC 9449 §4.2).
    public static let type = "dpop+jwt"

    /// The protected header: `typ` `dpop+jwt`, `alg`, and the public key as `jwk` (RFC 9449 §4.2).
    /// `publicJWK` must hold public members only.
    public static func header(algorithm: String, publicJWK: JSONObject) -> JSONObject {
        var header = JSONObject()
        try? header.append("typ", .string(type))
        try? header.append("alg", .string(algorithm))
        try? header.append("jwk", .object(publicJWK))
        return header
    }

    /// The claims (RFC 9449 §4.2): `jti`, `htm` (`method` as given), `htu` (``targetURI(_:)`` of `url`),
    /// `iat`, `ath` (``DPoPAccessTokenHash``) when `accessToken` is given, `nonce` when the server gave one.
    public static func claims(
        jti: String, method: String, url: String, issuedAt: Int64, accessToken: String? = nil, nonce: String? = nil
    ) -> JSONObject {
        var claims = JSONObject()
        try? claims.append("jti", .string(jti))
        try? claims.append("htm", .string(method))
        try? claims.append("htu", .string(targetURI(url)))
        try? claims.append("iat", .number(JSONNumber(issuedAt)))
        if let accessToken { try? claims.append("ath", .string(DPoPAccessTokenHash.hash(accessToken))) }
        if let nonce { try? claims.append("nonce", .string(nonce)) }
        return claims
    }

    /// `htu`: the target URI without query and fragment (RFC 9449 §4.2), normalized as the verifier
    /// compares it (RFC 3986 §6.2.2–6.2.3: lower-case scheme and host, no default port, no dot-segments,
    /// upper-case percent-encodings, unreserved characters decoded, an empty path as `/`). A URL that does not
    /// parse as an absolute URI is cut at its first `?` or `#` instead.
    public static func targetURI(_ url: String) -> String {
        TargetURI.normalized(url) ?? String(url.prefix { $0 != "?" && $0 != "#" })
    }

    /// An ES256 proof signed with `key` (deterministic RFC 6979 signature, `kid` left out).
    public static func proof(
        signedWith key: P256PrivateKey, jti: String, method: String, url: String, issuedAt: Int64, accessToken: String? = nil,
        nonce: String? = nil
    ) -> String {
        let header = header(algorithm: "ES256", publicJWK: key.publicJWK)
        let claims = claims(jti: jti, method: method, url: url, issuedAt: issuedAt, accessToken: accessToken, nonce: nonce)
        let input = JWS.signingInput(header: header, payload: JSONValue.object(claims).serialized())
        return JWS.compact(signingInput: input, signature: key.signature(for: input))
    }
}
