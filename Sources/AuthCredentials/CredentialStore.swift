// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Where credentials live between launches: a small async protocol so that the client can keep them in
/// memory (tests), in a file (CLI, desktop, Linux), or in the Keychain.
///
/// ```swift
/// let store = FileCredentialStore(path: "/home/me/.config/myapp/credentials.json")
/// let grant = GrantIdentity(issuer: "https://login.example.com", clientID: "my-app")
/// try await store.save(StoredCredential(user: "alice", grant: grant, tokens: tokens))
/// let resumed = try await store.lastCredential(for: grant)          // on the next launch
/// ```
///
/// Rules every conformance keeps (``CredentialStoreDocument`` implements them once):
/// - a record belongs to one grant (``GrantIdentity``: issuer, client, resources) and one account in it;
///   every read and write names both, so one store serves any number of issuers, clients and resources
///   without handing one grant's tokens to another;
/// - ``save(_:)`` merges with the stored record of the same grant and account
///   (``StoredCredential/merging(_:)``), so a later sign-in without the name does not lose it, and makes
///   that account the last of its grant;
/// - ``remove(user:grant:)`` forgets the record entirely, including the name;
/// - a store that cannot be read throws; it never pretends to be empty;
/// - ``withRefreshLock(for:_:)`` serializes the uses of a grant's refresh token among everyone sharing the
///   store — across processes for ``FileCredentialStore`` — so that a rotated refresh token is never
///   spent twice.
///
/// Records without a grant are Sign in with Apple profiles and records written before grants were kept;
/// `credential(for:)`, `lastUser()` and `remove(user:)` read and write those.
///
/// **Defaults and synchronous methods.** In an `async` context Swift prefers an `async` overload to a
/// synchronous one, so a call made on the concrete store type (`try await store.credentials(…)` with
/// `store: MyStore`, not `any CredentialStore`) would choose an `async` protocol-extension default over the
/// store's own synchronous method — the store's method still answers calls made through the protocol,
/// which made the mix-up silent. So every default that can be synchronous is:
/// ``credentials(issuer:clientID:)``, ``providerCache(for:)`` and ``saveProviderCache(_:)``; a store's own
/// method, synchronous or `async`, always outranks them. The three defaults that must wait on the store
/// (``remove(user:grant:ifTokensAre:)``, ``claimLegacyCredential(user:for:ifTokensAre:)``,
/// ``withRefreshLock(for:_:)``) stay `async`: a store that implements one of them declares it `async`
/// too (an actor's method may be `async` and still run in one step).
public protocol CredentialStore: Sendable {
    /// The stored record of `user` under `grant` (nil: tied to no grant), if any.
    func credential(for user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential?
    /// The record of `grant` saved last (nil: the last user without a grant), to resume a session on launch.
    func lastCredential(for grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential?
    /// Every record of `clientID` at `issuer`, whatever resources its grant names, in the order saved — what
    /// an OpenID Connect Back-Channel Logout (§2.7) looks through for the sessions a logout token names. The
    /// default throws ``AuthCredentialsError/credentialListingNotSupported``: a store that cannot list its
    /// records says so rather than pretend to hold none. Implement it `async` or not, as suits the store:
    /// the default is synchronous, so it never outranks a store's own method (see the note below).
    func credentials(issuer: String, clientID: String) async throws(AuthCredentialsError) -> [StoredCredential]
    /// Merges `credential` into the record of its grant and account, makes it the last of its grant, and
    /// returns the merged record.
    @discardableResult
    func save(_ credential: StoredCredential) async throws(AuthCredentialsError) -> StoredCredential
    /// Forgets `user` under `grant`.
    func remove(user: String, grant: GrantIdentity?) async throws(AuthCredentialsError)
    /// Forgets `user` under `grant` only if the stored tokens are still `expected` — compare before remove,
    /// so that a client whose refresh token was refused never deletes newer tokens another client saved
    /// meanwhile. Returns whether it removed the record. The default reads, compares and removes; a store
    /// that can do it in one step (an actor, a database transaction, a file lock) should — and must declare
    /// its method `async` (see the note below).
    func remove(user: String, grant: GrantIdentity?, ifTokensAre expected: TokenSet) async throws(AuthCredentialsError) -> Bool
    /// Ties a record written before grants were kept to `grant` — only while its tokens are still
    /// `expected`, when given (see ``CredentialStoreDocument/claimLegacyCredential(user:for:ifTokensAre:)``) —
    /// and returns it, in one step where the store can (declared `async`: see the note below).
    func claimLegacyCredential(user: String, for grant: GrantIdentity, ifTokensAre expected: TokenSet?) async throws(AuthCredentialsError)
        -> StoredCredential?
    /// Runs `body` while no one else sharing this store uses a refresh token of `grant`: the client reads
    /// the stored tokens again inside, and refreshes only if they are still the ones it holds. The default
    /// runs `body` at once (no exclusion beyond one `User`'s single flight): a conformance shared by several
    /// clients or processes should hold a lock.
    func withRefreshLock<Result: Sendable>(
        for grant: GrantIdentity, _ body: @Sendable () async -> Result
    ) async throws(AuthCredentialsError) -> Result
    /// The provider's cached public documents (``ProviderCache``) for `issuer`, if any; the default keeps none.
    func providerCache(for issuer: String) async throws(AuthCredentialsError) -> ProviderCache?
    /// Keeps `cache` in place of the one of the same issuer; the default keeps nothing.
    func saveProviderCache(_ cache: ProviderCache) async throws(AuthCredentialsError)
}

extension CredentialStore {
    /// Synchronous, so that a store's own method — synchronous or not — is always the one called, also on
    /// the concrete type in an `async` context (see the protocol's note).
    public func credentials(issuer: String, clientID: String) throws(AuthCredentialsError) -> [StoredCredential] {
        throw .credentialListingNotSupported
    }

    public func remove(user: String, grant: GrantIdentity?, ifTokensAre expected: TokenSet) async throws(AuthCredentialsError) -> Bool {
        guard try await credential(for: user, grant: grant)?.tokens == expected else { return false }
        try await remove(user: user, grant: grant)
        return true
    }

    public func claimLegacyCredential(user: String, for grant: GrantIdentity, ifTokensAre expected: TokenSet?)
        async throws(AuthCredentialsError) -> StoredCredential?
    {
        guard try await credential(for: user, grant: grant) == nil, var record = try await credential(for: user, grant: nil),
            let tokens = record.tokens, expected == nil || expected == tokens
        else { return nil }
        record.grant = grant
        let saved = try await save(record)
        _ = try await remove(user: user, grant: nil, ifTokensAre: tokens)
        return saved
    }

    public func withRefreshLock<Result: Sendable>(
        for grant: GrantIdentity, _ body: @Sendable () async -> Result
    ) async throws(AuthCredentialsError) -> Result {
        await body()
    }

    /// The record of `user` without a grant (a Sign in with Apple profile), if any.
    public func credential(for user: String) async throws(AuthCredentialsError) -> StoredCredential? {
        try await credential(for: user, grant: nil)
    }

    /// The record of the user without a grant saved last.
    public func lastUser() async throws(AuthCredentialsError) -> StoredCredential? {
        try await lastCredential(for: nil)
    }

    /// Forgets `user`'s record without a grant.
    public func remove(user: String) async throws(AuthCredentialsError) {
        try await remove(user: user, grant: nil)
    }

    /// Forgets `user`'s record without a grant only if its tokens are still `expected`.
    public func remove(user: String, ifTokensAre expected: TokenSet) async throws(AuthCredentialsError) -> Bool {
        try await remove(user: user, grant: nil, ifTokensAre: expected)
    }
}
