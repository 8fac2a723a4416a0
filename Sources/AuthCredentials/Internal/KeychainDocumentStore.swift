// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The Keychain store's logic on every platform: one generic-password item holds the whole
/// ``CredentialStoreDocument`` as JSON (the file store's format), so the merge and last-user rules are the
/// document's, and each change is one item update — atomic, as a Keychain item write is.
///
/// - a missing item is an empty store; an item that is not a document is an error, left untouched;
/// - a save updates the item and adds it when it is missing (`errSecItemNotFound`); an add that finds it
///   was created meanwhile (`errSecDuplicateItem`) updates again;
/// - removing the last user deletes the item (unless it holds a provider cache: public documents, kept);
/// - any other status throws ``AuthCredentialsError/keychainFailure(operation:status:)``.
actor KeychainDocumentStore: CredentialStore {
    let key: KeychainItemKey
    private let items: any KeychainItems
    /// The grants whose refresh lock is held in this process, and who waits for each.
    private var refreshLocks = AsyncLockTable()

    init(key: KeychainItemKey, items: any KeychainItems) {
        self.key = key
        self.items = items
    }

    func credential(for user: String, grant: GrantIdentity?) throws(AuthCredentialsError) -> StoredCredential? {
        try load().credential(for: user, grant: grant)
    }

    func lastCredential(for grant: GrantIdentity?) throws(AuthCredentialsError) -> StoredCredential? {
        try load().lastCredential(for: grant)
    }

    func credentials(issuer: String, clientID: String) throws(AuthCredentialsError) -> [StoredCredential] {
        try load().credentials(issuer: issuer, clientID: clientID)
    }

    @discardableResult
    func save(_ credential: StoredCredential) throws(AuthCredentialsError) -> StoredCredential {
        var document = try load()
        let merged = document.save(credential)
        try write(document)
        return merged
    }

    func remove(user: String, grant: GrantIdentity?) throws(AuthCredentialsError) {
        var document = try load()
        document.remove(user: user, grant: grant)
        try write(document)
    }

    // `async`, so that `KeychainCredentialStore`'s direct calls reach this one-step method, not the
    // protocol's read-compare-remove default (see `CredentialStore`'s note on defaults).
    func remove(user: String, grant: GrantIdentity?, ifTokensAre expected: TokenSet) async throws(AuthCredentialsError) -> Bool {
        var document = try load()
        guard document.remove(user: user, grant: grant, ifTokensAre: expected) else { return false }
        try write(document)
        return true
    }

    func claimLegacyCredential(user: String, for grant: GrantIdentity, ifTokensAre expected: TokenSet?) async throws(AuthCredentialsError)
        -> StoredCredential?
    {
        var document = try load()
        guard let claimed = document.claimLegacyCredential(user: user, for: grant, ifTokensAre: expected) else { return nil }
        try write(document)
        return claimed
    }

    /// Runs `body` holding this store object's refresh lock for `grant`: in-process only (clients sharing
    /// this object); an app extension using the same access group is coordinated only by re-reading.
    func withRefreshLock<Result: Sendable>(
        for grant: GrantIdentity, _ body: @Sendable () async -> Result
    ) async throws(AuthCredentialsError) -> Result {
        let lockKey = grant.description
        if !refreshLocks.tryAcquire(lockKey) { await withCheckedContinuation { refreshLocks.wait(lockKey, $0) } }
        defer { refreshLocks.release(lockKey) }
        return await body()
    }

    func providerCache(for issuer: String) throws(AuthCredentialsError) -> ProviderCache? {
        try load().providerCache(for: issuer)
    }

    /// Keeps `cache` in the item, unless it is there already.
    func saveProviderCache(_ cache: ProviderCache) throws(AuthCredentialsError) {
        var document = try load()
        guard document.providerCache(for: cache.issuer) != cache else { return }
        document.saveProviderCache(cache)
        try write(document)
    }

    /// Moves every record of `file` into the Keychain, then removes them from the file: the Keychain is
    /// written first, so a failure leaves the file as it was. A user the Keychain already has keeps the
    /// Keychain's record (it is the newer one), with profile fields it lacks filled from the file; the
    /// Keychain's last user stays, or becomes the file's when it has none. Returns the users moved.
    func migrate(from file: FileCredentialStore) async throws(AuthCredentialsError) -> [String] {
        let old = try await file.load()
        guard !old.credentials.isEmpty else { return [] }
        var document = try load()
        for record in old.credentials {
            if let index = document.credentials.firstIndex(where: { $0.belongs(to: record.user, grant: record.grant) }) {
                document.credentials[index] = record.merging(document.credentials[index])
            } else {
                document.credentials.append(record)
            }
        }
        if document.lastUser == nil { document.lastUser = old.lastUser }
        for cache in old.providers ?? [] where document.providerCache(for: cache.issuer) == nil { document.saveProviderCache(cache) }
        try write(document)
        for record in old.credentials { try await file.remove(user: record.user, grant: record.grant) }
        return old.credentials.map(\.user)
    }

    /// The stored document; an empty one when there is no item.
    func load() throws(AuthCredentialsError) -> CredentialStoreDocument {
        let (status, data) = items.copyData(key)
        if status == KeychainStatus.itemNotFound { return CredentialStoreDocument() }
        guard status == KeychainStatus.success else { throw .keychainFailure(operation: "read", status: status) }
        guard let data else { throw .corruptKeychainItem(service: key.service, reason: "no data") }
        let document: CredentialStoreDocument
        do {
            document = try JSONDecoder().decode(CredentialStoreDocument.self, from: Data(data))
        } catch {
            throw .corruptKeychainItem(service: key.service, reason: "not a store document")
        }
        guard CredentialStoreDocument.readableVersions.contains(document.version) else {
            throw .corruptKeychainItem(service: key.service, reason: "unknown version \(document.version)")
        }
        return document
    }

    private func write(_ document: CredentialStoreDocument) throws(AuthCredentialsError) {
        if document.credentials.isEmpty, document.providers?.isEmpty ?? true {
            let status = items.delete(key)
            guard status == KeychainStatus.success || status == KeychainStatus.itemNotFound else {
                throw .keychainFailure(operation: "delete", status: status)
            }
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: [UInt8]
        do {
            data = Array(try encoder.encode(document))
        } catch {
            throw .corruptKeychainItem(service: key.service, reason: "cannot encode the document")
        }
        var status = items.update(key, data: data)
        if status == KeychainStatus.itemNotFound {
            status = items.add(key, data: data)
            if status == KeychainStatus.duplicateItem { status = items.update(key, data: data) }
        }
        guard status == KeychainStatus.success else { throw .keychainFailure(operation: "write", status: status) }
    }
}
