// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

/// A JWK Set (RFC 7517 §5): the keys an issuer publishes at its `jwks_uri`.
///
/// ```swift
/// let keys = try JWKSet(json: jwksDocument)
/// keys.keys.count              // the keys understood
/// keys.ignoredKeys             // the entries skipped, each with its kid and why (no key material)
/// ```
///
/// As RFC 7517 §5 says ("implementations SHOULD ignore JWKs within a JWK Set that use `kty` values that are
/// not understood"), keys of a type this library does not read, and entries with missing or malformed
/// members, are skipped and listed in ``ignoredKeys`` rather than failing the whole set. A key carrying
/// private material still fails the set: publishing one is a misconfiguration to stop at.
///
/// Keys that parse but cannot verify a given token — a 1024-bit RSA modulus, an exponent over 33 bits, a
/// point off the curve, `use` other than `sig`, `key_ops` without `verify` — stay in ``keys`` and are
/// passed over when a token is verified (see ``JWS/verifySignature(using:verifiers:allowedAlgorithms:maximumCandidateKeys:)``),
/// which names them if no other key fits.
public struct JWKSet: Sendable {
    /// The keys that were understood.
    public let keys: [JWK]
    /// The entries that were skipped, with the reason for each.
    public let ignoredKeys: [JWKRejection]
    /// How many entries in the document were skipped.
    public var ignoredKeyCount: Int { ignoredKeys.count }

    /// A set of the given keys.
    public init(keys: [JWK]) {
        self.keys = keys
        ignoredKeys = []
    }

    /// Reads a JWK Set document: `{"keys": [ … ]}`.
    public init(json: some Sequence<UInt8>) throws(AuthJWTError) {
        let object = try JWK.object(json, what: "a JWK Set")
        guard let entries = object["keys"]?.arrayValue else {
            throw .invalidKey(keyID: nil, reason: "a JWK Set must have a 'keys' array (RFC 7517 §5)")
        }
        var keys: [JWK] = []
        var ignored: [JWKRejection] = []
        for entry in entries {
            guard let keyObject = entry.objectValue else {
                ignored.append(
                    JWKRejection(keyID: nil, keyType: nil, reason: .invalidKey(keyID: nil, reason: "a JWK Set entry must be a JSON object"))
                )
                continue
            }
            let keyID = keyObject["kid"]?.stringValue
            let keyType = keyObject["kty"]?.stringValue
            do {
                let key = try JWK(keyObject)
                if case .unsupported = key.material {
                    ignored.append(
                        JWKRejection(keyID: keyID, keyType: keyType, reason: .unsupportedKeyType(keyID: nil, keyType: keyType ?? "")))
                } else {
                    keys.append(key)
                }
            } catch {
                if case .privateKeyMaterial = error { throw error }
                ignored.append(JWKRejection(keyID: keyID, keyType: keyType, reason: error))
            }
        }
        self.keys = keys
        ignoredKeys = ignored
    }

    /// The keys that may have signed a token with this header: those with its `kid` (all keys when it has
    /// none), meant for signatures (`use` absent or `sig`, `key_ops` absent or with `verify`), and not
    /// restricted to another `alg`.
    public func candidates(for header: JOSEHeader) -> [JWK] {
        keys.filter { $0.matches(keyID: header.keyID) && $0.verificationRefusal(for: header.algorithm) == nil }
    }
}
