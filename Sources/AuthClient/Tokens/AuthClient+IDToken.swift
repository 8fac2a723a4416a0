// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJWT

extension AuthClient {
    /// Step 5: validates an ID token from this provider for this client (Core §3.1.3.7; see
    /// `IDTokenValidator` for every check).
    ///
    /// ```swift
    /// let idToken = try await client.validateIDToken(tokens.idToken, nonce: request.nonce.value,
    ///                                                accessToken: tokens.accessToken)
    /// ```
    ///
    /// Where the key comes from (Docs/IDToken.md):
    /// - **HS256** (only when listed in `allowedAlgorithms`): the client secret is the key (Core §10.1), whatever
    ///   `kid` the header names, and the JWK Set is not fetched. A MAC that does not verify while the header
    ///   names a `kid` is ``AuthClientError/idTokenSecretMismatch(keyID:)``. A public client has no secret,
    ///   so its HS256 tokens fail with `noMatchingKey`. A symmetric key from the JWK Set is never used.
    /// - **RS256, ES256**: the provider's JWK Set from `jwks_uri`, fetched once and cached; concurrent
    ///   validations share one fetch. A token for which no key matches (a `kid` the cached set lacks: a key
    ///   rotation) makes the set be fetched again at once, whatever its age, and concurrent validations
    ///   share that refetch. A refetch that did not find the key (or failed) starts a cooldown of
    ///   `keySetRefetchCooldownSeconds` (default 60) of the client's clock: within it such tokens fail with
    ///   `noMatchingKey` and no request, so made-up `kid`s make at most one request per cooldown. If the
    ///   refetch fails, the cached keys stay and the error is ``AuthClientError/keySetRefetchFailed(keyID:cause:)``.
    /// - Keys that cannot verify the token (wrong `use`, `key_ops` without `verify`, another `alg` or type,
    ///   an RSA modulus under 2048 bits or exponent over 33 bits, a point off the curve, unreadable entries)
    ///   are passed over; if none is left, `noUsableKey` names each and why. At most
    ///   `maximumCandidateKeys` usable keys are tried.
    /// - A token whose `alg` is not allowed is refused before any key is fetched.
    ///
    /// - Throws: ``AuthClientError/idToken(_:)`` with the check that failed, the two cases above, or the
    ///   first fetch's error (`transportFailed`, `unexpectedResponse`, `invalidKeySet`);
    ///   ``AuthClientError/endpointNotAvailable(_:)`` `("jwks_uri")` when a token needs the provider's keys
    ///   and its metadata lists no `jwks_uri` (RFC 8414 §2 makes it optional), without a request;
    ///   ``AuthClientError/invalidConfiguration(_:)`` for a negative cooldown or age, or fewer than 1 key.
    public func validateIDToken(
        _ token: String, nonce: String?, maxAge: Int64? = nil, accessToken: String? = nil
    ) async throws(AuthClientError) -> IDToken {
        let validator = try idTokenValidator()
        let now = clock.now()
        // Split and decoded once: the header picks the key, the validator reads the rest.
        let jws: JWS
        do {
            jws = try JWS(compact: token)
        } catch {
            throw .idToken(error)
        }
        let header = jws.header
        func validate(_ keys: JWKSet) throws(AuthJWTError) -> IDToken {
            try validator.validate(jws, keys: keys, now: now, nonce: nonce, maxAge: maxAge, accessToken: accessToken)
        }
        guard header.algorithm != .hs256 else {
            return try validateWithClientSecret(header: header, validate)
        }
        guard header.algorithm != .none, validator.allowedAlgorithms.contains(header.algorithm) else {
            do {
                return try validate(JWKSet(keys: []))  // refused for its `alg` before a key is needed
            } catch {
                throw .idToken(error)
            }
        }
        return try await withProviderKeys(refused: { .idToken($0) }, validate)
    }

    /// The validator the configuration describes, after checking its ID-token settings.
    private func idTokenValidator() throws(AuthClientError) -> IDTokenValidator {
        guard configuration.maximumCandidateKeys >= 1 else {
            throw .invalidConfiguration("maximumCandidateKeys must be at least 1")
        }
        guard configuration.keySetRefetchCooldownSeconds >= 0 else {
            throw .invalidConfiguration("keySetRefetchCooldownSeconds must not be negative")
        }
        guard (configuration.keySetMaximumAgeSeconds ?? 1) > 0 else {
            throw .invalidConfiguration("keySetMaximumAgeSeconds must be positive")
        }
        if let age = configuration.maximumIDTokenAgeSeconds, age < 0 {
            throw .invalidConfiguration("maximumIDTokenAgeSeconds must not be negative")
        }
        var validator = IDTokenValidator(issuer: configuration.issuer, clientID: configuration.clientID)
        validator.allowedAlgorithms = configuration.allowedAlgorithms
        validator.leewaySeconds = configuration.leewaySeconds
        validator.maximumCandidateKeys = configuration.maximumCandidateKeys
        validator.maximumIssuedAtAgeSeconds = configuration.maximumIDTokenAgeSeconds
        return validator
    }

    /// HS256 (Core §10.1): the client secret is the key, under whatever `kid` the header names; no JWK Set.
    private func validateWithClientSecret(
        header: JOSEHeader, _ validate: (JWKSet) throws(AuthJWTError) -> IDToken
    ) throws(AuthClientError) -> IDToken {
        var secret: String?
        if case .clientSecretBasic(let value) = configuration.clientAuthentication { secret = value }
        if case .clientSecretPost(let value) = configuration.clientAuthentication { secret = value }
        if case .clientSecretJWT(let value, _) = configuration.clientAuthentication { secret = value }
        let keys = secret.map { JWKSet(keys: [JWK(symmetricKey: Array($0.utf8), keyID: header.keyID)]) } ?? JWKSet(keys: [])
        do {
            return try validate(keys)
        } catch .invalidSignature where header.keyID != nil {
            throw .idTokenSecretMismatch(keyID: header.keyID ?? "")
        } catch {
            throw .idToken(error)
        }
    }

    /// How many requests for the JWK Set have been made, failed ones included.
    public var keySetFetchCount: Int {
        get async { await keySet.fetchCount }
    }
}
