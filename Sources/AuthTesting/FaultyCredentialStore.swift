// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCredentials

/// A `CredentialStore` that keeps its records in another store and fails — or never answers — when a
/// test says so: a full disk, a locked Keychain, a process killed in the middle of a save.
///
/// ```swift
/// let store = FaultyCredentialStore(InMemoryCredentialStore())
/// await store.failNextSaves()              // the next save throws a storeFailure (ENOSPC)
/// await store.hangNextSave()               // the next save never returns until releaseHungSaves()
/// let client = try AuthClient(configuration: configuration, metadata: metadata, transport: provider, store: store)
/// ```
public actor FaultyCredentialStore: CredentialStore {
    /// What a save does instead of saving.
    private enum Fault {
        case fail(AuthCredentialsError)
        case hang
    }

    /// Where records really go.
    public let base: any CredentialStore
    private var saveFaults: [Fault] = []
    private var readFaults: [AuthCredentialsError] = []
    private var hung: [CheckedContinuation<Void, Never>] = []
    private var released = false
    /// How many saves were asked for, failed and hung ones included.
    public private(set) var saveCount = 0
    /// How many saves are waiting in ``hangNextSave()``.
    public var hungSaveCount: Int { hung.count }

    public init(_ base: any CredentialStore = InMemoryCredentialStore()) {
        self.base = base
    }

    /// Makes the next `count` saves throw `error` without saving (default: `ENOSPC`, a full disk).
    public func failNextSaves(
        _ count: Int = 1, with error: AuthCredentialsError = .storeFailure(operation: "write", path: "(injected)", errno: 28)
    ) {
        saveFaults += Array(repeating: .fail(error), count: count)
    }

    /// Makes the next read (``credential(for:grant:)`` or ``lastCredential(for:)``) throw `error`.
    public func failNextRead(with error: AuthCredentialsError = .storeFailure(operation: "read", path: "(injected)", errno: 5)) {
        readFaults.append(error)
    }

    /// Makes the next save wait without saving until ``releaseHungSaves()``: a process killed mid-save, as
    /// far as the store can tell.
    public func hangNextSave() {
        saveFaults.append(.hang)
    }

    /// Ends every hung save with a failure (nothing is saved) and lets later hangs end at once.
    public func releaseHungSaves() {
        released = true
        for continuation in hung { continuation.resume() }
        hung.removeAll()
    }

    public func credential(for user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? {
        if !readFaults.isEmpty { throw readFaults.removeFirst() }
        return try await base.credential(for: user, grant: grant)
    }

    public func lastCredential(for grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? {
        if !readFaults.isEmpty { throw readFaults.removeFirst() }
        return try await base.lastCredential(for: grant)
    }

    public func credentials(issuer: String, clientID: String) async throws(AuthCredentialsError) -> [StoredCredential] {
        if !readFaults.isEmpty { throw readFaults.removeFirst() }
        return try await base.credentials(issuer: issuer, clientID: clientID)
    }

    @discardableResult
    public func save(_ credential: StoredCredential) async throws(AuthCredentialsError) -> StoredCredential {
        saveCount += 1
        switch saveFaults.isEmpty ? nil : saveFaults.removeFirst() {
        case .fail(let error)?:
            throw error
        case .hang?:
            if !released { await withCheckedContinuation { hung.append($0) } }
            throw .storeFailure(operation: "write", path: "(hung, then released)", errno: 4)
        case nil:
            return try await base.save(credential)
        }
    }

    public func remove(user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) {
        try await base.remove(user: user, grant: grant)
    }

    public func remove(user: String, grant: GrantIdentity?, ifTokensAre expected: TokenSet) async throws(AuthCredentialsError) -> Bool {
        try await base.remove(user: user, grant: grant, ifTokensAre: expected)
    }

    public func claimLegacyCredential(user: String, for grant: GrantIdentity, ifTokensAre expected: TokenSet?)
        async throws(AuthCredentialsError) -> StoredCredential?
    {
        try await base.claimLegacyCredential(user: user, for: grant, ifTokensAre: expected)
    }

    /// The base store's refresh lock.
    public func withRefreshLock<Result: Sendable>(
        for grant: GrantIdentity, _ body: @Sendable () async -> Result
    ) async throws(AuthCredentialsError) -> Result {
        try await base.withRefreshLock(for: grant, body)
    }

    public func providerCache(for issuer: String) async throws(AuthCredentialsError) -> ProviderCache? {
        try await base.providerCache(for: issuer)
    }

    public func saveProviderCache(_ cache: ProviderCache) async throws(AuthCredentialsError) {
        try await base.saveProviderCache(cache)
    }
}
