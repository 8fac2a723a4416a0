// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// Prelude `apple`: what a Sign in with Apple form_post brings, signed by a test key in Apple's place.
import AuthFlow
import AuthTesting

let now = NumericDate(secondsSince1970: 1_800_000_000)
let rawNonce = "a fresh random string the app kept"
let state = OAuthState()
var generator = SystemRandomNumberGenerator()
let claims: JSONValue = [
    "iss": "https://appleid.apple.com", "aud": "com.example.app", "sub": "001234.abcdef.1234",
    "iat": 1_800_000_000, "exp": 1_800_000_600, "email": "alice@example.com", "email_verified": "true",
    "nonce": .string(SHA256.hash(data: rawNonce.utf8).hexString), "real_user_status": 2,
]
let identityToken = TestSigningKey.rs256.sign(claims: claims.objectValue ?? JSONObject(), using: &generator)
let appleKeys = try JWKSet(json: TestSigningKey.jwkSet([.rs256]).serialized())  // https://appleid.apple.com/auth/keys
let body = Array(
    "code=c1a2b3&state=\(state.value)&id_token=\(identityToken)&user=%7B%22name%22%3A%7B%22firstName%22%3A%22Alice%22%7D%7D".utf8)
let configDirectory = "/home/me/.config/app"
let tokens = TokenSet(accessToken: "access-1", refreshToken: "refresh-1", idToken: identityToken)
let newTokens = TokenSet(accessToken: "access-2", refreshToken: "refresh-2", idToken: identityToken)
