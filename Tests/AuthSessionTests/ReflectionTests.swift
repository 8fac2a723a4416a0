// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials
import AuthSession
import TestVectors
import Testing

@Suite("AuthSession: secrets stay out of dump and Mirror")
struct SessionReflectionTests {
    @Test("dump shows no code, state, nonce or form body, but still where the redirect went and the scopes")
    func redacted() throws {
        let redirect = Redirect(
            callbackURL: try URI(parsing: "com.example.app:/cb?code=SECRET-CODE&state=SECRET-STATE"),
            formBody: Array("code=SECRET-CODE&id_token=SECRET-ID".utf8))
        let request = AppleIDRequest(requestedScopes: [.fullName, .email], state: "SECRET-STATE", nonce: "SECRET-NONCE")
        for value in [redirect, request] as [Any] {
            let text = dumped(value)
            #expect(!text.contains("SECRET"), "\(text)")
            #expect(text.contains("<redacted"))
        }
        #expect(dumped(redirect).contains("com.example.app") && dumped(redirect).contains("/cb"))
        #expect(dumped(request).contains("email"))
    }
}
