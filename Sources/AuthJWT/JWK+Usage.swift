// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

// How a JWK is chosen for a token: by `kid`, then by its own `use`, `key_ops` and `alg` (RFC 7517 §4).
extension JWK {
    /// Whether the key has `kid` `wanted`; any key does when there is no `kid` to match.
    func matches(keyID wanted: String?) -> Bool {
        Self.keyID(keyID, matches: wanted)
    }

    /// Whether `keyID` is `wanted`, compared as bytes; anything matches when nothing is wanted.
    static func keyID(_ keyID: String?, matches wanted: String?) -> Bool {
        guard let wanted else { return true }
        guard let keyID else { return false }
        return keyID.hasSameBytes(as: wanted)
    }

    /// Why the key's own parameters exclude verifying `algorithm`: `use` (RFC 7517 §4.2), `key_ops`
    /// (§4.3), `alg` (§4.4). Nil when they allow it. The reason carries no `kid`: the caller knows the key.
    package func verificationRefusal(for algorithm: JWSAlgorithm) -> AuthJWTError? {
        if let use, !use.hasSameBytes(as: "sig") { return .keyNotForSignatures(keyID: nil, use: use) }
        if let keyOperations, !keyOperations.contains(where: { $0.hasSameBytes(as: "verify") }) {
            return .keyOperationsExcludeVerify(keyID: nil, operations: keyOperations)
        }
        if let restricted = self.algorithm, restricted != algorithm {
            return .keyRestrictedToAlgorithm(keyID: nil, keyAlgorithm: restricted.rawValue, tokenAlgorithm: algorithm.rawValue)
        }
        return nil
    }
}
