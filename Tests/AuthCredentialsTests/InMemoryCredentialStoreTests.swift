// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials
import AuthJWT
import Foundation
import Testing

@Suite("Compare before remove: a store never deletes tokens newer than the ones that failed")
struct InMemoryCredentialStoreTests {
    static let old = TokenSet(accessToken: "at-1", refreshToken: "rt-1")
    static let newer = TokenSet(accessToken: "at-2", refreshToken: "rt-2")

    @Test("the in-memory store removes the user only while the stored tokens are still the expected ones")
    func inMemory() async throws {
        let store = InMemoryCredentialStore()
        await store.save(StoredCredential(user: "alice", email: "a@example.com", tokens: Self.newer))
        #expect(try await store.remove(user: "alice", ifTokensAre: Self.old) == false)
        #expect(try await store.credential(for: "alice")?.tokens == Self.newer)
        #expect(try await store.remove(user: "alice", ifTokensAre: Self.newer))
        #expect(try await store.credential(for: "alice") == nil)
        #expect(try await store.remove(user: "alice", ifTokensAre: Self.newer) == false)
    }

    @Test("the file store does the same in one step")
    func file() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("authflow-cbr-\(UInt32.random(in: 0...UInt32.max)).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = FileCredentialStore(path: path)
        try await store.save(StoredCredential(user: "alice", tokens: Self.newer))
        #expect(try await store.remove(user: "alice", ifTokensAre: Self.old) == false)
        #expect(try await store.credential(for: "alice")?.tokens == Self.newer)
        #expect(try await store.remove(user: "alice", ifTokensAre: Self.newer))
        #expect(try await FileCredentialStore(path: path).lastUser() == nil)
    }

    @Test("the protocol's default does the same for a store that does not implement it")
    func defaultImplementation() async throws {
        let store = MinimalStore()
        _ = try await store.save(StoredCredential(user: "alice", tokens: Self.newer))
        #expect(try await store.remove(user: "alice", ifTokensAre: Self.old) == false)
        #expect(try await store.credential(for: "alice")?.tokens == Self.newer)
        #expect(try await store.remove(user: "alice", ifTokensAre: Self.newer))
        #expect(try await store.lastUser() == nil)
    }
}

/// A store with only the four basic required methods, so the default compare-before-remove is what runs.
actor MinimalStore: CredentialStore {
    var document = CredentialStoreDocument()
    func credential(for user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? {
        document.credential(for: user, grant: grant)
    }
    func lastCredential(for grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? {
        document.lastCredential(for: grant)
    }
    func save(_ credential: StoredCredential) async throws(AuthCredentialsError) -> StoredCredential { document.save(credential) }
    func remove(user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) { document.remove(user: user, grant: grant) }
}
