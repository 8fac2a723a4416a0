// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJSON
import AuthJWT
import Testing

@Suite("IDTokenClaims: the standard profile claims and the authentication claims, typed")
struct IDTokenClaimsTests {
    /// The claims of OpenID Connect Core 1.0 §5.3.2's example response, as printed there (the standard
    /// claims of §5.1 read the same in an ID token).
    static let coreExample = """
        {
         "sub": "248289761001",
         "name": "Jane Doe",
         "given_name": "Jane",
         "family_name": "Doe",
         "preferred_username": "j.doe",
         "email": "janedoe@example.com",
         "picture": "http://example.com/janedoe/me.jpg"
        }
        """

    private func claims(_ text: String) throws -> IDTokenClaims {
        guard case .object(let object) = try JSONValue(parsing: text) else { throw AuthJSONError.unexpectedEnd(offset: 0) }
        return IDTokenClaims(object)
    }

    @Test("the Core §5.3.2 example reads through the accessors; absent claims are nil")
    func coreExample() throws {
        let claims = try claims(Self.coreExample)
        #expect(try claims.subject == "248289761001")
        #expect(try claims.name == "Jane Doe" && claims.givenName == "Jane" && claims.familyName == "Doe")
        #expect(try claims.preferredUsername == "j.doe")
        #expect(try claims.email == "janedoe@example.com" && claims.emailVerified == nil)
        #expect(try claims.picture == "http://example.com/janedoe/me.jpg")
        #expect(try claims.locale == nil && claims.authenticationContextClass == nil && claims.authenticationMethods.isEmpty)
        #expect(!claims.description.contains("Jane"))  // names only: values are personal data
    }

    @Test("acr, amr and auth_time read typed; a claim of the wrong JSON type throws instead of guessing")
    func typed() throws {
        let claims = try claims(#"{"acr":"urn:example:loa:2","amr":["pwd","otp"],"auth_time":1800000000,"locale":5}"#)
        #expect(try claims.authenticationContextClass == AuthenticationContextClass(rawValue: "urn:example:loa:2"))
        #expect(try claims.authenticationMethods == [.password, .otp])
        #expect(try claims.authenticationTime == NumericDate(secondsSince1970: 1_800_000_000))
        #expect(throws: AuthJWTError.invalidClaim("locale", expected: "a string")) { try claims.locale }
        #expect(throws: AuthJWTError.self) { try self.claims(#"{"amr":"pwd"}"#).authenticationMethods }
        #expect(throws: AuthJWTError.self) { try self.claims(#"{"amr":["pwd",1]}"#).authenticationMethods }
    }
}
