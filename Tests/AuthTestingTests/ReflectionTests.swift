// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthJWT
import AuthTesting
import TestVectors
import Testing

@Suite("AuthTesting: secrets stay out of dump and Mirror")
struct TestingReflectionTests {
    @Test("dumping the fake provider shows its configuration, but no client secret, code or token it issued")
    func redacted() async throws {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.clientAuthentication = .clientSecretPost("SECRET-CLIENT")
        let provider = FakeOpenIDProvider(configuration)
        let client = try AuthClient(configuration: provider.clientConfiguration, metadata: provider.metadata, transport: provider)
        var generator = SeededRandomNumberGenerator(seed: 3)
        let user = try await client.login(with: provider.browser(.approve(subject: "alice")), using: &generator)
        let tokens = try #require(await user.tokens)
        var text = ""
        dump(provider, to: &text)
        for secret in ["SECRET-CLIENT", tokens.accessToken, try #require(tokens.refreshToken)] {
            #expect(!text.contains(secret))
        }
        #expect(text.contains(configuration.issuer) && text.contains("<redacted>"))
    }

    @Test("a test signing key prints and dumps its algorithm and key id, never its key material")
    func signingKeyRedacted() {
        let secret = "an HS256 client secret of at least thirty-two bytes"
        for key in [TestSigningKey.hs256(secret: secret, keyID: "hs"), .rs256, .es256] {
            var dumped = ""
            dump(key, to: &dumped)
            #expect("\(key)".contains(key.algorithm.rawValue))
            #expect(!"\(key)".contains("privateExponent") && !"\(key)".contains("[") && !dumped.contains("privateKey"))
            #expect(!dumped.contains("privateExponent") && dumped.contains("<redacted>"))
        }
        var dumped = ""
        dump(TestSigningKey.hs256(secret: secret), to: &dumped)
        #expect(!dumped.contains("104, 97"))  // no byte of the secret's UTF-8
        #expect(!"\(TestSigningKey.hs256(secret: secret))".contains(secret))
    }
}
