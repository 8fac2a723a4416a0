// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest

/// Verifies signatures of one JWS algorithm with one type of key: a protocol witness, so that verifiers
/// can be listed and looked up by `alg` (and work in Embedded Swift, which has no existentials).
///
/// ```swift
/// let valid = try JWSVerifier.hs256.isValidSignature(jws.signature, signingInput: jws.signingInput, key: key)
/// try JWSVerifier.rs256.checkKey(key)   // throws why this key cannot verify RS256, without verifying
/// let all = JWSVerifier.defaults       // what the validator uses unless told otherwise
/// ```
///
/// A verifier refuses keys of the wrong type with ``AuthJWTError/keyAlgorithmMismatch(algorithm:keyType:)``.
/// That is the check that stops algorithm confusion, such as an RSA public key used as an HMAC secret.
/// ``checkKey(_:)`` is meant to be cheap (no signature arithmetic): a key set is sorted into usable and
/// refused keys with it before any signature is computed.
public struct JWSVerifier: Sendable {
    /// The algorithm this verifier checks.
    public let algorithm: JWSAlgorithm
    /// The type of key it needs.
    public let keyType: JWK.KeyType
    private let check: @Sendable (JWK) throws(AuthJWTError) -> Void
    private let verify: @Sendable ([UInt8], [UInt8], JWK) throws(AuthJWTError) -> Bool

    /// A verifier from a function that checks `signature` over `signingInput` with a key of `keyType`, and
    /// optionally a cheap `checkKey` that throws why a key of that type cannot be used (too short, say).
    public init(
        algorithm: JWSAlgorithm,
        keyType: JWK.KeyType,
        checkKey: @escaping @Sendable (_ key: JWK) throws(AuthJWTError) -> Void = { _ in },
        verify: @escaping @Sendable (_ signature: [UInt8], _ signingInput: [UInt8], _ key: JWK) throws(AuthJWTError) -> Bool
    ) {
        self.algorithm = algorithm
        self.keyType = keyType
        self.check = checkKey
        self.verify = verify
    }

    /// Throws why `key` cannot verify this algorithm's signatures, without computing any signature.
    ///
    /// - Throws: ``AuthJWTError/keyAlgorithmMismatch(algorithm:keyType:)`` for a key of another type, or
    ///   what the algorithm refuses about the key (such as ``AuthJWTError/keyTooShort(bits:minimum:)`` or
    ///   ``AuthJWTError/rsaExponentTooLarge(keyID:bits:maximum:)``).
    public func checkKey(_ key: JWK) throws(AuthJWTError) {
        guard key.keyType == keyType else {
            throw .keyAlgorithmMismatch(algorithm: algorithm.rawValue, keyType: key.keyType.rawValue)
        }
        try check(key)
    }

    /// Whether `signature` is valid over `signingInput` for `key`.
    ///
    /// - Throws: what ``checkKey(_:)`` throws about the key.
    public func isValidSignature(_ signature: [UInt8], signingInput: [UInt8], key: JWK) throws(AuthJWTError) -> Bool {
        try checkKey(key)
        return try verify(signature, signingInput, key)
    }

    /// ``isValidSignature(_:signingInput:key:)`` for a key that ``checkKey(_:)`` has accepted.
    func isValidSignature(checked key: JWK, _ signature: [UInt8], signingInput: [UInt8]) throws(AuthJWTError) -> Bool {
        try verify(signature, signingInput, key)
    }

    /// HS256: HMAC-SHA256 (RFC 7518 §3.2), compared in constant time, with a key of at least 256 bits.
    public static let hs256 = hmac(.hs256, SHA256.self)
    /// HS384: HMAC-SHA384 (RFC 7518 §3.2), compared in constant time, with a key of at least 384 bits.
    public static let hs384 = hmac(.hs384, SHA384.self)
    /// HS512: HMAC-SHA512 (RFC 7518 §3.2), compared in constant time, with a key of at least 512 bits.
    public static let hs512 = hmac(.hs512, SHA512.self)

    /// RS256: RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3, RFC 8017 §8.2.2), with a 2048–4096-bit
    /// modulus and an odd public exponent 3 ≤ e < 2³³ (larger exponents would let a key set choose how long
    /// each verification takes). The whole encoded message is compared; the DigestInfo is never parsed.
    public static let rs256 = pkcs1(.rs256, SHA256.self)
    /// RS384: RSASSA-PKCS1-v1_5 with SHA-384 (RFC 7518 §3.3), with the key rules of ``JWSVerifier/rs256``.
    public static let rs384 = pkcs1(.rs384, SHA384.self)
    /// RS512: RSASSA-PKCS1-v1_5 with SHA-512 (RFC 7518 §3.3), with the key rules of ``JWSVerifier/rs256``.
    public static let rs512 = pkcs1(.rs512, SHA512.self)

    /// PS256: RSASSA-PSS (RFC 8017 §8.1.2, §9.1.2) with SHA-256, MGF1 with SHA-256 and a salt of exactly 32
    /// bytes (RFC 7518 §3.5), with the key rules of ``JWSVerifier/rs256``.
    public static let ps256 = pss(.ps256, SHA256.self)
    /// PS384: RSASSA-PSS with SHA-384, MGF1 with SHA-384 and a 48-byte salt (RFC 7518 §3.5).
    public static let ps384 = pss(.ps384, SHA384.self)
    /// PS512: RSASSA-PSS with SHA-512, MGF1 with SHA-512 and a 64-byte salt (RFC 7518 §3.5).
    public static let ps512 = pss(.ps512, SHA512.self)

    /// ES256: ECDSA with P-256 and SHA-256 (RFC 7518 §3.4, FIPS 186-4 §6.4.2). The signature is the 64-byte
    /// r ‖ s; r and s outside [1, n − 1], public points not on the curve and a result at infinity are refused.
    public static let es256 = JWSVerifier(
        algorithm: .es256, keyType: .ellipticCurve,
        checkKey: { (key) throws(AuthJWTError) in _ = try p256Key(key) },
        verify: { (signature, signingInput, key) throws(AuthJWTError) -> Bool in
            try p256Key(key).isValidSignature(signature, sha256: SHA256.hash(data: signingInput))
        })

    /// EdDSA with Ed25519 (RFC 8037 §3.1, RFC 8032 §5.1.7): an `OKP` key with `crv` `Ed25519`, a 64-byte
    /// signature R ‖ S. Non-canonical encodings of A and R and S ≥ L are refused; the check is the
    /// cofactorless [S]B = R + [k]A. Other `OKP` curves (Ed448, X25519) are refused.
    public static let edDSA = JWSVerifier(
        algorithm: .edDSA, keyType: .octetKeyPair,
        checkKey: { (key) throws(AuthJWTError) in _ = try ed25519Key(key) },
        verify: { (signature, signingInput, key) throws(AuthJWTError) -> Bool in
            try ed25519Key(key).isValidSignature(signature, message: signingInput)
        })

    /// The verifiers AuthJWT provides.
    public static let defaults: [JWSVerifier] = [.hs256, .hs384, .hs512, .rs256, .rs384, .rs512, .ps256, .ps384, .ps512, .es256, .edDSA]

    /// HMAC with `H` (RFC 7518 §3.2): a key at least as long as the hash output, the MAC compared in
    /// constant time.
    private static func hmac<H: HashFunction>(_ algorithm: JWSAlgorithm, _: H.Type) -> JWSVerifier {
        JWSVerifier(
            algorithm: algorithm, keyType: .octetSequence,
            checkKey: { (key) throws(AuthJWTError) in _ = try secret(key, algorithm: algorithm, minimumBytes: H.byteCount) },
            verify: { (signature, signingInput, key) throws(AuthJWTError) -> Bool in
                let secret = try secret(key, algorithm: algorithm, minimumBytes: H.byteCount)
                return HMAC<H>.isValidAuthenticationCode(signature, authenticating: signingInput, key: secret)
            })
    }

    /// RSASSA-PKCS1-v1_5 with `H` (RFC 7518 §3.3).
    private static func pkcs1<H: HashFunction>(_ algorithm: JWSAlgorithm, _: H.Type) -> JWSVerifier {
        JWSVerifier(
            algorithm: algorithm, keyType: .rsa,
            checkKey: { (key) throws(AuthJWTError) in _ = try rsaKey(key, algorithm: algorithm) },
            verify: { (signature, signingInput, key) throws(AuthJWTError) -> Bool in
                try rsaKey(key, algorithm: algorithm).isValidSignature(signature, pkcs1: H.hash(data: signingInput))
            })
    }

    /// RSASSA-PSS with `H`, MGF1 with `H` and a salt as long as `H`'s output (RFC 7518 §3.5).
    private static func pss<H: HashFunction>(_ algorithm: JWSAlgorithm, _: H.Type) -> JWSVerifier {
        JWSVerifier(
            algorithm: algorithm, keyType: .rsa,
            checkKey: { (key) throws(AuthJWTError) in _ = try rsaKey(key, algorithm: algorithm) },
            verify: { (signature, signingInput, key) throws(AuthJWTError) -> Bool in
                try rsaKey(key, algorithm: algorithm).isValidSignature(
                    signature, pss: H.hash(data: signingInput), using: H.self, saltLength: H.byteCount)
            })
    }

    private static func secret(_ key: JWK, algorithm: JWSAlgorithm, minimumBytes: Int) throws(AuthJWTError) -> [UInt8] {
        guard case .symmetric(let secret) = key.material else {
            throw .keyAlgorithmMismatch(algorithm: algorithm.rawValue, keyType: key.keyType.rawValue)
        }
        guard secret.count >= minimumBytes else { throw .keyTooShort(bits: secret.count * 8, minimum: minimumBytes * 8) }
        return secret
    }

    private static func rsaKey(_ key: JWK, algorithm: JWSAlgorithm) throws(AuthJWTError) -> RSAPublicKey {
        switch key.prepared {
        case .rsa(let prepared): return prepared
        case .refused(let reason): throw reason
        case .p256, .ed25519, .none: throw .keyAlgorithmMismatch(algorithm: algorithm.rawValue, keyType: key.keyType.rawValue)
        }
    }

    private static func p256Key(_ key: JWK) throws(AuthJWTError) -> P256PublicKey {
        switch key.prepared {
        case .p256(let prepared): return prepared
        case .refused(let reason): throw reason
        case .rsa, .ed25519, .none:
            if case .ellipticCurve(let curve, _, _) = key.material {
                throw .keyAlgorithmMismatch(algorithm: "ES256", keyType: "EC \(curve)")
            }
            throw .keyAlgorithmMismatch(algorithm: "ES256", keyType: key.keyType.rawValue)
        }
    }

    private static func ed25519Key(_ key: JWK) throws(AuthJWTError) -> Ed25519PublicKey {
        switch key.prepared {
        case .ed25519(let prepared): return prepared
        case .refused(let reason): throw reason
        case .rsa, .p256, .none:
            if case .octetKeyPair(let curve, _) = key.material {
                throw .keyAlgorithmMismatch(algorithm: "EdDSA", keyType: "OKP \(curve)")
            }
            throw .keyAlgorithmMismatch(algorithm: "EdDSA", keyType: key.keyType.rawValue)
        }
    }
}
