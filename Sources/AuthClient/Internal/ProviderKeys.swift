// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT

extension AuthClient {
    /// Runs `check` with the provider's JWK Set, as every JWT the provider signs is checked (ID tokens,
    /// JARM responses): the cached set, fetched when there is none or it is older than
    /// `keySetMaximumAgeSeconds`; when no key matches (`noMatchingKey`, a key rotation) and the set was not
    /// just fetched, once more with a refetched set — unless a refetch that did not help started less than
    /// `keySetRefetchCooldownSeconds` ago. A refetch that found the key (or led to another check's failure)
    /// starts no cooldown. A fetched set is saved to the provider cache. `refused` makes the caller's error of
    /// a check's error; a refetch that fails is `keySetRefetchFailed(keyID:cause:)`.
    func withProviderKeys<Checked>(
        refused: (AuthJWTError) -> AuthClientError, _ check: (JWKSet) throws(AuthJWTError) -> Checked
    ) async throws(AuthClientError) -> Checked {
        let (cached, fetched): (KeySetCache.Snapshot, Bool)
        do {
            (cached, fetched) = try await keySet.current(
                using: transport, now: clock.now(), maximumAgeSeconds: configuration.keySetMaximumAgeSeconds)
        } catch {
            throw AuthClientError(error)
        }
        if fetched { await keySetFetched() }
        do {
            return try check(cached.keys)
        } catch .noMatchingKey(let keyID, let algorithm) where !fetched {
            let fresh: KeySetCache.Snapshot?
            do {
                fresh = try await keySet.refetch(
                    after: cached.generation, using: transport, now: clock.now(),
                    cooldownSeconds: configuration.keySetRefetchCooldownSeconds)
            } catch {
                throw .keySetRefetchFailed(keyID: keyID, cause: AuthClientError(error))
            }
            guard let fresh else { throw refused(.noMatchingKey(keyID: keyID, algorithm: algorithm)) }
            await keySetFetched()
            do {
                let checked = try check(fresh.keys)
                await keySet.refetchHelped(generation: fresh.generation)
                return checked
            } catch {
                // A key was found (the token failed a later check): the refetch helped all the same.
                if case .noMatchingKey = error {} else { await keySet.refetchHelped(generation: fresh.generation) }
                throw refused(error)
            }
        } catch {
            throw refused(error)
        }
    }
}
