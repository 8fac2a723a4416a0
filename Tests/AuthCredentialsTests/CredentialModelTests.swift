// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials
import Foundation
import TestVectors
import Testing

@Suite("Apple's credential models")
struct CredentialModelTests {
    struct AppleValues: Decodable {
        let authorizationErrorDomain: String
        let authorizationError: [String: Int]
        let webAuthenticationSessionErrorDomain: String
        let webAuthenticationSessionError: [String: Int]
        let credentialState: [String: Int]
        let userDetectionStatus: [String: Int]
        let scope: [String: String]
    }

    static let apple: AppleValues = try! Vectors.json("Apple/authentication-services.json")

    /// Each case's name (as Swift prints it) and raw value.
    static func table<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> [String: Int] where T.RawValue == Int {
        Dictionary(uniqueKeysWithValues: T.allCases.map { ("\($0)", $0.rawValue) })
    }

    @Test("every code, state and status has Apple's name and raw value, and none is missing")
    func rawValues() {
        #expect(Self.table(AuthorizationError.Code.self) == Self.apple.authorizationError)
        #expect(Self.table(WebAuthenticationSessionError.Code.self) == Self.apple.webAuthenticationSessionError)
        #expect(Self.table(CredentialState.self) == Self.apple.credentialState)
        #expect(Self.table(UserDetectionStatus.self) == Self.apple.userDetectionStatus)
        #expect(AuthorizationScope.fullName.rawValue == Self.apple.scope["fullName"])
        #expect(AuthorizationScope.email.rawValue == Self.apple.scope["email"])
    }

    @Test("errors carry Apple's domains and codes, after a sentence that says what happened")
    func domains() {
        #expect(AuthorizationError.errorDomain == Self.apple.authorizationErrorDomain)
        #expect(WebAuthenticationSessionError.errorDomain == Self.apple.webAuthenticationSessionErrorDomain)
        // A cancel reads as a cancel first; Apple's domain and code follow, for searching.
        #expect(
            "\(AuthorizationError(.canceled))"
                == "the user canceled the authorization request (com.apple.AuthenticationServices.AuthorizationError error 1001, canceled)")
        #expect(
            "\(WebAuthenticationSessionError(.canceledLogin, reason: "the user closed the browser"))"
                == "the login was canceled (the user closed the browser, or the app called cancel()): the user closed the browser "
                + "(com.apple.AuthenticationServices.WebAuthenticationSession error 1, canceledLogin)")
    }

    @Test("models round-trip through Codable with their raw values")
    func codable() throws {
        let credential = AppleIDCredential(
            user: "001234.abc.1234", state: "s", authorizedScopes: [.fullName, .email], authorizationCode: "c", identityToken: "t",
            email: "a@privaterelay.appleid.com", fullName: PersonName(givenName: "Jane", familyName: "Appleseed"),
            realUserStatus: .likelyReal)
        let data = try JSONEncoder().encode(credential)
        #expect(try JSONDecoder().decode(AppleIDCredential.self, from: data) == credential)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["realUserStatus"] as? Int == 2)
        #expect(json["authorizedScopes"] as? [String] == ["full_name", "email"])
        #expect(try JSONDecoder().decode(CredentialState.self, from: Data("3".utf8)) == .transferred)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(UserDetectionStatus.self, from: Data("7".utf8)) }
    }

    @Test("the description of a credential redacts the code and identity token")
    func redaction() {
        let credential = AppleIDCredential(user: "u", state: "state-secret", authorizationCode: "code-secret", identityToken: "eyJ-secret")
        let text = "\(credential)"
        #expect(!text.contains("secret"))
        #expect(text.contains("<redacted>"))
    }

    @Test("a name formats its parts in order and knows when it is empty")
    func personName() {
        #expect(
            PersonName(namePrefix: "Dr.", givenName: "Jane", middleName: "Q", familyName: "Appleseed", nickname: "JJ").formatted
                == "Dr. Jane Q Appleseed")
        #expect(PersonName().isEmpty)
        #expect(!PersonName(nickname: "JJ").isEmpty)
        #expect(AuthorizationScope.fullName.webValue == "name" && AuthorizationScope.email.webValue == "email")
    }
}
