extension JWS {
    /// Verifies the signature with the keys that fit the header, and returns the key that verified it.
    ///
    /// In order (RFC 7515 §5.2, RFC 7518 §3, OIDC Core §3.1.3.7 steps 6–8):
    /// 1. `alg: none` is refused, whatever the allowed list says;
    /// 2. `alg` must be in `allowedAlgorithms` and have a verifier;
    /// 3. candidate keys are those with the header's `kid` (all keys when it has none) meant for signing
    ///    and not restricted to another algorithm;
    /// 4. a candidate must be of the verifier's key type (no algorithm confusion);
    /// 5. the signature must verify with one of them.
    ///
    /// ```swift
    /// let key = try jws.verifySignature(using: keys, allowedAlgorithms: [.rs256])
    /// ```
    @discardableResult
    public func verifySignature(
        using keys: JWKSet,
        verifiers: [JWSVerifier] = JWSVerifier.defaults,
        allowedAlgorithms: [JWSAlgorithm]
    ) throws(AuthJWTError) -> JWK {
        let algorithm = header.algorithm
        guard algorithm != .none else { throw .unsecuredTokenRejected }
        guard allowedAlgorithms.contains(algorithm) else { throw .algorithmNotAllowed(algorithm.rawValue) }
        guard let verifier = verifiers.first(where: { $0.algorithm == algorithm }) else {
            throw .unsupportedAlgorithm(algorithm.rawValue)
        }
        let candidates = keys.candidates(for: header)
        guard let first = candidates.first else { throw .noMatchingKey(keyID: header.keyID, algorithm: algorithm.rawValue) }
        let fitting = candidates.filter { $0.keyType == verifier.keyType }
        guard !fitting.isEmpty else {
            throw .keyAlgorithmMismatch(algorithm: algorithm.rawValue, keyType: first.keyType.rawValue)
        }
        for key in fitting where try verifier.isValidSignature(signature, signingInput: signingInput, key: key) {
            return key
        }
        throw .invalidSignature
    }
}
