// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
import AuthJWT
import Foundation
import Testing

@testable import AuthCredentials

@Suite("TokenSet keeps the granted authorization_details (RFC 9396 §7) and every store round-trips them")
struct TokenSetTests {
    static let now = NumericDate(secondsSince1970: 1_800_000_000)
    static let grant = GrantIdentity(issuer: "https://id.example.com", clientID: "app")

    /// RFC 9396 §7's example token response (its `token_type` "example" made Bearer, which AuthFlow takes).
    static let rfcResponse = #"""
        {"access_token":"2YotnFZFEjr1zCsicMWpAA","token_type":"Bearer","expires_in":3600,"refresh_token":"tGzv3JOkF0XG5Qx2TlKWIA",
        "authorization_details":[{"type":"payment_initiation","actions":["initiate","status","cancel"],
        "locations":["https://example.com/payments"],"instructedAmount":{"currency":"EUR","amount":"123.50"},
        "creditorName":"Merchant A","creditorAccount":{"iban":"DE02100100109307118603"},
        "remittanceInformationUnstructured":"Ref Number Merchant"}]}
        """#

    static func tokens() throws -> TokenSet {
        TokenSet(try TokenResponse(json: Array(rfcResponse.utf8)), receivedAt: now)
    }

    @Test("a response's authorization_details are kept as sent; a response without them, or with malformed ones, keeps none")
    func fromResponse() throws {
        let tokens = try Self.tokens()
        let granted = try #require(tokens.grantedAuthorizationDetails)
        #expect(granted.count == 1)
        #expect(granted[0]["type"] == "payment_initiation")
        #expect(granted[0]["instructedAmount"]?.objectValue?["amount"] == "123.50")
        #expect(
            granted[0].names == [
                "type", "actions", "locations", "instructedAmount", "creditorName", "creditorAccount", "remittanceInformationUnstructured",
            ])
        let plain = try TokenResponse(json: Array(#"{"access_token":"a","token_type":"Bearer"}"#.utf8))
        #expect(TokenSet(plain, receivedAt: Self.now).grantedAuthorizationDetails == nil)
        for malformed in [#"{"type":"a"}"#, #"[{"actions":[]}]"#, #"[{"type":""}]"#, #"["a"]"#, "null"] {
            let response = try TokenResponse(
                json: Array(#"{"access_token":"a","token_type":"Bearer","authorization_details":\#(malformed)}"#.utf8))
            #expect(TokenSet(response, receivedAt: Self.now).grantedAuthorizationDetails == nil, "\(malformed)")
        }
    }

    @Test("after a refresh: the answer's authorization_details replace the previous ones; an answer without them keeps them (as scope)")
    func refreshed() throws {
        let tokens = try Self.tokens()
        let silent = try TokenResponse(json: Array(#"{"access_token":"b","token_type":"Bearer"}"#.utf8))
        #expect(tokens.refreshed(by: silent, receivedAt: Self.now).grantedAuthorizationDetails == tokens.grantedAuthorizationDetails)
        let narrowed = try TokenResponse(
            json: Array(#"{"access_token":"c","token_type":"Bearer","authorization_details":[{"type":"account_information"}]}"#.utf8))
        let after = tokens.refreshed(by: narrowed, receivedAt: Self.now)
        #expect(after.grantedAuthorizationDetails?.map { $0["type"]?.stringValue } == ["account_information"])
        let emptied = try TokenResponse(json: Array(#"{"access_token":"d","token_type":"Bearer","authorization_details":[]}"#.utf8))
        #expect(tokens.refreshed(by: emptied, receivedAt: Self.now).grantedAuthorizationDetails == [], "an empty grant is a grant")
    }

    @Test("Codable: the details as the JSON text of the array, read back equal; a record saved before they were kept still loads")
    func codable() throws {
        let tokens = try Self.tokens()
        let data = try JSONEncoder().encode(tokens)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let text = try #require(object["authorization_details"] as? String)
        #expect(try JSONValue(parsing: Array(text.utf8)) == JSONValue.array(tokens.grantedAuthorizationDetails!.map(JSONValue.object)))
        #expect(try JSONDecoder().decode(TokenSet.self, from: data) == tokens)
        // As written before issue 31 (no authorization_details member).
        let old = #"{"access_token":"at","expires_at":1800003600,"refresh_token":"rt","scopes":["openid"]}"#
        let decoded = try JSONDecoder().decode(TokenSet.self, from: Data(old.utf8))
        #expect(decoded.grantedAuthorizationDetails == nil)
        #expect(decoded.refreshToken == "rt")
        let corrupt = #"{"access_token":"at","authorization_details":"[{\"actions\":[]}]"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TokenSet.self, from: Data(corrupt.utf8)) }
    }

    @Test("the file store reads a file written before issue 31, and round-trips granted details across instances")
    func fileStore() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("authflow-tokenset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("credentials.json").path
        // A version 2 document as the file store wrote it before authorization_details were kept.
        let before = #"""
            {"version":2,"lastUser":"alice","credentials":[{"user":"alice","grant":{"issuer":"https://id.example.com","client_id":"app","resources":[]},"tokens":{"access_token":"at-old","expires_at":1800003600,"refresh_token":"rt-old","scopes":["openid","accounts"]}}]}
            """#
        #expect(FileManager.default.createFile(atPath: path, contents: Data(before.utf8), attributes: [.posixPermissions: 0o600]))
        let old = try #require(try await FileCredentialStore(path: path).credential(for: "alice", grant: Self.grant)?.tokens)
        #expect(old.accessToken == "at-old" && old.refreshToken == "rt-old" && old.grantedAuthorizationDetails == nil)
        let tokens = try Self.tokens()
        try await FileCredentialStore(path: path).save(StoredCredential(user: "alice", grant: Self.grant, tokens: tokens))
        let read = try await FileCredentialStore(path: path).credential(for: "alice", grant: Self.grant)?.tokens
        #expect(read == tokens)
        #expect(read?.grantedAuthorizationDetails == tokens.grantedAuthorizationDetails)
    }

    @Test("the in-memory store and the Keychain's document store round-trip them too")
    func otherStores() async throws {
        let tokens = try Self.tokens()
        let memory = InMemoryCredentialStore()
        await memory.save(StoredCredential(user: "alice", grant: Self.grant, tokens: tokens))
        #expect(
            await memory.credential(for: "alice", grant: Self.grant)?.tokens?.grantedAuthorizationDetails
                == tokens.grantedAuthorizationDetails)
        let keychain = FakeKeychain()
        let key = KeychainItemKey(service: "com.example.app", accessGroup: nil)
        try await KeychainDocumentStore(key: key, items: keychain).save(StoredCredential(user: "alice", grant: Self.grant, tokens: tokens))
        let read = try await KeychainDocumentStore(key: key, items: keychain).credential(for: "alice", grant: Self.grant)?.tokens
        #expect(read == tokens)
        #expect(read?.grantedAuthorizationDetails == tokens.grantedAuthorizationDetails)
    }

    @Test("description and dump name how many were granted and their types, never their members")
    func redaction() throws {
        let tokens = try Self.tokens()
        #expect(tokens.description.contains("authorization_details: 1 granted"))
        #expect(!tokens.description.contains("DE02100100109307118603"))
        var dumped = ""
        dump(tokens, to: &dumped)
        #expect(dumped.contains("payment_initiation"))
        #expect(!dumped.contains("DE02100100109307118603"))
    }
}
