// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDPoP
import AuthJSON
import AuthJWT
import AuthTesting

/// Builds ES256 DPoP proofs for the tests, written member by member so that each test can break one.
struct DPoPProofFactory {
    static let now: Int64 = 1_800_000_000
    static let url = "https://server.example.com/token"
    static let accessToken = "Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU"

    var key: P256PrivateKey
    var jti = "e1j3V_bKic8-LAEB"
    var htm: JSONValue? = "POST"
    var htu: JSONValue? = .string(DPoPProofFactory.url)
    var iat: JSONValue? = .number(JSONNumber(DPoPProofFactory.now))
    var ath: String?
    var nonce: String?
    var typ: JSONValue? = "dpop+jwt"
    var jwk: JSONValue?
    var extraHeader: [(String, JSONValue)] = []
    var extraClaims: [(String, JSONValue)] = []
    var omitJTI = false

    init(seed: UInt64 = 1) {
        var generator = SeededRandomNumberGenerator(seed: seed)
        key = P256PrivateKey.generate(using: &generator)
        jwk = .object(key.publicJWK)
    }

    /// The compact proof, signed with `key`.
    func make() -> String {
        var header = JSONObject()
        if let typ { try? header.append("typ", typ) }
        if let jwk { try? header.append("jwk", jwk) }
        for (name, value) in extraHeader { try? header.append(name, value) }
        var claims = JSONObject()
        if !omitJTI { try? claims.append("jti", .string(jti)) }
        if let htm { try? claims.append("htm", htm) }
        if let htu { try? claims.append("htu", htu) }
        if let iat { try? claims.append("iat", iat) }
        if let ath { try? claims.append("ath", .string(ath)) }
        if let nonce { try? claims.append("nonce", .string(nonce)) }
        for (name, value) in extraClaims { try? claims.append(name, value) }
        return key.signedJWT(claims: claims, header: header)
    }

    /// A verifier at ``now`` with a fresh cache.
    static func verifier(_ configuration: DPoPProofVerifier.Configuration = .init(), nonces: DPoPNonceSource? = nil, at time: Int64 = now)
        -> DPoPProofVerifier
    {
        DPoPProofVerifier(configuration: configuration, nonces: nonces, now: { time })
    }
}
