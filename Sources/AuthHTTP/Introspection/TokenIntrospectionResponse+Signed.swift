// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
public import AuthJWT

extension TokenIntrospectionResponse {
    /// The JWT of a signed answer (RFC 9701 §5), before its signature is checked: the caller looks up the
    /// authorization server's keys (by the header's `kid`) and passes them to
    /// ``init(verifying:keys:issuer:audiences:leewaySeconds:now:)``.
    ///
    /// ```swift
    /// let jwt = try TokenIntrospectionResponse.signedAnswer(response)
    /// let keys = try await keysOfTheIssuer(keyID: jwt.header.keyID)
    /// let answer = try TokenIntrospectionResponse(verifying: jwt, keys: keys, issuer: issuer, audiences: [clientID],
    ///                                             leewaySeconds: 60, now: now)
    /// ```
    ///
    /// Checked: status 200 and at most 64 KiB; `Content-Type` is `application/token-introspection+jwt`; the body
    /// is a compact JWS whose `typ` is `token-introspection+jwt` (or the full media type) and whose `alg` is
    /// asymmetric (never `none` or an HMAC).
    public static func signedAnswer(_ response: TransportResponse) throws(AuthHTTPError) -> JWT {
        try checkStatus(response)
        let contentType = response.header("Content-Type") ?? ""
        guard contentType.lowercased().hasPrefix(jwtMediaType) else {
            throw .invalidIntrospectionResponse("the answer is not application/token-introspection+jwt (RFC 9701 §5)")
        }
        let jwt: JWT
        do {
            jwt = try JWT(compact: trimmed(String(decoding: response.body, as: UTF8.self)))
        } catch {
            throw .invalidIntrospectionResponse("the answer is not a JWS: \(error)")
        }
        let type = jwt.header.type?.lowercased()
        guard type == "token-introspection+jwt" || type == jwtMediaType else {
            throw .invalidIntrospectionResponse("the answer's typ is not token-introspection+jwt (RFC 9701 §5)")
        }
        guard JWSAlgorithm.asymmetric.contains(jwt.header.algorithm) else {
            throw .invalidIntrospectionResponse("the answer's alg is not an asymmetric signature algorithm (RFC 9701 §5)")
        }
        return jwt
    }

    /// The answer in a signed JWT (RFC 9701 §5), verified.
    ///
    /// Checked: the signature verifies with one of `keys` (asymmetric algorithms only); `iss` is `issuer`
    /// exactly; `aud` contains one of `audiences` (the caller's client id, or the resource); `iat` is present
    /// and not later than `now` plus `leewaySeconds`; `token_introspection` is an object with a boolean `active`.
    public init(
        verifying jwt: JWT, keys: JWKSet, issuer: String, audiences: [String], leewaySeconds: Int64, now: Int64
    ) throws(AuthHTTPError) {
        do {
            try jwt.jws.verifySignature(using: keys, allowedAlgorithms: JWSAlgorithm.asymmetric)
        } catch {
            throw .invalidIntrospectionResponse("the answer's signature does not verify: \(error)")
        }
        let claims = jwt.claims
        guard let statedIssuer = try? claims.issuer, statedIssuer.utf8.elementsEqual(issuer.utf8) else {
            throw .invalidIntrospectionResponse("the answer's iss is not the authorization server (RFC 9701 §5)")
        }
        let stated = Self.audiences(claims.object["aud"])
        guard stated.contains(where: { candidate in audiences.contains { $0.utf8.elementsEqual(candidate.utf8) } }) else {
            throw .invalidIntrospectionResponse("the answer's aud is not this client or resource (RFC 9701 §5)")
        }
        guard let issuedAt = (try? claims.issuedAt) ?? nil else {
            throw .invalidIntrospectionResponse("the answer has no iat (RFC 9701 §5)")
        }
        guard issuedAt.secondsSince1970 <= now.saturatingAdd(leewaySeconds) else {
            throw .invalidIntrospectionResponse("the answer was issued in the future")
        }
        guard let answer = claims.object["token_introspection"]?.objectValue else {
            throw .invalidIntrospectionResponse("the answer has no token_introspection object (RFC 9701 §5)")
        }
        try self.init(members: answer)
    }

    /// `aud` as strings: one string, or the strings of an array.
    private static func audiences(_ value: JSONValue?) -> [String] {
        if let one = value?.stringValue { return [one] }
        return value?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// Without leading and trailing spaces, tabs and line breaks.
    private static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }
}
