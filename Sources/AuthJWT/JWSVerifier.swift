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
    public static let hs256 = JWSVerifier(
        algorithm: .hs256, keyType: .octetSequence,
        checkKey: { (key) throws(AuthJWTError) in
            guard case .symmetric(let secret) = key.material else {
                throw .keyAlgorithmMismatch(algorithm: "HS256", keyType: key.keyType.rawValue)
            }
            guard secret.count >= 32 else { throw .keyTooShort(bits: secret.count * 8, minimum: 256) }
        },
        verify: { (signature, signingInput, key) throws(AuthJWTError) -> Bool in
            guard case .symmetric(let secret) = key.material else {
                throw .keyAlgorithmMismatch(algorithm: "HS256", keyType: key.keyType.rawValue)
            }
            return HMACSHA256.isValidAuthenticationCode(signature, authenticating: signingInput, key: secret)
        })

    /// RS256: RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3, RFC 8017 §8.2.2), with a 2048–4096-bit
    /// modulus and an odd public exponent 3 ≤ e < 2³³ (larger exponents would let a key set choose how long
    /// each verification takes). The whole encoded message is compared; the DigestInfo is never parsed.
    public static let rs256 = JWSVerifier(
        algorithm: .rs256, keyType: .rsa,
        checkKey: { (key) throws(AuthJWTError) in _ = try rsaKey(key) },
        verify: { (signature, signingInput, key) throws(AuthJWTError) -> Bool in
            try rsaKey(key).isValidSignature(signature, sha256: SHA256.hash(data: signingInput))
        })

    /// ES256: ECDSA with P-256 and SHA-256 (RFC 7518 §3.4, FIPS 186-4 §6.4.2). The signature is the 64-byte
    /// r ‖ s; r and s outside [1, n − 1], public points not on the curve and a result at infinity are refused.
    public static let es256 = JWSVerifier(
        algorithm: .es256, keyType: .ellipticCurve,
        checkKey: { (key) throws(AuthJWTError) in _ = try p256Key(key) },
        verify: { (signature, signingInput, key) throws(AuthJWTError) -> Bool in
            try p256Key(key).isValidSignature(signature, sha256: SHA256.hash(data: signingInput))
        })

    /// The verifiers AuthJWT provides.
    public static let defaults: [JWSVerifier] = [.hs256, .rs256, .es256]

    private static func rsaKey(_ key: JWK) throws(AuthJWTError) -> RSAPublicKey {
        switch key.prepared {
        case .rsa(let prepared): return prepared
        case .refused(let reason): throw reason
        case .p256, .none: throw .keyAlgorithmMismatch(algorithm: "RS256", keyType: key.keyType.rawValue)
        }
    }

    private static func p256Key(_ key: JWK) throws(AuthJWTError) -> P256PublicKey {
        switch key.prepared {
        case .p256(let prepared): return prepared
        case .refused(let reason): throw reason
        case .rsa, .none:
            if case .ellipticCurve(let curve, _, _) = key.material {
                throw .keyAlgorithmMismatch(algorithm: "ES256", keyType: "EC \(curve)")
            }
            throw .keyAlgorithmMismatch(algorithm: "ES256", keyType: key.keyType.rawValue)
        }
    }
}
