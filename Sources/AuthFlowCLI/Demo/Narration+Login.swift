// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthTesting

extension Narration {
    /// Signs alice in at `client` through the fake provider's browser, as part of step `number`, with a
    /// generator seeded by `seed` (so state, nonce and verifier are the same on every run); shows the exchanges
    /// and the ID token's `sub`, and its `sid` when the provider issues one.
    mutating func login(
        _ number: Int, at client: AuthClient, through provider: FakeOpenIDProvider, _ wire: DemoTransport, seed: UInt64
    ) async throws -> User {
        var generator = SeededRandomNumberGenerator(seed: seed)
        let user = try await DemoFlow(failure: nil, verifierOctets: nil).attempt(number, &self, wire) {
            try await client.login(with: provider.browser(), using: &generator)
        }
        exchanges(wire.takeExchanges())
        let claims = await user.idTokenClaims
        value(
            "ID token sub", user.subject ?? "", "client \(client.configuration.clientID); the ID token passed every check of Core §3.1.3.7")
        if let sessionID = try? claims?.sessionID { value("ID token sid", sessionID, "the provider's session, kept with the tokens") }
        return user
    }
}
