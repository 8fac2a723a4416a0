// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials
import AuthJWT
import AuthSession

extension AuthClient {
    /// Whether this client was made from the store's `ProviderCache` because discovery could not reach
    /// the provider (see ``discover(_:transport:store:clock:sleeper:logger:)``). Its endpoints and keys are the
    /// cached ones for its whole life; a JWK Set fetch that succeeds refreshes the keys (and the cache).
    /// Make a new client with `discover` once the network is back to refresh the discovery document too.
    ///
    /// ```swift
    /// let client = try await AuthClient.discover(configuration, transport: transport, store: store)
    /// if client.isUsingProviderCache { showOfflineBanner() }
    /// let user = try await client.resumeLastUser()     // works offline: nothing is fetched
    /// ```
    public var isUsingProviderCache: Bool { providerCacheState.inner.withLock { $0.fromCache } }

    /// The client made from the store's cache for `configuration`'s issuer, or nil when there is none. The
    /// cached discovery document and JWK Set are checked as if just fetched; a cache that fails the checks
    /// is no cache (nil), so the discovery error is what the caller sees.
    static func cachedClient(
        _ configuration: ClientConfiguration, _ transport: any HTTPTransport, _ store: any CredentialStore, _ clock: WallClock,
        _ sleeper: any Clock<Duration>, _ logger: AuthLogger = .disabled
    ) async throws(AuthClientError) -> AuthClient? {
        guard let cache = try? await store.providerCache(for: configuration.issuer),
            let metadata = try? ProviderMetadata(
                json: Array(cache.discoveryDocument.utf8), expectedIssuer: configuration.issuer,
                allowsInsecureLoopback: configuration.allowsInsecureLoopbackIssuer)
        else { return nil }
        let keys = cache.keySet.flatMap { text in
            (try? JWKSet(json: Array(text.utf8))).map { (keys: $0, body: text, savedAt: cache.savedAt) }
        }
        let client = try AuthClient(
            configuration: configuration, metadata: metadata, transport: transport, store: store, clock: clock, sleeper: sleeper,
            keySet: keys, logger: logger)
        logger.log(
            .warning, .discovery, "the provider is unreachable: using the cached discovery document", ["issuer": .text(metadata.issuer)])
        client.providerCacheState.inner.withLock { state in
            state.discoveryDocument = cache.discoveryDocument
            state.fromCache = true
        }
        return client
    }

    /// Discovery succeeded with `body`: kept for the cache, and a cache the store already holds for this
    /// issuer is refreshed with it (the network is back). A store that cannot be read or written is no
    /// reason to fail: the cache is an optimisation.
    func discovered(_ body: [UInt8]) async {
        guard let text = String(validating: body, as: UTF8.self) else { return }
        providerCacheState.inner.withLock { $0.discoveryDocument = text }
        guard let stored = try? await store.providerCache(for: configuration.issuer), stored.discoveryDocument != text else { return }
        var refreshed = stored
        refreshed.discoveryDocument = text
        refreshed.savedAt = clock.now().secondsSince1970
        try? await store.saveProviderCache(refreshed)
    }

    /// Saves the discovery document and the JWK Set as known now beside the tokens (at a login), unless
    /// the store holds them already. Best effort, as `discovered(_:)`.
    func saveProviderCache() async {
        guard let discovery = providerCacheState.inner.withLock({ $0.discoveryDocument }) else { return }
        let keySetText = await keySet.body
        let stored = try? await store.providerCache(for: configuration.issuer)
        if let stored, stored.discoveryDocument == discovery, keySetText == nil || stored.keySet == keySetText { return }
        let cache = ProviderCache(
            issuer: configuration.issuer, discoveryDocument: discovery, keySet: keySetText ?? stored?.keySet,
            savedAt: clock.now().secondsSince1970)
        try? await store.saveProviderCache(cache)
    }

    /// A JWK Set was fetched: a cache the store holds for this issuer gets it.
    func keySetFetched() async {
        guard let text = await keySet.body, let stored = try? await store.providerCache(for: configuration.issuer), stored.keySet != text
        else { return }
        var refreshed = stored
        refreshed.keySet = text
        refreshed.savedAt = clock.now().secondsSince1970
        try? await store.saveProviderCache(refreshed)
    }
}
