// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

/// A JWS algorithm name, the `alg` header parameter (RFC 7518 §3.1): an open set.
///
/// ```swift
/// JWSAlgorithm.hs256.rawValue      // "HS256"
/// JWSAlgorithm(rawValue: "RS256")  // == .rs256
/// ```
///
/// Names are compared as exact bytes: `hs256` is not `HS256`.
public struct JWSAlgorithm: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// HMAC with SHA-256 (RFC 7518 §3.2). Symmetric: the verifier holds the signing secret.
    public static let hs256 = JWSAlgorithm(rawValue: "HS256")
    /// HMAC with SHA-384 (RFC 7518 §3.2).
    public static let hs384 = JWSAlgorithm(rawValue: "HS384")
    /// HMAC with SHA-512 (RFC 7518 §3.2).
    public static let hs512 = JWSAlgorithm(rawValue: "HS512")
    /// RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3), the OpenID Connect default.
    public static let rs256 = JWSAlgorithm(rawValue: "RS256")
    /// RSASSA-PKCS1-v1_5 with SHA-384 (RFC 7518 §3.3).
    public static let rs384 = JWSAlgorithm(rawValue: "RS384")
    /// RSASSA-PKCS1-v1_5 with SHA-512 (RFC 7518 §3.3).
    public static let rs512 = JWSAlgorithm(rawValue: "RS512")
    /// RSASSA-PSS with SHA-256, MGF1 with SHA-256 and a 32-byte salt (RFC 7518 §3.5).
    public static let ps256 = JWSAlgorithm(rawValue: "PS256")
    /// RSASSA-PSS with SHA-384, MGF1 with SHA-384 and a 48-byte salt (RFC 7518 §3.5).
    public static let ps384 = JWSAlgorithm(rawValue: "PS384")
    /// RSASSA-PSS with SHA-512, MGF1 with SHA-512 and a 64-byte salt (RFC 7518 §3.5).
    public static let ps512 = JWSAlgorithm(rawValue: "PS512")
    /// ECDSA with P-256 and SHA-256 (RFC 7518 §3.4).
    public static let es256 = JWSAlgorithm(rawValue: "ES256")
    /// EdDSA (RFC 8037 §3.1); AuthJWT verifies it with Ed25519 keys (`kty` `OKP`, `crv` `Ed25519`).
    public static let edDSA = JWSAlgorithm(rawValue: "EdDSA")
    /// The asymmetric algorithms AuthJWT verifies: RS256, RS384, RS512, PS256, PS384, PS512, ES256, EdDSA.
    /// Any of them is safe to accept by default, as each needs a public key of its own type: the default of
    /// ID-token validation. The HMAC algorithms are left out, as they need a shared secret.
    public static let asymmetric: [JWSAlgorithm] = [.rs256, .rs384, .rs512, .ps256, .ps384, .ps512, .es256, .edDSA]
    /// No signature (RFC 7518 §3.6). Named so it can be recognised and refused; never verified.
    public static let none = JWSAlgorithm(rawValue: "none")

    public static func == (lhs: JWSAlgorithm, rhs: JWSAlgorithm) -> Bool {
        lhs.rawValue.hasSameBytes(as: rhs.rawValue)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue.utf8.count)
        for byte in rawValue.utf8 { hasher.combine(byte) }
    }
}

extension JWSAlgorithm: CustomStringConvertible {
    public var description: String { rawValue }
}
