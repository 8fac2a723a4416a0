// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials
import AuthJWT
import Foundation
import Testing

@Suite("Credential stores")
struct CredentialStoreTests {
    static let tokens = TokenSet(accessToken: "at-1", expiresAt: NumericDate(secondsSince1970: 1_767_229_200), refreshToken: "rt-1")
    static let firstSignIn = StoredCredential(
        user: "001234.abc.1234", email: "k9xq2@privaterelay.appleid.com", fullName: PersonName(givenName: "Jane", familyName: "Appleseed"),
        realUserStatus: .likelyReal, tokens: tokens)
    static let laterSignIn = StoredCredential(user: "001234.abc.1234", tokens: TokenSet(accessToken: "at-2", refreshToken: "rt-2"))

    /// A fresh directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("authflow-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The same behaviour from both stores.
    static func exercise(_ store: some CredentialStore) async throws {
        #expect(try await store.lastUser() == nil)
        try await store.save(Self.firstSignIn)
        let merged = try await store.save(Self.laterSignIn)
        #expect(merged.fullName == PersonName(givenName: "Jane", familyName: "Appleseed"), "a later sign-in keeps the first name")
        #expect(merged.email == "k9xq2@privaterelay.appleid.com" && merged.realUserStatus == .likelyReal)
        #expect(merged.tokens?.accessToken == "at-2")
        try await store.save(StoredCredential(user: "other"))
        #expect(try await store.lastUser()?.user == "other")
        try await store.save(StoredCredential(user: "001234.abc.1234", tokens: nil))
        let signedOut = try await store.lastUser()
        #expect(signedOut?.user == "001234.abc.1234" && signedOut?.tokens == nil && signedOut?.fullName?.givenName == "Jane")
        try await store.remove(user: "001234.abc.1234")
        #expect(try await store.credential(for: "001234.abc.1234") == nil)
        #expect(try await store.lastUser() == nil)
        #expect(try await store.credential(for: "other") != nil)
    }

    @Test("the in-memory store merges later sign-ins, tracks the last user and forgets on remove")
    func inMemory() async throws {
        try await Self.exercise(InMemoryCredentialStore())
    }

    @Test("the file store does the same, across instances, in a 0600 file with no temporary left behind")
    func file() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("credentials.json").path
        try await Self.exercise(FileCredentialStore(path: path))

        try await FileCredentialStore(path: path).save(Self.firstSignIn)
        let reopened = FileCredentialStore(path: path)
        #expect(try await reopened.lastUser() == Self.firstSignIn)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        // The store file, and its lock file, which stays (deleting a lock file is racy).
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["credentials.json", "credentials.json.lock"])
        // The file is JSON another tool can read.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(json["lastUser"] as? String == "001234.abc.1234" && json["version"] as? Int == 2)
    }

    @Test("the file store tightens a file others could read when it rewrites it")
    func tightensPermissions() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("credentials.json").path
        _ = FileManager.default.createFile(
            atPath: path, contents: Data(#"{"version":1,"credentials":[]}"#.utf8), attributes: [.posixPermissions: 0o644])
        try await FileCredentialStore(path: path).save(Self.firstSignIn)
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test("a corrupt or foreign file is a typed error that names the problem, and is left untouched")
    func corrupt() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("credentials.json").path
        let cases: [(String, String)] = [
            ("{\"version\":1,\"credentials\":[{\"user\":", "not JSON"),
            ("[1,2]", "wrong type at the top level"),
            (#"{"version":1}"#, "missing 'credentials' at the top level"),
            (#"{"version":1,"credentials":[{"email":"a"}]}"#, "missing 'user' at credentials.[0]"),
            (#"{"version":3,"credentials":[]}"#, "unknown version 3"),
        ]
        for (contents, reason) in cases {
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
            let store = FileCredentialStore(path: path)
            await #expect(throws: AuthCredentialsError.corruptStore(path: path, reason: reason), "\(contents)") {
                try await store.lastUser()
            }
            await #expect(throws: AuthCredentialsError.self) { try await store.save(Self.firstSignIn) }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == contents)
        }
    }

    @Test("an unwritable directory is a typed store failure with the system error")
    func unwritable() async throws {
        let store = FileCredentialStore(path: "/nonexistent-authflow-dir/credentials.json")
        #expect(try await store.lastUser() == nil)
        // The write lock's file is the first thing a save creates.
        await #expect(
            throws: AuthCredentialsError.storeLockFailed(
                operation: "open", path: "/nonexistent-authflow-dir/credentials.json.lock", errno: ENOENT)
        ) {
            try await store.save(Self.firstSignIn)
        }
    }
}

// MARK: - Defaults never outrank a store's own synchronous methods

extension CredentialStoreTests {
    @Test(
        "a store whose methods are synchronous answers calls on its own type too: credentials(issuer:clientID:) lists, providerCache(for:) keeps"
    )
    func synchronousStoreMethodsAreCalledOnTheConcreteType() async throws {
        // In an async context Swift prefers an async overload: with async defaults these direct calls chose
        // the protocol extension's (7304, and a provider cache that keeps nothing) over the store's own.
        let store = SynchronousStore()
        let grant = GrantIdentity(issuer: "https://id.example.com", clientID: "app")
        _ = await store.save(StoredCredential(user: "alice", grant: grant, tokens: Self.tokens))
        #expect(await store.credentials(issuer: "https://id.example.com", clientID: "app").map(\.user) == ["alice"])
        let cache = ProviderCache(
            issuer: "https://id.example.com", discoveryDocument: #"{"issuer":"https://id.example.com"}"#, savedAt: 1_767_229_200)
        await store.saveProviderCache(cache)
        #expect(await store.providerCache(for: "https://id.example.com") == cache)
        // Through the protocol, the same methods answer (they are the witnesses).
        let any: any CredentialStore = store
        #expect(try await any.credentials(issuer: "https://id.example.com", clientID: "app").map(\.user) == ["alice"])
        #expect(try await any.providerCache(for: "https://id.example.com") == cache)

        let value = SynchronousValueStore(box: SynchronousStore.Box())
        _ = try await value.save(StoredCredential(user: "bob", grant: grant))
        #expect(try value.credentials(issuer: "https://id.example.com", clientID: "app").map(\.user) == ["bob"])
        try value.saveProviderCache(cache)
        #expect(try value.providerCache(for: "https://id.example.com") == cache)
    }

    @Test("a store that does not list its records still says so, on its own type and through the protocol (7304)")
    func storeWithoutListingThrows() async throws {
        let store = MinimalStore()
        #expect(throws: AuthCredentialsError.credentialListingNotSupported) {
            try store.credentials(issuer: "https://id.example.com", clientID: "app")
        }
        let any: any CredentialStore = store
        await #expect(throws: AuthCredentialsError.credentialListingNotSupported) {
            try await any.credentials(issuer: "https://id.example.com", clientID: "app")
        }
        #expect(try await any.providerCache(for: "https://id.example.com") == nil)
    }
}

/// Every method synchronous, as an actor may write them.
actor SynchronousStore: CredentialStore {
    final class Box: @unchecked Sendable {
        var document = CredentialStoreDocument()
    }
    var document = CredentialStoreDocument()
    func credential(for user: String, grant: GrantIdentity?) -> StoredCredential? { document.credential(for: user, grant: grant) }
    func lastCredential(for grant: GrantIdentity?) -> StoredCredential? { document.lastCredential(for: grant) }
    func credentials(issuer: String, clientID: String) -> [StoredCredential] { document.credentials(issuer: issuer, clientID: clientID) }
    func save(_ credential: StoredCredential) -> StoredCredential { document.save(credential) }
    func remove(user: String, grant: GrantIdentity?) { document.remove(user: user, grant: grant) }
    func providerCache(for issuer: String) -> ProviderCache? { document.providerCache(for: issuer) }
    func saveProviderCache(_ cache: ProviderCache) { document.saveProviderCache(cache) }
}

/// The same as a struct with synchronous, throwing methods (its document in a box, for the test only).
struct SynchronousValueStore: CredentialStore {
    let box: SynchronousStore.Box
    func credential(for user: String, grant: GrantIdentity?) throws(AuthCredentialsError) -> StoredCredential? {
        box.document.credential(for: user, grant: grant)
    }
    func lastCredential(for grant: GrantIdentity?) throws(AuthCredentialsError) -> StoredCredential? {
        box.document.lastCredential(for: grant)
    }
    func credentials(issuer: String, clientID: String) throws(AuthCredentialsError) -> [StoredCredential] {
        box.document.credentials(issuer: issuer, clientID: clientID)
    }
    func save(_ credential: StoredCredential) async throws(AuthCredentialsError) -> StoredCredential { box.document.save(credential) }
    func remove(user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) { box.document.remove(user: user, grant: grant) }
    func providerCache(for issuer: String) throws(AuthCredentialsError) -> ProviderCache? { box.document.providerCache(for: issuer) }
    func saveProviderCache(_ cache: ProviderCache) throws(AuthCredentialsError) { box.document.saveProviderCache(cache) }
}
