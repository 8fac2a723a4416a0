// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJSON
import AuthJWT
import AuthTesting

/// A FAPI 2.0 setting on the fake provider: a `private_key_jwt` client (ES256, `aud` the issuer) with
/// DPoP-bound tokens, a provider that signs ID tokens and JARM responses with ES256, requires DPoP and
/// sends `iss` in its authorization responses.
enum FAPI2Fixture {
    static let clientKey: P256PrivateKey = {
        var generator = SeededRandomNumberGenerator(seed: 2_0_2025)
        return P256PrivateKey.generate(keyID: "fapi2-client-1", using: &generator)
    }()

    static func make(
        _ profile: FAPI2Profile = .securityProfile, signingKey: TestSigningKey = .es256,
        misbehaviours: Set<FakeOpenIDProvider.Misbehaviour> = [],
        provider configureProvider: (inout FakeOpenIDProvider.Configuration) -> Void = { _ in },
        client configureClient: (inout ClientConfiguration) -> Void = { _ in }
    ) throws -> Fixture {
        try Fixture(
            signingKey: signingKey, authentication: .privateKeyJWT(ClientAssertionKey(clientKey), audience: .issuer),
            configure: {
                $0.requiresDPoP = true
                $0.misbehaviours = misbehaviours
                configureProvider(&$0)
            },
            client: {
                $0.allowedAlgorithms = JWSAlgorithm.asymmetric
                $0.adopt(profile)
                configureClient(&$0)
            })
    }

    /// The claims of a compact JWS, unverified (for looking at what the client sent).
    static func claims(of token: String) throws -> JSONObject {
        let jws = try JWS(compact: token)
        return try JSONValue(parsing: jws.payload).objectValue ?? JSONObject()
    }
}

/// A key that says it signs with `algorithm` and never signs: it is refused before it is used.
struct AlgorithmOnlyKey: SigningKey {
    let algorithm: JWSAlgorithm
    var keyID: String? { "algorithm-only" }
    var publicJWK: JSONObject { JSONObject() }
    func sign(_ signingInput: [UInt8]) async throws -> [UInt8] { [] }
}
