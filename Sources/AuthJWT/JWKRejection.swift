// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A key that was passed over, and why: kept by a ``JWKSet`` for the entries it could not read, and by
/// ``AuthJWTError/noUsableKey(keyID:algorithm:rejected:)`` for the candidates that could not verify a token.
///
/// ```swift
/// let keys = try JWKSet(json: document)
/// for skipped in keys.ignoredKeys { print(skipped) }   // RSA 'old': the key has 1024 bits; … [5018]
/// ```
///
/// RFC 7517 §5: keys of a type that is not understood, and (here) keys that are malformed or unfit for the
/// token, are skipped rather than failing the whole set.
/// - Security: holds the `kid`, the `kty` and the reason only — never key material.
public struct JWKRejection: Sendable {
    /// The key's `kid`, if it has one.
    public let keyID: String?
    /// The key's `kty` as sent, if it was a string.
    public let keyType: String?
    /// Why the key was passed over.
    public let reason: AuthJWTError

    /// A rejection of the key with `keyID` and `keyType` for `reason`.
    public init(keyID: String?, keyType: String?, reason: AuthJWTError) {
        self.keyID = keyID
        self.keyType = keyType
        self.reason = reason
    }
}

#if !hasFeature(Embedded)
    extension JWKRejection: Hashable {}
#endif

extension JWKRejection: CustomStringConvertible {
    /// `kty 'kid': reason [code]`, for example `RSA 'old': the key has 1024 bits; … [5018]`.
    public var description: String {
        "\(keyType ?? "(no kty)")\(keyID.map { " '\($0)'" } ?? ""): \(reason.reason) [\(reason.code)]"
    }
}
