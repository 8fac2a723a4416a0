// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0
import AuthBase64URL
import AuthDPoP
import AuthJSON
import AuthJWT
import AuthResourceServer
import AuthTesting

/// One resource server and the RFC 9068 access tokens its issuer would mint, signed with AuthTesting's
/// published ES256 test key; the clock is fixed, nothing touches the network (the keys are given).
enum Fixture {
    static let origin = "https://mcp.example.com"
    static let resource = origin + "/mcp"
    static let issuer = "https://as.example.com"
    static let now: Int64 = 1_800_000_000
    static let metadataPath = "/.well-known/oauth-protected-resource/mcp"

    static func server() throws -> ResourceServer {
        let keys = try JWKSet(json: TestSigningKey.jwkSet([.es256]).serialized())
        return ResourceServer(
            configuration: ResourceServerConfiguration(
                resource: resource, authorizationServers: [issuer], scopesSupported: ["user"], keys: .keySet(keys)),
            transport: UnimplementedTransport.unimplemented("the keys are given"),
            now: { now })
    }

    /// An access token as RFC 9068 §2 shapes it: `typ` at+jwt, iss, sub, aud, client_id, scope, iat, exp, jti.
    static func token(scope: String = "user", audience: String = resource, subject: String = "alice", jkt: String? = nil) -> String {
        let header: JSONValue = ["alg": "ES256", "typ": "at+jwt", "kid": .string(TestSigningKey.es256.keyID ?? "")]
        var claims: JSONValue = [
            "iss": .string(issuer), "sub": .string(subject), "aud": .string(audience), "client_id": "client-1",
            "scope": .string(scope), "iat": .number(JSONNumber(now - 10)), "exp": .number(JSONNumber(now + 600)),
            "jti": "token-1",
        ]
        if let jkt, case .object(var object) = claims {
            try? object.append("cnf", ["jkt": .string(jkt)])  // RFC 9449 §6.1: bound to this key
            claims = .object(object)
        }
        let input = Base64URL.encode(header.serialized()) + "." + Base64URL.encode(claims.serialized())
        var generator = SeededRandomNumberGenerator(seed: 30)
        return input + "." + Base64URL.encode(TestSigningKey.es256.signature(of: Array(input.utf8), using: &generator))
    }

    /// The client's DPoP key (RFC 9449 §4): a fixed P-256 key, for tests only.
    static let dpopKey = try! P256PrivateKey(rawRepresentation: (1...32).map { UInt8($0) })

    /// A DPoP proof (RFC 9449 §4.2) by ``dpopKey`` for `method` and `url`, bound to `token` (ath).
    static func proof(method: String = "POST", url: String = resource, token: String, jti: String = "proof-1") -> String {
        DPoPProofBuilder.proof(signedWith: dpopKey, jti: jti, method: method, url: url, issuedAt: now, accessToken: token)
    }

    /// The value of `name` in a `WWW-Authenticate` field, `nil` when absent.
    static func parameter(_ name: String, in challenge: String) -> String? {
        guard let range = challenge.range(of: name + "=\"") else { return nil }
        let rest = challenge[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
