// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

#if canImport(Security)
    /// A ``CredentialStore`` in the Keychain (Apple platforms): one generic-password item per store, readable
    /// after the device's first unlock, never synced nor restored to another device.
    ///
    /// ```swift
    /// let store = KeychainCredentialStore(service: "com.example.app.login")
    /// let shared = KeychainCredentialStore(service: "com.example.login", accessGroup: "ABCDE12345.com.example.shared")
    /// let moved = try await store.migrate(from: FileCredentialStore(path: oldPath))   // once, at upgrade
    /// let client = try await AuthClient.discover(configuration, transport: URLSessionTransport(), store: store)
    /// ```
    ///
    /// The item: `kSecClassGenericPassword`, `kSecAttrService` = `service`, `kSecAttrAccount` =
    /// `authflow.credential-store.v1`, `kSecAttrAccessGroup` = `accessGroup` when given (apps and extensions
    /// that list that group in their `keychain-access-groups` entitlement share the store; a group the app
    /// lacks fails with `errSecMissingEntitlement`, code 7151), `kSecAttrAccessible` =
    /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`. Its data is the ``CredentialStoreDocument`` as
    /// JSON, the file store's format, so the merge and last-user rules are the same.
    ///
    /// **Unverified**: this type and its `SecItem` calls compile only on Apple platforms, which this project's
    /// CI does not have (see CONTRIBUTING.md). What runs on Linux, against an in-memory Keychain that answers
    /// as Apple documents, is everything above the four `SecItem` calls: the item key, the stored bytes,
    /// update-then-add, deleting the item with the last user, migration.
    public struct KeychainCredentialStore: CredentialStore {
        /// The item's `kSecAttrService`.
        public let service: String
        /// The item's `kSecAttrAccessGroup`, or nil for the app's default group.
        public let accessGroup: String?
        private let base: KeychainDocumentStore

        /// A store in the item of `service`, in `accessGroup` when given. Nothing is read until the first call.
        public init(service: String, accessGroup: String? = nil) {
            self.service = service
            self.accessGroup = accessGroup
            base = KeychainDocumentStore(key: KeychainItemKey(service: service, accessGroup: accessGroup), items: SecItemKeychain())
        }

        public func credential(for user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? {
            try await base.credential(for: user, grant: grant)
        }

        public func lastCredential(for grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? {
            try await base.lastCredential(for: grant)
        }

        public func credentials(issuer: String, clientID: String) async throws(AuthCredentialsError) -> [StoredCredential] {
            try await base.credentials(issuer: issuer, clientID: clientID)
        }

        @discardableResult
        public func save(_ credential: StoredCredential) async throws(AuthCredentialsError) -> StoredCredential {
            try await base.save(credential)
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

        /// The refresh lock of this store's item, among the clients of this process that share the store
        /// (a `KeychainCredentialStore` value and its copies); not across processes.
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

        /// Moves the users of a ``FileCredentialStore`` into this store and removes them from the file (the
        /// Keychain is written first: a failure leaves the file as it was). A user this store already has
        /// keeps this store's record, with profile fields filled from the file. Returns the users moved.
        @discardableResult
        public func migrate(from file: FileCredentialStore) async throws(AuthCredentialsError) -> [String] {
            try await base.migrate(from: file)
        }
    }
#endif
