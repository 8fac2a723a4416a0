// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
import AuthJWT
import Testing

@Suite("JWTClaims")
struct JWTClaimsTests {
    static func claims(_ json: String) throws -> JWTClaims {
        JWTClaims(try #require(try JSONValue(parsing: json).objectValue))
    }

    @Test("reads aud from a string or an array, and refuses anything else")
    func audience() throws {
        #expect(try Self.claims(#"{"aud":"a"}"#).audience == ["a"])
        #expect(try Self.claims(#"{"aud":["a","b"]}"#).audience == ["a", "b"])
        #expect(try Self.claims("{}").audience == [])
        #expect(throws: AuthJWTError.invalidClaim("aud", expected: "a string or an array of strings")) {
            try Self.claims(#"{"aud":["a",1]}"#).audience
        }
    }

    @Test("reads NumericDates from numbers only, never from numeric strings (RFC 7519 §2)")
    func dates() throws {
        #expect(try Self.claims(#"{"exp":1311281970}"#).expiration == NumericDate(secondsSince1970: 1_311_281_970))
        #expect(throws: AuthJWTError.invalidClaim("exp", expected: "a NumericDate (a JSON number of seconds)")) {
            try Self.claims(#"{"exp":"1311281970"}"#).expiration
        }
        #expect(try Self.claims("{}").issuedAt == nil)
    }

    @Test("reads the OpenID Connect example ID token's claims (OIDC Core §3.1.3.7 example)")
    func oidcClaims() throws {
        let claims = try Self.claims(
            """
            {"iss":"https://server.example.com","sub":"24400320","aud":"s6BhdRkqt3","nonce":"n-0S6_WzA2Mj",
             "exp":1311281970,"iat":1311280970,"auth_time":1311280969,"acr":"urn:mace:incommon:iap:silver"}
            """)
        #expect(try claims.issuer == "https://server.example.com")
        #expect(try claims.subject == "24400320")
        #expect(try claims.nonce == "n-0S6_WzA2Mj")
        #expect(try claims.authenticationTime == NumericDate(secondsSince1970: 1_311_280_969))
        #expect(claims["acr"]?.stringValue == "urn:mace:incommon:iap:silver")
    }

    @Test("reads Sign in with Apple's claims, with its Booleans sent as strings")
    func appleClaims() throws {
        let claims = try Self.claims(
            """
            {"email":"x@privaterelay.appleid.com","email_verified":"true","is_private_email":"true",
             "real_user_status":2,"nonce_supported":true}
            """)
        #expect(try claims.emailVerified == true)
        #expect(try claims.isPrivateEmail == true)
        #expect(try claims.realUserStatus == 2)
        #expect(try claims.nonceSupported == true)
        #expect(try Self.claims(#"{"email_verified":false}"#).emailVerified == false)
        #expect(throws: AuthJWTError.invalidClaim("email_verified", expected: "a boolean")) {
            try Self.claims(#"{"email_verified":"yes"}"#).emailVerified
        }
        #expect(throws: AuthJWTError.invalidClaim("real_user_status", expected: "0, 1 or 2")) {
            try Self.claims(#"{"real_user_status":3}"#).realUserStatus
        }
    }
}
