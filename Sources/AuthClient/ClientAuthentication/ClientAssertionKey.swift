// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
import AuthJWT

/// The key of a `private_key_jwt` client (OpenID Connect Core §9, RFC 7523 §2.2): any ``SigningKey``,
/// held so that ``ClientAuthentication`` stays `Hashable` — two are equal when their algorithm, `kid` and
/// public JWK are.
///
/// ```swift
/// var generator = SystemRandomNumberGenerator()
/// let key = P256PrivateKey.generate(keyID: "client-key-1", using: &generator)   // register key.publicJWK
/// let authentication = ClientAuthentication.privateKeyJWT(ClientAssertionKey(key))
/// ```
public struct ClientAssertionKey: Hashable, Sendable {
    /// The key that signs the assertions.
    public let key: any SigningKey

    /// Wraps `key`.
    public init(_ key: some SigningKey) {
        self.key = key
    }

    public static func == (lhs: ClientAssertionKey, rhs: ClientAssertionKey) -> Bool {
        lhs.key.algorithm == rhs.key.algorithm && lhs.key.keyID == rhs.key.keyID && lhs.key.publicJWK == rhs.key.publicJWK
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key.algorithm)
        hasher.combine(key.keyID)
        hasher.combine(key.publicJWK)
    }
}

extension ClientAssertionKey: CustomStringConvertible {
    /// The algorithm and `kid`; the key's own description is not used, in case it shows the secret.
    public var description: String {
        "ClientAssertionKey(\(key.algorithm.rawValue)\(key.keyID.map { ", kid: \($0)" } ?? ""))"
    }
}
