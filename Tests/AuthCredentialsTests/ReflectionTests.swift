// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials
import AuthJWT
import TestVectors
import Testing

@Suite("AuthCredentials: secrets stay out of dump and Mirror")
struct CredentialsReflectionTests {
    @Test("dump shows no token, code or state, but still the user, token type, expiry and scopes")
    func redacted() throws {
        let tokens = TokenSet(
            accessToken: "SECRET-ACCESS", expiresAt: NumericDate(secondsSince1970: 1_800_000_000),
            refreshToken: "SECRET-REFRESH", scopes: ["openid", "email"], idToken: "SECRET-ID")
        let response = try TokenResponse(
            json: #"""
                {"access_token":"SECRET-ACCESS","token_type":"Bearer","expires_in":3600,"refresh_token":"SECRET-REFRESH",
                 "id_token":"SECRET-ID","scope":"openid email","device_secret":"SECRET-DEVICE"}
                """#.utf8)
        let apple = AppleIDCredential(
            user: "001234.abcd.1234", state: "SECRET-STATE", authorizedScopes: [.email],
            authorizationCode: "SECRET-CODE", identityToken: "SECRET-ID", email: "a@example.com")
        let stored = StoredCredential(apple, tokens: tokens)
        var document = CredentialStoreDocument()
        document.credentials = [stored]
        for value in [tokens, response, apple, stored, document] as [Any] {
            let text = dumped(value)
            #expect(!text.contains("SECRET"), "\(text)")
            #expect(text.contains("<redacted>"))
        }
        #expect(dumped(tokens).contains("1800000000") && dumped(tokens).contains("email"))
        #expect(
            dumped(response).contains("Bearer") && dumped(response).contains("3600")
                && dumped(response).contains("device_secret"))
        #expect(dumped(apple).contains("001234.abcd.1234") && dumped(stored).contains("001234.abcd.1234"))
    }
}
