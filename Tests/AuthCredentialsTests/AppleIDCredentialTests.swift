// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials
import AuthJWT
import Foundation
import TestVectors
import Testing

@Suite("AppleIDCredential from a Sign in with Apple form_post")
struct AppleIDCredentialTests {
    static let file = try! AppleIdentityTokenVectors.load()
    static let keys = try! JWKSet(json: file.jwksJSON)
    static let state = "af0ifjsldkj"

    /// A form_post body as a browser sends it (application/x-www-form-urlencoded), made with Foundation.
    static func body(_ fields: [(String, String)]) -> [UInt8] {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        let pairs = fields.map { name, value in
            name + "=" + value.addingPercentEncoding(withAllowedCharacters: allowed)!.replacingOccurrences(of: "%20", with: "+")
        }
        return Array(pairs.joined(separator: "&").utf8)
    }

    static func credential(_ caseName: String, user: String?, scopes: [AuthorizationScope] = [.fullName, .email]) throws
        -> AppleIDCredential
    {
        var fields = [("state", state), ("code", file.code), ("id_token", try file.token(caseName))]
        if let user { fields.append(("user", user)) }
        let response = try AuthorizationResponse(formPostBody: body(fields), expecting: .init(state: state, responseMode: .formPost))
        let token = try IDTokenValidator.signInWithApple(clientID: file.clientID).validate(
            try #require(response.idToken), keys: keys, now: NumericDate(secondsSince1970: file.now), nonce: file.hashedNonce)
        return try AppleIDCredential(signInWithApple: response, identityToken: AppleIdentityToken(token), requestedScopes: scopes)
    }

    @Test("the first sign-in gives the name from the user JSON and the email from the signed token")
    func firstSignIn() throws {
        let credential = try Self.credential(
            "first sign-in", user: #"{"name":{"firstName":"Jane","lastName":"Appleseed"},"email":"k9xq2@privaterelay.appleid.com"}"#)
        #expect(credential.user == "001234.0123456789abcdef0123456789abcdef.1234")
        #expect(credential.fullName == PersonName(givenName: "Jane", familyName: "Appleseed"))
        #expect(credential.email == "k9xq2@privaterelay.appleid.com")
        #expect(credential.realUserStatus == .likelyReal)
        #expect(credential.authorizedScopes == [.fullName, .email])
        #expect(credential.authorizationCode == Self.file.code)
        #expect(credential.state == Self.state)
    }

    @Test("a later sign-in has no name, no email and no scopes, and the status defaults to unsupported")
    func laterSignIn() throws {
        let credential = try Self.credential("later sign-in", user: nil)
        #expect(credential.fullName == nil && credential.email == nil && credential.authorizedScopes.isEmpty)
        #expect(credential.realUserStatus == .unsupported)
    }

    @Test("scopes the app did not request are not reported, even when data came")
    func onlyRequestedScopes() throws {
        let credential = try Self.credential("first sign-in", user: #"{"name":{"firstName":"Jane"}}"#, scopes: [.email])
        #expect(credential.authorizedScopes == [.email])
    }

    @Test("refuses an unsigned email that differs from the token's, and malformed user JSON")
    func refusals() throws {
        #expect(throws: AuthCredentialsError.emailMismatch) {
            try Self.credential("first sign-in", user: #"{"email":"someone-else@example.com"}"#)
        }
        #expect(throws: AuthCredentialsError.invalidUserJSON("'name.firstName' is not a string")) {
            try Self.credential("first sign-in", user: #"{"name":{"firstName":7}}"#)
        }
        #expect(throws: AuthCredentialsError.invalidUserJSON("'name' is not an object")) {
            try Self.credential("first sign-in", user: #"{"name":"Jane"}"#)
        }
        #expect(throws: AuthCredentialsError.self) { try Self.credential("first sign-in", user: "{not json") }
        #expect(throws: AuthCredentialsError.invalidUserJSON("not an object")) { try Self.credential("first sign-in", user: "[]") }
    }

    @Test("refuses a response whose id_token is not the validated token")
    func tokenMismatch() throws {
        let first = try Self.file.token("first sign-in")
        let later = try Self.file.token("later sign-in")
        let response = try AuthorizationResponse(
            formPostBody: Self.body([("state", Self.state), ("code", Self.file.code), ("id_token", later)]),
            expecting: .init(state: Self.state, responseMode: .formPost))
        let token = try IDTokenValidator.signInWithApple(clientID: Self.file.clientID).validate(
            first, keys: Self.keys, now: NumericDate(secondsSince1970: Self.file.now), nonce: Self.file.hashedNonce)
        #expect(throws: AuthCredentialsError.identityTokenMismatch) {
            try AppleIDCredential(signInWithApple: response, identityToken: AppleIdentityToken(token), requestedScopes: [])
        }
    }

    @Test("refuses an id_token that shares the validated token's header and payload but not its signature")
    func signatureMismatch() throws {
        let first = try Self.file.token("first sign-in")
        let token = try IDTokenValidator.signInWithApple(clientID: Self.file.clientID).validate(
            first, keys: Self.keys, now: NumericDate(secondsSince1970: Self.file.now), nonce: Self.file.hashedNonce)
        let signingInput = String(first[..<first.lastIndex(of: ".")!])
        let signature = String(first[first.index(after: first.lastIndex(of: ".")!)...])
        let otherFirst = signature.first == "A" ? "B" : "A"
        let forgeries = [
            signingInput + "." + otherFirst + signature.dropFirst(),  // another signature of the same length
            signingInput + ".",  // no signature
            signingInput + "." + signature + "AAAA",  // the signature and more
            signingInput + ".not-base64url!",
        ]
        for forged in forgeries {
            let response = try AuthorizationResponse(
                formPostBody: Self.body([("state", Self.state), ("code", Self.file.code), ("id_token", forged)]),
                expecting: .init(state: Self.state, responseMode: .formPost))
            #expect(throws: AuthCredentialsError.identityTokenMismatch) {
                try AppleIDCredential(signInWithApple: response, identityToken: AppleIdentityToken(token), requestedScopes: [])
            }
        }
    }
}
