// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials
import AuthJSON
import AuthJWT
import Foundation
import Testing

@Suite("TokenResponse and TokenSet")
struct TokenResponseTests {
    /// RFC 6749 §5.1's example response body.
    static let rfc6749Example = """
        {
          "access_token":"2YotnFZFEjr1zCsicMWpAA",
          "token_type":"example",
          "expires_in":3600,
          "refresh_token":"tGzv3JOkF0XG5Qx2TlKWIA",
          "example_parameter":"example_value"
        }
        """
    /// OpenID Connect Core 1.0 §3.1.3.3's example, with the ID token shortened.
    static let oidcExample = """
        {
         "access_token": "SlAV32hkKG",
         "token_type": "Bearer",
         "refresh_token": "8xLOxBtZp8",
         "expires_in": 3600,
         "id_token": "eyJhbGciOiJSUzI1NiIsImtpZCI6IjFlOWdkazcifQ.ewogImlzcyI6ICJodHRwOi8vc2VydmVyLmV4YW1wbGUuY29tIn0.sig"
        }
        """
    static let now = NumericDate(secondsSince1970: 1_767_225_600)

    @Test("reads the OpenID Connect example and turns expires_in into an absolute expiry")
    func oidcExample() throws {
        let response = try TokenResponse(json: Self.oidcExample.utf8)
        #expect(response.accessToken == "SlAV32hkKG" && response.refreshToken == "8xLOxBtZp8" && response.expiresIn == 3600)
        let tokens = TokenSet(response, receivedAt: Self.now)
        #expect(tokens.expiresAt == NumericDate(secondsSince1970: 1_767_229_200))
        #expect(!tokens.isExpired(at: Self.now.adding(seconds: 3599)))
        #expect(tokens.isExpired(at: Self.now.adding(seconds: 3600)))
        #expect(!tokens.needsRefresh(at: Self.now.adding(seconds: 3539), window: 60))
        #expect(tokens.needsRefresh(at: Self.now.adding(seconds: 3540), window: 60))
    }

    @Test("refuses RFC 6749's example token_type, which is not Bearer, and keeps unknown members")
    func rfc6749Example() throws {
        #expect(throws: AuthCredentialsError.unsupportedTokenType("example")) { try TokenResponse(json: Self.rfc6749Example.utf8) }
        let bearer = Self.rfc6749Example.replacingOccurrences(of: "\"example\"", with: "\"bearer\"")
        let response = try TokenResponse(json: bearer.utf8)
        #expect(response.additionalParameters["example_parameter"] == "example_value")
        #expect(response.additionalParameters.count == 1)
    }

    @Test("reads RFC 6749 §5.2's error response as a typed OAuth error")
    func errorResponse() {
        #expect(throws: AuthCredentialsError.tokenErrorResponse(OAuthErrorResponse(error: .invalidRequest))) {
            try TokenResponse(json: #"{"error":"invalid_request"}"#.utf8)
        }
        #expect(
            throws: AuthCredentialsError.tokenErrorResponse(
                OAuthErrorResponse(error: OAuthErrorCode(rawValue: "invalid_grant"), errorDescription: "code reused"))
        ) {
            try TokenResponse(json: #"{"error":"invalid_grant","error_description":"code reused"}"#.utf8)
        }
    }

    @Test("refuses missing or mistyped members, with the member named")
    func malformed() {
        let cases: [(String, AuthCredentialsError)] = [
            ("[]", .invalidTokenResponse("the body is not a JSON object")),
            (#"{"token_type":"Bearer"}"#, .invalidTokenResponse("'access_token' is missing")),
            (#"{"access_token":"","token_type":"Bearer"}"#, .invalidTokenResponse("'access_token' is missing")),
            (#"{"access_token":"a"}"#, .invalidTokenResponse("'token_type' is missing")),
            (#"{"access_token":1,"token_type":"Bearer"}"#, .invalidTokenResponse("'access_token' is not a string")),
            (
                #"{"access_token":"a","token_type":"Bearer","expires_in":-1}"#,
                .invalidTokenResponse("'expires_in' is not a non-negative whole number of seconds")
            ),
            (
                #"{"access_token":"a","token_type":"Bearer","expires_in":1.5}"#,
                .invalidTokenResponse("'expires_in' is not a non-negative whole number of seconds")
            ),
            (
                #"{"access_token":"a","token_type":"Bearer","expires_in":"soon"}"#,
                .invalidTokenResponse("'expires_in' is not a non-negative whole number of seconds")
            ),
            (#"{"access_token":"a","token_type":"Bearer","refresh_token":null}"#, .invalidTokenResponse("'refresh_token' is not a string")),
        ]
        for (body, error) in cases {
            #expect(throws: error, "\(body)") { try TokenResponse(json: body.utf8) }
        }
        #expect(throws: AuthCredentialsError.self) { try TokenResponse(json: "not json".utf8) }
        #expect(throws: AuthCredentialsError.self) {
            try TokenResponse(json: #"{"access_token":"a","access_token":"b","token_type":"Bearer"}"#.utf8)
        }
    }

    @Test("accepts expires_in as a string of digits, as some servers send it")
    func expiresInString() throws {
        #expect(try TokenResponse(json: #"{"access_token":"a","token_type":"Bearer","expires_in":"3600"}"#.utf8).expiresIn == 3600)
    }

    @Test("a refresh keeps the old refresh token unless a new one is issued (RFC 6749 §6)")
    func refresh() throws {
        let first = TokenSet(try TokenResponse(json: Self.oidcExample.utf8), receivedAt: Self.now)
        let later = Self.now.adding(seconds: 3000)
        let kept = first.refreshed(
            by: try TokenResponse(json: #"{"access_token":"new","token_type":"Bearer","expires_in":60}"#.utf8), receivedAt: later)
        #expect(kept.accessToken == "new" && kept.refreshToken == "8xLOxBtZp8" && kept.idToken == first.idToken)
        #expect(kept.expiresAt == later.adding(seconds: 60))
        let rotated = first.refreshed(
            by: try TokenResponse(json: #"{"access_token":"new","token_type":"Bearer","refresh_token":"r2"}"#.utf8), receivedAt: later)
        #expect(rotated.refreshToken == "r2" && rotated.expiresAt == nil && !rotated.isExpired(at: later))
    }

    @Test("descriptions never contain a token")
    func redaction() throws {
        let response = try TokenResponse(json: Self.oidcExample.utf8)
        let tokens = TokenSet(response, receivedAt: Self.now)
        for text in ["\(response)", "\(tokens)", "\(StoredCredential(user: "u", tokens: tokens))"] {
            #expect(!text.contains("SlAV32hkKG") && !text.contains("8xLOxBtZp8") && !text.contains("eyJ"), "\(text)")
        }
    }

    @Test(
        "salvages the refresh token of a 200 body that is refused, before anything else in it is read",
        arguments: [
            #"{"access_token":"a","token_type":"example","expires_in":3600,"refresh_token":"tGzv3JOkF0XG5Qx2TlKWIA"}"#,
            #"{"access_token":"a","token_type":"Bearer","expires_in":-5,"refresh_token":"tGzv3JOkF0XG5Qx2TlKWIA"}"#,
            #"{"access_token":"a","token_type":"Bearer","expires_in":"1.5","refresh_token":"tGzv3JOkF0XG5Qx2TlKWIA"}"#,
            #"{"token_type":"Bearer","refresh_token":"tGzv3JOkF0XG5Qx2TlKWIA"}"#,  // no access_token
            #"{"access_token":"a","token_type":"Bearer","scope":7,"refresh_token":"tGzv3JOkF0XG5Qx2TlKWIA"}"#,
        ])
    func salvagesFromRefusedBody(body: String) throws {
        #expect(throws: AuthCredentialsError.self) { try TokenResponse(json: body.utf8) }
        #expect(TokenResponse.salvagedRefreshToken(fromJSON: body.utf8) == "tGzv3JOkF0XG5Qx2TlKWIA")
    }

    @Test("never salvages from an error body, nor an empty, absent or non-string refresh_token, nor a body that is not an object")
    func salvagesNothingElse() throws {
        let bodies = [
            #"{"error":"invalid_grant","refresh_token":"tGzv3JOkF0XG5Qx2TlKWIA"}"#,
            #"{"error":null,"access_token":"a","token_type":"Bearer","refresh_token":"tGzv3JOkF0XG5Qx2TlKWIA"}"#,
            #"{"access_token":"a","token_type":"example","refresh_token":""}"#,
            #"{"access_token":"a","token_type":"example","refresh_token":17}"#,
            #"{"access_token":"a","token_type":"example"}"#,
            #"["refresh_token","tGzv3JOkF0XG5Qx2TlKWIA"]"#,
            #"{"refresh_token":"tGzv3JOkF0XG5Qx2TlKWIA""#,
            "",
        ]
        for body in bodies { #expect(TokenResponse.salvagedRefreshToken(fromJSON: body.utf8) == nil, "\(body)") }
        // A body that is accepted salvages the same token the response holds.
        #expect(TokenResponse.salvagedRefreshToken(fromJSON: Self.oidcExample.utf8) == "8xLOxBtZp8")
    }
}
