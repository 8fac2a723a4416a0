public import AuthJWT

extension AuthClient {
    /// Step 5: validates an ID token from this provider for this client (Core §3.1.3.7; see
    /// ``IDTokenValidator`` for every check) against the provider's JWK Set. The set is fetched once and
    /// cached; when the token names a key the cached set lacks, the set is fetched again once. HS256 is
    /// accepted only when listed in the configuration's `allowedAlgorithms`, with the client secret as the
    /// key (Core §10.1) — never with a key from the JWK Set.
    public func validateIDToken(
        _ token: String, nonce: String?, maxAge: Int64? = nil, accessToken: String? = nil
    ) async throws(AuthClientError) -> IDToken {
        var validator = IDTokenValidator(issuer: configuration.issuer, clientID: configuration.clientID)
        validator.allowedAlgorithms = configuration.allowedAlgorithms
        validator.leewaySeconds = configuration.leewaySeconds
        let now = clock.now()
        func validate(_ keys: JWKSet) throws(AuthJWTError) -> IDToken {
            try validator.validate(token, keys: withClientSecret(keys), now: now, nonce: nonce, maxAge: maxAge, accessToken: accessToken)
        }
        let (keys, fetched) = try await keySet.current(using: transport)
        do {
            return try validate(keys)
        } catch .noMatchingKey where !fetched {
            let fresh = try await keySet.refetch(using: transport)
            do {
                return try validate(fresh)
            } catch {
                throw .idToken(error)
            }
        } catch {
            throw .idToken(error)
        }
    }

    /// The provider's keys, plus the client secret as an HS256 key when HS256 is allowed (Core §10.1).
    private func withClientSecret(_ keys: JWKSet) -> JWKSet {
        guard configuration.allowedAlgorithms.contains(.hs256) else { return keys }
        switch configuration.clientAuthentication {
        case .clientSecretBasic(let secret), .clientSecretPost(let secret):
            return JWKSet(keys: keys.keys.filter { $0.keyType != .octetSequence } + [JWK(symmetricKey: Array(secret.utf8))])
        case .none:
            return keys
        }
    }

    /// How many times the JWK Set has been fetched.
    public var keySetFetchCount: Int {
        get async { await keySet.fetchCount }
    }
}
