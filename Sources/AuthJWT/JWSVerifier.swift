import AuthDigest

/// Verifies signatures of one JWS algorithm with one type of key: a protocol witness, so that verifiers
/// can be listed and looked up by `alg` (and work in Embedded Swift, which has no existentials).
///
/// ```swift
/// let valid = try JWSVerifier.hs256.isValidSignature(jws.signature, signingInput: jws.signingInput, key: key)
/// let all = JWSVerifier.defaults       // what the validator uses unless told otherwise
/// ```
///
/// A verifier refuses keys of the wrong type with ``AuthJWTError/keyAlgorithmMismatch(algorithm:keyType:)``.
/// That is the check that stops algorithm confusion, such as an RSA public key used as an HMAC secret.
public struct JWSVerifier: Sendable {
    /// The algorithm this verifier checks.
    public let algorithm: JWSAlgorithm
    /// The type of key it needs.
    public let keyType: JWK.KeyType
    private let verify: @Sendable ([UInt8], [UInt8], JWK) throws(AuthJWTError) -> Bool

    /// A verifier from a function that checks `signature` over `signingInput` with a key of `keyType`.
    public init(
        algorithm: JWSAlgorithm,
        keyType: JWK.KeyType,
        verify: @escaping @Sendable (_ signature: [UInt8], _ signingInput: [UInt8], _ key: JWK) throws(AuthJWTError) -> Bool
    ) {
        self.algorithm = algorithm
        self.keyType = keyType
        self.verify = verify
    }

    /// Whether `signature` is valid over `signingInput` for `key`.
    ///
    /// - Throws: ``AuthJWTError/keyAlgorithmMismatch(algorithm:keyType:)`` for a key of another type, or
    ///   what the algorithm refuses about the key (such as ``AuthJWTError/keyTooShort(bits:minimum:)``).
    public func isValidSignature(_ signature: [UInt8], signingInput: [UInt8], key: JWK) throws(AuthJWTError) -> Bool {
        guard key.keyType == keyType else {
            throw .keyAlgorithmMismatch(algorithm: algorithm.rawValue, keyType: key.keyType.rawValue)
        }
        return try verify(signature, signingInput, key)
    }

    /// HS256: HMAC-SHA256 (RFC 7518 §3.2), compared in constant time, with a key of at least 256 bits.
    public static let hs256 = JWSVerifier(algorithm: .hs256, keyType: .octetSequence) { (signature, signingInput, key) throws(AuthJWTError) -> Bool in
        guard case .symmetric(let secret) = key.material else {
            throw .keyAlgorithmMismatch(algorithm: "HS256", keyType: key.keyType.rawValue)
        }
        guard secret.count >= 32 else { throw .keyTooShort(bits: secret.count * 8, minimum: 256) }
        return HMACSHA256.isValidAuthenticationCode(signature, authenticating: signingInput, key: secret)
    }

    /// RS256: RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3, RFC 8017 §8.2.2), with a 2048–4096-bit
    /// modulus. The whole encoded message is compared; the DigestInfo is never parsed.
    public static let rs256 = JWSVerifier(algorithm: .rs256, keyType: .rsa) { (signature, signingInput, key) throws(AuthJWTError) -> Bool in
        guard case .rsa(let modulus, let exponent) = key.material else {
            throw .keyAlgorithmMismatch(algorithm: "RS256", keyType: key.keyType.rawValue)
        }
        let publicKey: RSAPublicKey
        if let prepared = key.preparedRSAKey {
            publicKey = prepared
        } else {
            publicKey = try RSAPublicKey(modulus: modulus, exponent: exponent, keyID: key.keyID)
        }
        return publicKey.isValidSignature(signature, sha256: SHA256.hash(data: signingInput))
    }

    /// ES256: ECDSA with P-256 and SHA-256 (RFC 7518 §3.4, FIPS 186-4 §6.4.2). The signature is the 64-byte
    /// r ‖ s; r and s outside [1, n − 1], public points not on the curve and a result at infinity are refused.
    public static let es256 = JWSVerifier(algorithm: .es256, keyType: .ellipticCurve) { (signature, signingInput, key) throws(AuthJWTError) -> Bool in
        guard case .ellipticCurve(let curve, let x, let y) = key.material else {
            throw .keyAlgorithmMismatch(algorithm: "ES256", keyType: key.keyType.rawValue)
        }
        guard curve.utf8.elementsEqual("P-256".utf8) else {
            throw .keyAlgorithmMismatch(algorithm: "ES256", keyType: "EC \(curve)")
        }
        let publicKey = try P256PublicKey(x: x, y: y, keyID: key.keyID)
        return publicKey.isValidSignature(signature, sha256: SHA256.hash(data: signingInput))
    }

    /// The verifiers AuthJWT provides.
    public static let defaults: [JWSVerifier] = [.hs256, .rs256, .es256]
}
