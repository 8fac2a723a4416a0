// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT
import Foundation
import Testing

@testable import AuthCredentials

/// An in-memory Keychain that answers the four calls as Apple documents them: update and copy of a missing
/// item are `errSecItemNotFound`, an add over an existing item is `errSecDuplicateItem`, delete of a missing
/// item is `errSecItemNotFound`. Items are keyed by service, account and access group, as the query is;
/// one Keychain can back several stores. `failing` makes every call answer that status instead.
final class FakeKeychain: KeychainItems, @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [KeychainItemKey: [UInt8]] = [:]
    private var log: [String] = []
    private var failure: Int32?
    private var failing: Set<String>?

    var items: [KeychainItemKey: [UInt8]] { lock.withLock { storage } }
    var calls: [String] { lock.withLock { log } }
    /// Makes the calls named in `only` (all when nil) answer `status`; nil ends the failure.
    func fail(with status: Int32?, only: Set<String>? = nil) {
        lock.withLock {
            failure = status
            failing = only
        }
    }
    func put(_ bytes: [UInt8], at key: KeychainItemKey) { lock.withLock { storage[key] = bytes } }

    private func call(_ name: String, _ body: () -> Int32) -> Int32 {
        lock.withLock {
            log.append(name)
            guard let failure, failing?.contains(name) ?? true else { return body() }
            return failure
        }
    }

    func update(_ item: KeychainItemKey, data: [UInt8]) -> Int32 {
        call("update") {
            guard storage[item] != nil else { return KeychainStatus.itemNotFound }
            storage[item] = data
            return KeychainStatus.success
        }
    }

    func add(_ item: KeychainItemKey, data: [UInt8]) -> Int32 {
        call("add") {
            guard storage[item] == nil else { return KeychainStatus.duplicateItem }
            storage[item] = data
            return KeychainStatus.success
        }
    }

    func copyData(_ item: KeychainItemKey) -> (status: Int32, data: [UInt8]?) {
        var data: [UInt8]?
        let status = call("copy") {
            data = storage[item]
            return data == nil ? KeychainStatus.itemNotFound : KeychainStatus.success
        }
        return (status, status == KeychainStatus.success ? data : nil)
    }

    func delete(_ item: KeychainItemKey) -> Int32 {
        call("delete") { storage.removeValue(forKey: item) == nil ? KeychainStatus.itemNotFound : KeychainStatus.success }
    }
}

@Suite("The Keychain store's logic, on an in-memory Keychain: item key, stored bytes, update-then-add, migration")
struct KeychainCredentialStoreTests {
    static let key = KeychainItemKey(service: "com.example.app.login")
    static let alice = StoredCredential(
        user: "alice", email: "alice@example.com", fullName: PersonName(givenName: "Alice"),
        tokens: TokenSet(accessToken: "at-alice-1", expiresAt: NumericDate(secondsSince1970: 1_800_000_000), refreshToken: "rt-alice-1"))
    static let bob = StoredCredential(user: "bob", tokens: TokenSet(accessToken: "at-bob-1", refreshToken: "rt-bob-1"))

    static func fileStore() throws -> (directory: String, store: FileCredentialStore) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("authflow-keychain-migration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return (url.path, FileCredentialStore(path: url.appendingPathComponent("credentials.json").path))
    }

    @Test("the first save adds the item, later saves update it; the records merge as in every store")
    func saveAndRead() async throws {
        let keychain = FakeKeychain()
        let store = KeychainDocumentStore(key: Self.key, items: keychain)
        #expect(try await store.lastUser() == nil)
        try await store.save(Self.alice)
        #expect(keychain.calls == ["copy", "copy", "update", "add"])
        try await store.save(StoredCredential(user: "alice", tokens: TokenSet(accessToken: "at-alice-2", refreshToken: "rt-alice-2")))
        #expect(keychain.calls.suffix(2) == ["copy", "update"])
        let stored = try #require(try await store.credential(for: "alice"))
        #expect(stored.fullName == PersonName(givenName: "Alice"))  // kept from the first sign-in
        #expect(stored.tokens?.refreshToken == "rt-alice-2")
        try await store.save(Self.bob)
        #expect(try await store.lastUser()?.user == "bob")
        #expect(keychain.items.keys.map(\.account) == ["authflow.credential-store.v1"])
    }

    @Test("the item holds the store document as JSON, the file store's format, read back by a plain JSONDecoder")
    func storedBytes() async throws {
        let keychain = FakeKeychain()
        try await KeychainDocumentStore(key: Self.key, items: keychain).save(Self.alice)
        let bytes = try #require(keychain.items[Self.key])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["version"] as? Int == CredentialStoreDocument.currentVersion)
        #expect(object["lastUser"] as? String == "alice")
        let document = try JSONDecoder().decode(CredentialStoreDocument.self, from: Data(bytes))
        #expect(document.credentials == [Self.alice])
    }

    @Test("removing the last user deletes the item; compare-and-remove leaves newer tokens")
    func removeDeletes() async throws {
        let keychain = FakeKeychain()
        let store = KeychainDocumentStore(key: Self.key, items: keychain)
        try await store.save(Self.alice)
        try await store.save(Self.bob)
        #expect(try await !store.remove(user: "alice", ifTokensAre: TokenSet(accessToken: "old", refreshToken: "old")))
        #expect(try await store.remove(user: "alice", ifTokensAre: try #require(Self.alice.tokens)))
        #expect(keychain.items.count == 1)
        try await store.remove(user: "bob")
        #expect(keychain.items.isEmpty)
        #expect(keychain.calls.last == "delete")
        try await store.remove(user: "nobody")  // errSecItemNotFound on delete is not an error
        #expect(try await store.lastUser() == nil)
    }

    @Test("an add that finds the item created meanwhile (errSecDuplicateItem) updates it")
    func duplicateOnAdd() async throws {
        final class Racing: KeychainItems, @unchecked Sendable {
            let inner = FakeKeychain()
            var raced = false
            func update(_ item: KeychainItemKey, data: [UInt8]) -> Int32 { inner.update(item, data: data) }
            func add(_ item: KeychainItemKey, data: [UInt8]) -> Int32 {
                if !raced {
                    raced = true
                    inner.put(Array("another process".utf8), at: item)
                }
                return inner.add(item, data: data)
            }
            func copyData(_ item: KeychainItemKey) -> (status: Int32, data: [UInt8]?) { inner.copyData(item) }
            func delete(_ item: KeychainItemKey) -> Int32 { inner.delete(item) }
        }
        let keychain = Racing()
        let store = KeychainDocumentStore(key: Self.key, items: keychain)
        try await store.save(Self.alice)
        #expect(keychain.inner.calls == ["copy", "update", "add", "update"])
        #expect(try await store.credential(for: "alice") == Self.alice)
    }

    @Test("a failing call is keychainFailure (7151) naming the status; a corrupt item is 7152 and left untouched")
    func failures() async throws {
        let keychain = FakeKeychain()
        let store = KeychainDocumentStore(key: Self.key, items: keychain)
        keychain.fail(with: KeychainStatus.missingEntitlement)
        await #expect(throws: AuthCredentialsError.keychainFailure(operation: "read", status: -34018)) { try await store.save(Self.alice) }
        let error = AuthCredentialsError.keychainFailure(operation: "write", status: -34018)
        #expect(error.code == 7151)
        #expect(error.description.contains("errSecMissingEntitlement"))
        keychain.fail(with: nil)
        keychain.put(Array("not json".utf8), at: Self.key)
        await #expect(throws: AuthCredentialsError.corruptKeychainItem(service: "com.example.app.login", reason: "not a store document")) {
            try await store.save(Self.alice)
        }
        #expect(keychain.items[Self.key] == Array("not json".utf8))
        #expect(AuthCredentialsError.corruptKeychainItem(service: "s", reason: "r").code == 7152)
    }

    @Test("stores in one access group share their item; another group or service is another store")
    func accessGroups() async throws {
        let keychain = FakeKeychain()
        let group = "ABCDE12345.com.example.shared"
        let app = KeychainDocumentStore(key: KeychainItemKey(service: "com.example.login", accessGroup: group), items: keychain)
        let widget = KeychainDocumentStore(key: KeychainItemKey(service: "com.example.login", accessGroup: group), items: keychain)
        let other = KeychainDocumentStore(key: KeychainItemKey(service: "com.example.login", accessGroup: nil), items: keychain)
        try await app.save(Self.alice)
        #expect(try await widget.lastUser() == Self.alice)
        #expect(try await other.lastUser() == nil)
    }

    @Test("migration moves every user from the file into the Keychain, then empties the file")
    func migration() async throws {
        let (directory, file) = try Self.fileStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await file.save(Self.alice)
        try await file.save(Self.bob)
        let keychain = FakeKeychain()
        let store = KeychainDocumentStore(key: Self.key, items: keychain)
        #expect(try await store.migrate(from: file) == ["alice", "bob"])
        #expect(try await store.lastUser() == Self.bob)
        #expect(try await store.credential(for: "alice") == Self.alice)
        #expect(try await file.load().credentials.isEmpty)
        #expect(try await store.migrate(from: file) == [])  // twice is harmless
    }

    @Test("migration keeps the Keychain's newer record and last user, filling the profile from the file")
    func migrationKeepsNewer() async throws {
        let (directory, file) = try Self.fileStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await file.save(Self.alice)
        let store = KeychainDocumentStore(key: Self.key, items: FakeKeychain())
        let newer = TokenSet(accessToken: "at-alice-9", refreshToken: "rt-alice-9")
        try await store.save(StoredCredential(user: "alice", tokens: newer))
        try await store.save(Self.bob)
        _ = try await store.migrate(from: file)
        let migrated = try #require(try await store.credential(for: "alice"))
        #expect(migrated.tokens == newer)
        #expect(migrated.fullName == Self.alice.fullName)
        #expect(migrated.email == Self.alice.email)
        #expect(try await store.lastUser()?.user == "bob")
    }

    @Test("a Keychain that cannot be written leaves the file as it was")
    func migrationFailureKeepsFile() async throws {
        let (directory, file) = try Self.fileStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await file.save(Self.alice)
        let keychain = FakeKeychain()
        let store = KeychainDocumentStore(key: Self.key, items: keychain)
        keychain.fail(with: KeychainStatus.interactionNotAllowed)
        await #expect(throws: AuthCredentialsError.keychainFailure(operation: "read", status: -25308)) {
            try await store.migrate(from: file)
        }
        keychain.fail(with: KeychainStatus.interactionNotAllowed, only: ["update", "add"])
        await #expect(throws: AuthCredentialsError.keychainFailure(operation: "write", status: -25308)) {
            try await store.migrate(from: file)
        }
        #expect(try await file.lastUser() == Self.alice)
        #expect(keychain.items.isEmpty)
    }

    @Test("the provider cache is kept in the item, survives the last user's removal, and migrates from the file")
    func providerCache() async throws {
        // Called through the protocol, as the client does: on the concrete actor, Swift picks the protocol
        // extension's nonisolated default over the actor's own (isolated) method.
        let cache = ProviderCache(
            issuer: "https://login.example.com", discoveryDocument: #"{"issuer":"https://login.example.com"}"#, savedAt: 1)
        let keychain = FakeKeychain()
        let store: any CredentialStore = KeychainDocumentStore(key: Self.key, items: keychain)
        try await store.save(Self.alice)
        try await store.saveProviderCache(cache)
        try await store.remove(user: "alice")
        #expect(keychain.items.count == 1)
        #expect(try await store.providerCache(for: "https://login.example.com") == cache)

        let (directory, file) = try Self.fileStore()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let other = ProviderCache(issuer: "https://other.example.com", discoveryDocument: "{}", savedAt: 2)
        try await file.save(Self.bob)
        try await (file as any CredentialStore).saveProviderCache(other)
        let fresh = KeychainDocumentStore(key: KeychainItemKey(service: "another.service"), items: keychain)
        _ = try await fresh.migrate(from: file)
        #expect(try await (fresh as any CredentialStore).providerCache(for: "https://other.example.com") == other)
    }
}
