// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthDigest
import AuthJSON
import AuthJWT

/// DPoP proofs (RFC 9449 §4): a JWT signed with the client's DPoP key for one HTTP request.
enum DPoPProof {
    /// The proof for `method` on `url`: header `typ` "dpop+jwt", `alg`, `jwk` (the public key, §4.2);
    /// claims `jti` (unique), `htm`, `htu` (the normalized URL without query and fragment, §4.2, §4.3), `iat`, and `ath`
    /// (base64url SHA-256 of the access token, §4.2) for a resource request, `nonce` when the server gave one.
    static func make(
        key: any SigningKey, method: String, url: String, accessToken: String?, nonce: String?, now: NumericDate
    ) async throws(AuthClientError) -> String {
        var header = JSONObject()
        try? header.append("jwk", .object(key.publicJWK))
        var claims = JSONObject()
        try? claims.append("jti", .string(UniqueID.make()))
        try? claims.append("htm", .string(method))
        try? claims.append("htu", .string(targetURI(url)))
        try? claims.append("iat", .number(JSONNumber(now.secondsSince1970)))
        if let accessToken { try? claims.append("ath", .string(accessTokenHash(accessToken))) }
        if let nonce { try? claims.append("nonce", .string(nonce)) }
        return try await key.signedJWT(type: "dpop+jwt", claims: claims, header: header, includesKeyID: false)
    }

    /// `ath`: base64url(SHA-256(ASCII access token)) (RFC 9449 §4.2).
    static func accessTokenHash(_ accessToken: String) -> String {
        Base64URL.encode(SHA256.hash(data: Array(accessToken.utf8)))
    }

    /// `htu`: the target URI without its query and fragment (RFC 9449 §4.2), normalized as RFC 9449 §4.3
    /// compares it (RFC 3986 §6.2.2, §6.2.3: lower-case scheme and host, no default port, no dot-segments,
    /// upper-case percent-encodings, unreserved characters decoded). A URL that does not parse as a URI is
    /// cut at its first `?` or `#` instead.
    static func targetURI(_ url: String) -> String {
        guard let uri = try? URI(parsing: url) else { return String(url.prefix { $0 != "?" && $0 != "#" }) }
        return uri.normalizedTarget
    }

    /// The URL a request with a proof is sent to: `url` normalized the same way, query and fragment kept, so
    /// that the server sees the target URI the proof's `htu` names; `url` as given when it does not parse.
    static func normalizedURL(_ url: String) -> String {
        (try? URI(parsing: url))?.normalized ?? url
    }

    /// The key nonces are kept under: scheme, host and port of `url` (RFC 9449 §8: a nonce is per server).
    static func origin(_ url: String) -> String {
        guard let uri = try? URI(parsing: url) else { return targetURI(url) }
        return "\(uri.scheme.lowercased())://\(uri.host?.lowercased() ?? "")\(uri.port.map { ":\($0)" } ?? "")"
    }
}
