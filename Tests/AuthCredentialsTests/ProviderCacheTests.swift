// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials
import AuthJWT
import Foundation
import Testing

@Suite("ProviderCache: the provider's public documents kept in the credential store, compatibly")
struct ProviderCacheTests {
    static let cache = ProviderCache(
        issuer: "https://login.example.com", discoveryDocument: #"{"issuer":"https://login.example.com"}"#, keySet: #"{"keys":[]}"#,
        savedAt: 1_800_000_000)

    /// A store file as FileCredentialStore wrote it before the cache existed (the format of commit fd8e30c:
    /// sorted keys, pretty-printed, version 1, no `providers`).
    static let oldFile = """
        {
          "credentials" : [
            {
              "email" : "alice@example.com",
              "tokens" : {
                "access_token" : "at-1",
                "expires_at" : 1800003600,
                "refresh_token" : "rt-1"
              },
              "user" : "alice"
            }
          ],
          "lastUser" : "alice",
          "version" : 1
        }
        """

    @Test("both stores keep one cache per issuer, replacing it on save, and a logout leaves it")
    func stores() async throws {
        let directory = try CredentialStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stores: [any CredentialStore] = [
            InMemoryCredentialStore(), FileCredentialStore(path: directory.appendingPathComponent("store.json").path),
        ]
        for store in stores {
            #expect(try await store.providerCache(for: Self.cache.issuer) == nil)
            try await store.saveProviderCache(Self.cache)
            var newer = Self.cache
            newer.keySet = #"{"keys":[{"kty":"oct"}]}"#
            try await store.saveProviderCache(newer)
            try await store.saveProviderCache(ProviderCache(issuer: "https://other.example.com", discoveryDocument: "{}", savedAt: 1))
            #expect(try await store.providerCache(for: Self.cache.issuer) == newer)
            try await store.save(StoredCredential(user: "alice", tokens: TokenSet(accessToken: "at")))
            try await store.remove(user: "alice")
            #expect(try await store.providerCache(for: Self.cache.issuer) == newer)
        }
    }

    @Test("a file written before the cache existed reads as before, and keeps its users when a cache is added")
    func oldFileFormat() async throws {
        let directory = try CredentialStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.oldFile.utf8), attributes: [.posixPermissions: 0o600]))
        let store = FileCredentialStore(path: path)
        let alice = try #require(try await store.lastUser())
        #expect(alice.tokens?.refreshToken == "rt-1" && alice.email == "alice@example.com")
        #expect(try await store.providerCache(for: Self.cache.issuer) == nil)
        try await store.saveProviderCache(Self.cache)
        let reopened = FileCredentialStore(path: path)
        #expect(try await reopened.lastUser() == alice)
        #expect(try await reopened.providerCache(for: Self.cache.issuer) == Self.cache)
        // Written back as version 2 (records carry their grant), with the users as they were.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(json["version"] as? Int == 2)
    }

    @Test("a conformance written before the cache existed keeps nothing and reports no cache")
    func defaultConformance() async throws {
        let store = StoreWithoutProviderCache()
        try store.saveProviderCache(Self.cache)  // the defaults are synchronous (see CredentialStore's note)
        #expect(try store.providerCache(for: Self.cache.issuer) == nil)
        #expect(!Self.cache.description.contains("keys"))
    }
}

/// A store with only the requirements that existed before the provider cache.
private actor StoreWithoutProviderCache: CredentialStore {
    var document = CredentialStoreDocument()
    func credential(for user: String, grant: GrantIdentity?) -> StoredCredential? { document.credential(for: user, grant: grant) }
    func lastCredential(for grant: GrantIdentity?) -> StoredCredential? { document.lastCredential(for: grant) }
    func save(_ credential: StoredCredential) -> StoredCredential { document.save(credential) }
    func remove(user: String, grant: GrantIdentity?) { document.remove(user: user, grant: grant) }
}
