// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthPKCE
import TestVectors
import Testing

@Suite("AuthPKCE: secrets stay out of dump and Mirror")
struct PKCEReflectionTests {
    @Test("dump shows no verifier, state or nonce, but still the challenge and the verifier's length")
    func redacted() throws {
        let secret = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"  // RFC 7636 Appendix B
        let verifier = try CodeVerifier(secret)
        let pkce = PKCE(verifier: verifier)
        let state = try OAuthState("state-only-the-client-knows")
        let nonce = try OIDCNonce("nonce-only-the-client-knows")
        for value in [verifier, pkce, state, nonce] as [Any] {
            let text = dumped(value)
            #expect(!text.contains(secret) && !text.contains("only-the-client-knows"), "\(text)")
            #expect(text.contains("<redacted>"))
            #expect(Mirror(reflecting: value).children.allSatisfy { !"\($0.value)".contains(secret) })
        }
        #expect(dumped(pkce).contains("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"))  // the challenge, RFC 7636 Appendix B
        #expect(dumped(verifier).contains("43"))
    }
}
