// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT
import Foundation
import Testing

@testable import AuthCredentials

@Suite("GrantIdentity and the records it keys: one session per grant and account")
struct GrantIdentityTests {
    static let a = GrantIdentity(issuer: "https://a.example.com", clientID: "app")
    static let b = GrantIdentity(issuer: "https://b.example.com", clientID: "app")
    static let tokensA = TokenSet(accessToken: "at-a", refreshToken: "rt-a")
    static let tokensB = TokenSet(accessToken: "at-b", refreshToken: "rt-b")

    @Test("resources are kept sorted and without duplicates, so the order a configuration lists them in does not matter")
    func resourcesNormalized() throws {
        let one = GrantIdentity(issuer: "https://a", clientID: "c", resources: ["https://z/", "https://a/", "https://z/"])
        let two = GrantIdentity(issuer: "https://a", clientID: "c", resources: ["https://a/", "https://z/"])
        #expect(one == two && one.resources == ["https://a/", "https://z/"])
        let decoded = try JSONDecoder().decode(GrantIdentity.self, from: JSONEncoder().encode(one))
        #expect(decoded == one)
        #expect(one.description == "https://a client c resource https://a/ resource https://z/")
    }

    @Test("the same sub under two grants is two records; saving, resuming and removing one never touches the other")
    func recordsPerGrant() {
        var document = CredentialStoreDocument()
        document.save(StoredCredential(user: "alice", grant: Self.a, tokens: Self.tokensA))
        document.save(StoredCredential(user: "alice", grant: Self.b, tokens: Self.tokensB))
        #expect(document.credentials.count == 2)
        #expect(document.credential(for: "alice", grant: Self.a)?.tokens == Self.tokensA)
        #expect(document.lastCredential(for: Self.b)?.tokens == Self.tokensB)
        #expect(document.credential(for: "alice") == nil, "no record without a grant")
        #expect(document.lastUser == nil)
        let refused = document.remove(user: "alice", grant: Self.a, ifTokensAre: Self.tokensB)
        #expect(refused == false)
        let removed = document.remove(user: "alice", grant: Self.a, ifTokensAre: Self.tokensA)
        #expect(removed)
        #expect(document.lastCredential(for: Self.b)?.tokens == Self.tokensB)
    }

    @Test("the last account of a grant is the one saved last, per grant")
    func lastPerGrant() {
        var document = CredentialStoreDocument()
        document.save(StoredCredential(user: "alice", grant: Self.a, tokens: Self.tokensA))
        document.save(StoredCredential(user: "bob", grant: Self.a, tokens: Self.tokensB))
        document.save(StoredCredential(user: "carol", grant: Self.b, tokens: Self.tokensB))
        #expect(document.lastCredential(for: Self.a)?.user == "bob")
        document.save(StoredCredential(user: "alice", grant: Self.a, tokens: Self.tokensA))
        #expect(document.lastCredential(for: Self.a)?.user == "alice")
        #expect(document.lastCredential(for: Self.b)?.user == "carol")
    }

    @Test("a version-1 record is claimed once, only while its tokens are the ones checked, and never over a newer record")
    func claimLegacy() throws {
        let v1 =
            #"{"version":1,"lastUser":"alice","credentials":[{"user":"alice","tokens":{"access_token":"at-a","refresh_token":"rt-a"}}]}"#
        var document = try JSONDecoder().decode(CredentialStoreDocument.self, from: Data(v1.utf8))
        #expect(document.version == 1)
        let stale = document.claimLegacyCredential(user: "alice", for: Self.a, ifTokensAre: Self.tokensB)
        #expect(stale == nil, "other tokens now")
        let claimed = document.claimLegacyCredential(user: "alice", for: Self.a, ifTokensAre: Self.tokensA)
        #expect(claimed?.grant == Self.a)
        #expect(document.credential(for: "alice") == nil && document.lastUser == nil)
        let again = document.claimLegacyCredential(user: "alice", for: Self.b)
        #expect(again == nil, "claimed once")
        let written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(document)) as? [String: Any]
        #expect(written?["version"] as? Int == 2)
    }

    @Test("the in-memory and Keychain stores let one refresh of a grant run at a time, and do not hold up another grant")
    func refreshLocks() async throws {
        let stores: [any CredentialStore] = [
            InMemoryCredentialStore(),
            KeychainDocumentStore(key: KeychainItemKey(service: "locks"), items: FakeKeychain()),
        ]
        for store in stores {
            let inside = Counter()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await store.withRefreshLock(for: Self.a) {
                            let now = await inside.enter()
                            #expect(now == 1, "two refreshes of one grant at once")
                            try? await Task.sleep(for: .milliseconds(2))
                            await inside.leave()
                        }
                    }
                }
                try await group.waitForAll()
            }
            // Another grant's lock is free while one is held.
            try await store.withRefreshLock(for: Self.a) {
                let other = try? await store.withRefreshLock(for: Self.b) { 42 }
                #expect(other == 42)
            }
        }
    }
}

private actor Counter {
    private var count = 0
    func enter() -> Int {
        count += 1
        return count
    }
    func leave() { count -= 1 }
}
