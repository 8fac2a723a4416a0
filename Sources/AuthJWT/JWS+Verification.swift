// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension JWS {
    /// The default for `maximumCandidateKeys`: how many keys one token may try its signature with.
    public static let defaultMaximumCandidateKeys = 4

    /// Verifies the signature with the keys that fit the header, and returns the key that verified it.
    ///
    /// In order (RFC 7515 §5.2, RFC 7517 §4–5, RFC 7518 §3, OIDC Core §3.1.3.7 steps 6–8):
    /// 1. `alg: none` is refused, whatever the allowed list says;
    /// 2. `alg` must be in `allowedAlgorithms` and have a verifier;
    /// 3. candidate keys are those with the header's `kid` (all keys when it has none); none at all is
    ///    ``AuthJWTError/noMatchingKey(keyID:algorithm:)`` (the caller may refetch the set);
    /// 4. a candidate is passed over, not fatal, when its `use` is not `sig`, its `key_ops` lack `verify`,
    ///    its `alg` is another, its type does not fit the verifier (no algorithm confusion), or the
    ///    verifier refuses it (``JWSVerifier/checkKey(_:)``: too short, exponent too large, point off the
    ///    curve); when every candidate is passed over, ``AuthJWTError/noUsableKey(keyID:algorithm:rejected:)``
    ///    says why for each (entries the ``JWKSet`` could not read count as candidates too);
    /// 5. the signature must verify with one of the usable candidates, tried in the set's order, at most
    ///    `maximumCandidateKeys` of them (``AuthJWTError/candidateKeyLimitReached(keyID:algorithm:tried:candidates:)``
    ///    when more were left), so that a large set and a token without `kid` cannot make one token cost
    ///    hundreds of verifications; ``AuthJWTError/invalidSignature`` when none verifies.
    ///
    /// ```swift
    /// let key = try jws.verifySignature(using: keys, allowedAlgorithms: [.rs256])
    /// ```
    @discardableResult
    public func verifySignature(
        using keys: JWKSet,
        verifiers: [JWSVerifier] = JWSVerifier.defaults,
        allowedAlgorithms: [JWSAlgorithm],
        maximumCandidateKeys: Int = JWS.defaultMaximumCandidateKeys
    ) throws(AuthJWTError) -> JWK {
        let algorithm = header.algorithm
        guard algorithm != .none else { throw .unsecuredTokenRejected }
        guard allowedAlgorithms.contains(algorithm) else { throw .algorithmNotAllowed(algorithm.rawValue) }
        guard let verifier = verifiers.first(where: { $0.algorithm == algorithm }) else {
            throw .unsupportedAlgorithm(algorithm.rawValue)
        }
        var usable: [JWK] = []
        var rejected: [JWKRejection] = []
        for key in keys.keys where key.matches(keyID: header.keyID) {
            do throws(AuthJWTError) {
                if let refusal = key.verificationRefusal(for: algorithm) { throw refusal }
                try verifier.checkKey(key)
                usable.append(key)
            } catch {
                rejected.append(JWKRejection(keyID: key.keyID, keyType: key.keyType.rawValue, reason: error))
            }
        }
        rejected += keys.ignoredKeys.filter { JWK.keyID($0.keyID, matches: header.keyID) }
        guard !usable.isEmpty else {
            if rejected.isEmpty { throw .noMatchingKey(keyID: header.keyID, algorithm: algorithm.rawValue) }
            throw .noUsableKey(keyID: header.keyID, algorithm: algorithm.rawValue, rejected: rejected)
        }
        var verified = false
        for (index, key) in usable.enumerated() {
            guard index < maximumCandidateKeys else {
                throw .candidateKeyLimitReached(keyID: header.keyID, algorithm: algorithm.rawValue, tried: index, candidates: usable.count)
            }
            do throws(AuthJWTError) {
                if try verifier.isValidSignature(checked: key, signature, signingInput: signingInput) { return key }
                verified = true
            } catch {
                rejected.append(JWKRejection(keyID: key.keyID, keyType: key.keyType.rawValue, reason: error))
            }
        }
        guard verified else { throw .noUsableKey(keyID: header.keyID, algorithm: algorithm.rawValue, rejected: rejected) }
        throw .invalidSignature
    }
}
