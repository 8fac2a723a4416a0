// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthJSON
import AuthJWT
import AuthTesting

/// The fixed keys and tokens the JWS targets check against: signed once at start-up with AuthTesting's
/// published test keys and a seeded generator, so every run and every machine sees the same tokens.
struct Harness: Sendable {
    static let shared = Harness()
    static let issuer = "https://issuer.example"
    static let clientID = "fuzz-client"
    static let nonce = "n-0S6_WzA2Mj"
    static let secret = "a fuzzing secret of at least 32 bytes, for HS256"

    let tokens: [String]
    let materials: [JWK.Material]
    let keySet: JWKSet
    let publicKeySetJSON: String
    let validator: IDTokenValidator
    let now = NumericDate(secondsSince1970: 1_700_000_000)
    let appleToken: String
    let appleIdentityToken: AppleIdentityToken

    private init() {
        var generator = SeededRandomNumberGenerator(seed: 0xF022)
        let hs256 = TestSigningKey.hs256(secret: Self.secret, keyID: "hs")
        let signers = [hs256, TestSigningKey.rs256, TestSigningKey.es256]
        var claims = JSONObject()
        try? claims.append("iss", .string(Self.issuer))
        try? claims.append("sub", "248289761001")
        try? claims.append("aud", .string(Self.clientID))
        try? claims.append("nonce", .string(Self.nonce))
        try? claims.append("iat", .number(JSONNumber(1_700_000_000)))
        try? claims.append("exp", .number(JSONNumber(1_700_003_600)))
        tokens = signers.map { $0.sign(claims: claims, using: &generator) }

        var keys = [JWK(symmetricKey: Array(Self.secret.utf8), keyID: "hs")]
        for signer in signers.dropFirst() {
            if let jwk = signer.publicJWK, let key = try? JWK(jwk) { keys.append(key) }
        }
        keySet = JWKSet(keys: keys)
        materials = keys.map(\.material)
        publicKeySetJSON = String(decoding: TestSigningKey.jwkSet(Array(signers.dropFirst())).serialized(), as: UTF8.self)
        var validator = IDTokenValidator(issuer: Self.issuer, clientID: Self.clientID)
        validator.allowedAlgorithms = [.hs256, .rs256, .es256]
        self.validator = validator

        var apple = JSONObject()
        try? apple.append("iss", "https://appleid.apple.com")
        try? apple.append("sub", "001234.fuzz.5678")
        try? apple.append("aud", .string(Self.clientID))
        try? apple.append("iat", .number(JSONNumber(1_700_000_000)))
        try? apple.append("exp", .number(JSONNumber(1_700_003_600)))
        try? apple.append("email", "fuzz@privaterelay.appleid.com")
        try? apple.append("email_verified", "true")
        appleToken = TestSigningKey.rs256.sign(claims: apple, using: &generator)
        let appleKeys = JWKSet(keys: Array(keys.dropFirst().prefix(1)))
        guard
            let validated = try? IDTokenValidator.signInWithApple(clientID: Self.clientID).validate(appleToken, keys: appleKeys, now: now),
            let identity = try? AppleIdentityToken(validated)
        else { violated("the harness's own Sign in with Apple token does not validate") }
        appleIdentityToken = identity
        guard tokens.allSatisfy({ (try? validator.validate($0, keys: keySet, now: now, nonce: Self.nonce)) != nil }) else {
            violated("the harness's own tokens do not validate")
        }
    }

    static func same(_ a: JWK.Material, _ b: JWK.Material) -> Bool {
        switch (a, b) {
        case (.rsa(let n1, let e1), .rsa(let n2, let e2)): n1 == n2 && e1 == e2
        case (.ellipticCurve(let c1, let x1, let y1), .ellipticCurve(let c2, let x2, let y2)):
            c1.utf8.elementsEqual(c2.utf8) && x1 == x2 && y1 == y2
        case (.symmetric(let k1), .symmetric(let k2)): k1 == k2
        default: false
        }
    }

    /// The harness's own signed tokens, as seeds for the `jws` target.
    @Sendable static func tokenSeeds() -> [[UInt8]] { shared.tokens.map { Array($0.utf8) } }

    /// The harness's public JWK Set, as a seed for the `jwks` target.
    @Sendable static func keySetSeeds() -> [[UInt8]] { [Array(shared.publicKeySetJSON.utf8)] }

    /// Sign in with Apple form_post bodies carrying the harness's Apple token, with and without `user`.
    @Sendable static func appleFormPostSeeds() -> [[UInt8]] {
        let body = "state=fuzz-state&code=c1&id_token=\(shared.appleToken)"
        return [Array(body.utf8), Array((body + "&user=%7B%22name%22%3A%7B%22firstName%22%3A%22A%22%7D%7D").utf8)]
    }
}
