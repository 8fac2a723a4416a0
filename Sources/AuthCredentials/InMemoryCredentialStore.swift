// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A ``CredentialStore`` in memory: for tests, previews and apps that sign in every launch.
///
/// ```swift
/// let store = InMemoryCredentialStore()
/// await store.save(StoredCredential(user: "001234.abcd", fullName: PersonName(givenName: "Jane")))
/// ```
///
/// Every change is one actor step; ``withRefreshLock(for:_:)`` lets one refresh of a grant run at a time
/// among every client that shares this store object (in one process: memory is not shared across them).
public actor InMemoryCredentialStore: ClientRegistrationStore {
    /// Everything stored, for inspection in tests.
    public private(set) var document: CredentialStoreDocument
    /// The grants whose refresh lock is held, and who waits for each.
    private var refreshLocks = AsyncLockTable()

    public init(_ document: CredentialStoreDocument = CredentialStoreDocument()) {
        self.document = document
    }

    public func credential(for user: String, grant: GrantIdentity?) -> StoredCredential? { document.credential(for: user, grant: grant) }

    public func lastCredential(for grant: GrantIdentity?) -> StoredCredential? { document.lastCredential(for: grant) }

    public func credentials(issuer: String, clientID: String) -> [StoredCredential] {
        document.credentials(issuer: issuer, clientID: clientID)
    }

    @discardableResult
    public func save(_ credential: StoredCredential) -> StoredCredential { document.save(credential) }

    public func remove(user: String, grant: GrantIdentity?) { document.remove(user: user, grant: grant) }

    /// Compare and remove in one step (the actor runs it without suspending). `async`, so that it, not the
    /// protocol's default, answers a call on this type (see ``CredentialStore``'s note on defaults).
    public func remove(user: String, grant: GrantIdentity?, ifTokensAre expected: TokenSet) async -> Bool {
        document.remove(user: user, grant: grant, ifTokensAre: expected)
    }

    /// Claims a record without a grant in one step (`async`, like ``remove(user:grant:ifTokensAre:)``).
    public func claimLegacyCredential(user: String, for grant: GrantIdentity, ifTokensAre expected: TokenSet?) async -> StoredCredential? {
        document.claimLegacyCredential(user: user, for: grant, ifTokensAre: expected)
    }

    /// Runs `body` holding this store's refresh lock for `grant`; other grants are not held up.
    public func withRefreshLock<Result: Sendable>(
        for grant: GrantIdentity, _ body: @Sendable () async -> Result
    ) async throws(AuthCredentialsError) -> Result {
        let key = grant.description
        await acquire(key)
        defer { refreshLocks.release(key) }
        return await body()
    }

    private func acquire(_ key: String) async {
        if refreshLocks.tryAcquire(key) { return }
        await withCheckedContinuation { refreshLocks.wait(key, $0) }
    }

    public func providerCache(for issuer: String) async throws(AuthCredentialsError) -> ProviderCache? {
        document.providerCache(for: issuer)
    }

    public func saveProviderCache(_ cache: ProviderCache) async throws(AuthCredentialsError) { document.saveProviderCache(cache) }

    public func storedClientRegistration(forIssuer issuer: String) -> StoredClientRegistration? {
        document.clientRegistration(forIssuer: issuer)
    }

    public func storeClientRegistration(_ registration: StoredClientRegistration) {
        document.saveClientRegistration(registration)
    }
}
