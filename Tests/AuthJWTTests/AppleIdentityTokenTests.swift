// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT
import Foundation
import TestVectors
import Testing

@Suite("AppleIdentityToken")
struct AppleIdentityTokenTests {
    static func keys() throws -> JWKSet {
        try JWKSet(json: AppleIdentityTokenVectors.load().jwksJSON)
    }

    @Test("reads first and later sign-in tokens made by cryptography and joserfc, Apple's string Booleans included")
    func typedView() throws {
        let file = try AppleIdentityTokenVectors.load()
        let validator = IDTokenValidator.signInWithApple(clientID: file.clientID)
        #expect(validator.allowedAlgorithms == [.rs256] && validator.issuer == "https://appleid.apple.com")
        for vector in file.cases {
            let idToken = try validator.validate(
                vector.token, keys: try Self.keys(), now: NumericDate(secondsSince1970: file.now),
                nonce: file.hashedNonce, authorizationCode: file.code)
            let apple = try AppleIdentityToken(idToken)
            #expect(apple.user == vector.expected.subject, "\(vector.name)")
            #expect(apple.email == vector.expected.email)
            #expect(apple.emailVerified == vector.expected.emailVerified)
            #expect(apple.isPrivateEmail == vector.expected.isPrivateEmail)
            #expect(apple.realUserStatus == vector.expected.realUserStatus)
            #expect(apple.nonceSupported == vector.expected.nonceSupported)
            #expect(apple.nonce == file.hashedNonce)
        }
    }

    @Test("refuses Apple's tokens for another app, with another nonce, or after they expire")
    func refusals() throws {
        let file = try AppleIdentityTokenVectors.load()
        let token = try #require(file.cases.first).token
        let now = NumericDate(secondsSince1970: file.now)
        #expect(throws: AuthJWTError.audienceMismatch(expected: "com.other.app", actual: [file.clientID])) {
            try IDTokenValidator.signInWithApple(clientID: "com.other.app").validate(token, keys: try Self.keys(), now: now)
        }
        #expect(throws: AuthJWTError.nonceMismatch) {
            try IDTokenValidator.signInWithApple(clientID: file.clientID)
                .validate(token, keys: try Self.keys(), now: now, nonce: "raw-nonce-sent-unhashed")
        }
        #expect(throws: AuthJWTError.self) {
            try IDTokenValidator.signInWithApple(clientID: file.clientID)
                .validate(token, keys: try Self.keys(), now: now.adding(seconds: 3600))
        }
    }
}
