// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT
import AuthSession

/// Where a client draws the `jti` of its client assertions (RFC 7523 §3, OpenID Connect Core §9): a
/// random number generator behind a lock, shared by every request the client makes.
///
/// ```swift
/// var configuration = try ClientConfiguration(issuer: issuer, clientID: "my-app",
///     clientAuthentication: .clientSecretJWT("s3cr3t"), redirectURI: "com.example.app:/callback")
/// configuration.assertionIDs = ClientAssertionIDGenerator(SeededRandomNumberGenerator(seed: 1))   // tests
/// ```
///
/// Default: ``system``, the platform's secure generator. A seeded generator makes assertions repeatable,
/// which is only for tests: a `jti` an attacker can predict is no protection.
public final class ClientAssertionIDGenerator: Sendable {
    private let generator: Locked<any RandomNumberGenerator & Sendable>

    /// Draws from `generator`.
    public init(_ generator: some RandomNumberGenerator & Sendable) {
        self.generator = Locked(generator)
    }

    /// The system's secure random number generator.
    public static var system: ClientAssertionIDGenerator { ClientAssertionIDGenerator(SystemRandomNumberGenerator()) }

    /// An assertion for `clientID` and `audience`, issued at `now`, with a fresh `jti`.
    func assertion(clientID: String, audience: String, now: NumericDate) -> ClientAssertion {
        generator.withLock { generator in
            var source = AnyGenerator(base: generator)
            defer { generator = source.base }
            return ClientAssertion(clientID: clientID, audience: audience, issuedAt: now, using: &source)
        }
    }

    private struct AnyGenerator: RandomNumberGenerator {
        var base: any RandomNumberGenerator & Sendable
        mutating func next() -> UInt64 { base.next() }
    }
}
