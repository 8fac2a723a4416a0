// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthHTTP
import AuthJSON
import AuthJWT

/// A JWT introspection response (RFC 9701 §5), verified; its `token_introspection` claim is the answer.
enum SignedIntrospectionResponse {
    static func verify(
        _ response: TransportResponse, issuer: String, audiences: [String], keys directory: KeyDirectory,
        transport: any HTTPTransport, leewaySeconds: Int64, now: Int64
    ) async throws(ResourceServerError) -> JSONObject {
        let contentType = response.header("Content-Type") ?? ""
        guard contentType.lowercased().hasPrefix("application/token-introspection+jwt") else {
            throw .introspectionFailed("the answer is not application/token-introspection+jwt (RFC 9701 §5)")
        }
        let jwt: JWT
        do {
            jwt = try JWT(compact: String(decoding: response.body, as: UTF8.self).trimmingWhitespace())
        } catch {
            throw .introspectionFailed("the answer is not a JWS: \(error)")
        }
        let type = jwt.header.type?.lowercased()
        guard type == "token-introspection+jwt" || type == "application/token-introspection+jwt" else {
            throw .introspectionFailed("the answer's typ is not token-introspection+jwt (RFC 9701 §5)")
        }
        guard AccessTokenValidator.isAsymmetric(jwt.header.algorithm) else {
            throw .introspectionFailed("the answer's alg '\(ResourceServerError.shown(jwt.header.algorithm.rawValue))' is not allowed")
        }
        let keys: JWKSet
        switch try await directory.keys(for: issuer, now: now) {
        case .fixed(let set):
            keys = set
        case .cached(let cache):
            do {
                var snapshot = try await cache.current(
                    using: transport, now: NumericDate(secondsSince1970: now), maximumAgeSeconds: directory.keySetMaximumAgeSeconds
                ).snapshot
                if let keyID = jwt.header.keyID, !snapshot.keys.keys.contains(where: { $0.keyID == keyID }),
                    let fresh = try await cache.refetch(
                        after: snapshot.generation, using: transport, now: NumericDate(secondsSince1970: now), cooldownSeconds: 60)
                {
                    snapshot = fresh
                }
                keys = snapshot.keys
            } catch {
                throw .keysUnavailable(error)
            }
        }
        do {
            try jwt.jws.verifySignature(using: keys, allowedAlgorithms: JWSAlgorithm.asymmetric)
        } catch {
            throw .introspectionFailed("the answer's signature does not verify: \(error)")
        }
        let claims = ClaimReader(jwt.claims.object)
        guard let stated = try claims.string("iss"), stated.utf8.elementsEqual(issuer.utf8) else {
            throw .introspectionFailed("the answer's iss is not the authorization server (RFC 9701 §5)")
        }
        guard let audience = try claims.audiences(),
            audience.contains(where: { candidate in audiences.contains { $0.utf8.elementsEqual(candidate.utf8) } })
        else {
            throw .introspectionFailed("the answer's aud is not this resource server (RFC 9701 §5)")
        }
        guard let issuedAt = try claims.date("iat") else { throw .introspectionFailed("the answer has no iat (RFC 9701 §5)") }
        guard issuedAt <= now.saturatingAdd(leewaySeconds) else { throw .introspectionFailed("the answer was issued in the future") }
        guard let answer = jwt.claims.object["token_introspection"]?.objectValue else {
            throw .introspectionFailed("the answer has no token_introspection object (RFC 9701 §5)")
        }
        return answer
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
