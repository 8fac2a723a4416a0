// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials
import Foundation
import TestVectors
import Testing

@Suite("Client registrations kept with the credentials")
struct ClientRegistrationStoreTests {
    static let registration = StoredClientRegistration(
        issuer: "https://login.example.com", clientID: "dyn-1", clientSecret: "a-secret-value", clientSecretExpiresAt: 0,
        registrationAccessToken: "a-registration-token", redirectURIs: ["http://127.0.0.1:8123/cb"],
        tokenEndpointAuthMethod: "client_secret_basic")

    @Test("a store file written before registrations were kept still loads, and then keeps one")
    func oldFileLoads() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-discovery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("credentials.json").path
        // The version 1 format as FileCredentialStore wrote it before this change.
        let old = #"{"credentials":[{"email":"a@example.com","user":"alice"}],"lastUser":"alice","version":1}"#
        _ = FileManager.default.createFile(atPath: path, contents: Data(old.utf8), attributes: [.posixPermissions: 0o600])
        let store = FileCredentialStore(path: path)
        #expect(try await store.lastUser()?.user == "alice")
        #expect(try await store.clientRegistration(forIssuer: Self.registration.issuer) == nil)
        try await store.saveClientRegistration(Self.registration)
        let reopened = FileCredentialStore(path: path)
        #expect(try await reopened.clientRegistration(forIssuer: Self.registration.issuer) == Self.registration)
        #expect(try await reopened.lastUser()?.email == "a@example.com")
        #expect(try await reopened.clientRegistration(forIssuer: "https://login.example.com/") == nil)
    }

    @Test("one registration per issuer: saving again replaces it")
    func replaces() async throws {
        let store = InMemoryCredentialStore()
        try await store.saveClientRegistration(Self.registration)
        var newer = Self.registration
        newer.clientID = "dyn-2"
        try await store.saveClientRegistration(newer)
        #expect(await store.document.clientRegistrations?.count == 1)
        #expect(try await store.clientRegistration(forIssuer: newer.issuer)?.clientID == "dyn-2")
    }

    @Test("a store that keeps no registrations says so instead of dropping one")
    func unsupported() async {
        await #expect(throws: AuthCredentialsError.clientRegistrationsNotSupported) {
            try await TokensOnlyStore().saveClientRegistration(Self.registration)
        }
        #expect(AuthCredentialsError.clientRegistrationsNotSupported.code == 7251)
    }

    @Test("the description names the client but never the secret or the registration access token")
    func redacted() {
        let text = "\(Self.registration)"
        #expect(text.contains("dyn-1"))
        #expect(!text.contains("a-secret-value"))
        #expect(!text.contains("a-registration-token"))
    }
}

/// A conformance written before registrations existed.
private struct TokensOnlyStore: CredentialStore {
    func credential(for user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? { nil }
    func lastCredential(for grant: GrantIdentity?) async throws(AuthCredentialsError) -> StoredCredential? { nil }
    func save(_ credential: StoredCredential) async throws(AuthCredentialsError) -> StoredCredential { credential }
    func remove(user: String, grant: GrantIdentity?) async throws(AuthCredentialsError) {}
}

@Suite("StoredClientRegistration: secrets stay out of dump")
struct ClientRegistrationReflectionTests {
    @Test("dump shows the client id but not the secret or the registration access token, also inside a store document")
    func redacted() {
        var document = CredentialStoreDocument()
        document.saveClientRegistration(ClientRegistrationStoreTests.registration)
        for value in [ClientRegistrationStoreTests.registration, document] as [Any] {
            let text = dumped(value)
            #expect(!text.contains("a-secret-value") && !text.contains("a-registration-token"), "\(text)")
            #expect(text.contains("dyn-1") && text.contains("<redacted>"))
        }
    }
}
