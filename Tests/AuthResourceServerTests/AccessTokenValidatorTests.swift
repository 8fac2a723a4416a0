// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDigest
import AuthJSON
import AuthJWT
import AuthResourceServer
import Testing

@Suite("AccessTokenValidator: the checks of RFC 9068 §4, each refusing what it must")
struct AccessTokenValidatorTests {
    let validator = AccessTokenValidator(issuers: [Fixtures.issuer], audience: Fixtures.resource)
    let keys = Fixtures.keySet([Fixtures.signingKey])

    func code(_ token: String, validator: AccessTokenValidator? = nil, now: Int64 = Fixtures.now) -> Int? {
        do {
            _ = try (validator ?? self.validator).validate(token, keys: keys, now: now)
            return nil
        } catch {
            return error.code
        }
    }

    @Test("a valid token gives its principal, every RFC 9068 §2.2 claim read")
    func valid() throws {
        let principal = try validator.validate(
            Fixtures.token(["auth_time": .number(JSONNumber(Fixtures.now - 60)), "acr": "urn:mfa"]), keys: keys, now: Fixtures.now)
        #expect(principal.subject == "user-42")
        #expect(principal.clientID == "mcp-client")
        #expect(principal.scopes == ["mcp:tools", "mcp:resources"])
        #expect(principal.issuer == Fixtures.issuer)
        #expect(principal.audiences == [Fixtures.resource])
        #expect(principal.expiresAt == Fixtures.now + 300)
        #expect(principal.issuedAt == Fixtures.now - 10)
        #expect(principal.jwtID == "token-1")
        #expect(principal.authTime == Fixtures.now - 60)
        #expect(principal.acr == "urn:mfa")
        #expect(principal.confirmation == nil)
        #expect(principal.claims["sub"] == "user-42")
    }

    @Test("typ: at+jwt and application/at+jwt in any case pass; JWT, none and look-alikes are refused (12005)")
    func type() {
        for typ in ["at+jwt", "application/at+jwt", "AT+JWT", "Application/AT+jwt"] {
            #expect(code(Fixtures.token(typ: typ)) == nil, "\(typ)")
        }
        for typ in ["JWT", "jwt", "at+jwt ", "application/jwt", "xapplication/at+jwt", "application/at+jwt;a=b", "at-jwt", ""] {
            #expect(code(Fixtures.token(typ: typ)) == 12005, "\(typ)")
        }
        #expect(code(Fixtures.token(typ: nil)) == 12005)
    }

    @Test("alg: HS256 is refused even when listed, with a symmetric key in the set (12006)")
    func symmetricNeverAllowed() {
        var validator = validator
        validator.allowedAlgorithms = [.hs256, .es256]
        let secret = Array("a-shared-secret-of-32-bytes-long".utf8)
        var header = JSONObject()
        try? header.append("alg", "HS256")
        try? header.append("typ", "at+jwt")
        let input =
            Base64URL.encode(JSONValue.object(header).serialized()) + "."
            + Base64URL.encode(JSONValue.object(Fixtures.claims()).serialized())
        let token = input + "." + Base64URL.encode(HMAC<SHA256>.authenticationCode(for: Array(input.utf8), key: secret))
        let keys = JWKSet(keys: [JWK(symmetricKey: secret)])
        #expect(throws: ResourceServerError.self) { try validator.validate(token, keys: keys, now: Fixtures.now) }
        #expect((try? validator.validate(token, keys: keys, now: Fixtures.now)) == nil)
        do {
            _ = try validator.validate(token, keys: keys, now: Fixtures.now)
        } catch {
            #expect(error.code == 12006)
        }
    }

    @Test("alg: an asymmetric algorithm left out of the list is refused (12006)")
    func algorithmNotListed() {
        var validator = validator
        validator.allowedAlgorithms = [.rs256]
        #expect(code(Fixtures.token(), validator: validator) == 12006)
    }

    @Test("iss: exactly one of the issuers; absent, another, or differing by a slash or case is refused (12007)")
    func issuer() {
        #expect(code(Fixtures.token(["iss": nil])) == 12007)
        for iss in ["https://other.example.com", "https://as.example.com/", "https://AS.example.com", "https://as.example.com "] {
            #expect(code(Fixtures.token(["iss": .string(iss)])) == 12007, "\(iss)")
        }
        #expect(code(Fixtures.token(["iss": 42])) == 12015)
    }

    @Test("aud: must contain the resource exactly (12008); absent is a missing claim (12014)")
    func audience() {
        #expect(code(Fixtures.token(["aud": ["https://a.example", .string(Fixtures.resource)]])) == nil)
        #expect(code(Fixtures.token(["aud": "https://mcp.example.com/mcp/"])) == 12008)
        #expect(code(Fixtures.token(["aud": "https://mcp.example.com"])) == 12008)
        #expect(code(Fixtures.token(["aud": []])) == 12008)
        #expect(code(Fixtures.token(["aud": nil])) == 12014)
        #expect(code(Fixtures.token(["aud": 7])) == 12015)
    }

    @Test("signature: another key, a changed payload, an unknown kid are refused (12009)")
    func signature() {
        #expect(code(Fixtures.token(key: Fixtures.key(9, keyID: "as-1"))) == 12009)
        #expect(code(Fixtures.token(key: Fixtures.rotatedKey)) == 12009)
        let parts = Fixtures.token().split(separator: ".")
        let changed = Base64URL.encode(JSONValue.object(Fixtures.claims(["scope": "admin"])).serialized())
        #expect(code("\(parts[0]).\(changed).\(parts[2])") == 12009)
    }

    @Test("exp: refused from exp + leeway on (12010), accepted a second before; nbf and iat likewise (12011, 12012)")
    func times() {
        let expiry = Fixtures.now - 100
        let token = Fixtures.token(["exp": .number(JSONNumber(expiry))])
        #expect(code(token, now: expiry + 59) == nil)
        #expect(code(token, now: expiry + 60) == 12010)
        let notBefore = Fixtures.token(["nbf": .number(JSONNumber(Fixtures.now + 60))])
        #expect(code(notBefore) == nil)
        #expect(code(notBefore, now: Fixtures.now - 1) == 12011)
        let future = Fixtures.token(["iat": .number(JSONNumber(Fixtures.now + 60))])
        #expect(code(future) == nil)
        #expect(code(future, now: Fixtures.now - 1) == 12012)
        #expect(code(Fixtures.token(["exp": .number(JSONNumber(Int64.max))])) == nil)
        #expect(code(Fixtures.token(["exp": "1900000000"])) == 12015)
    }

    @Test("a maximum token age refuses an old iat (12013)")
    func maximumAge() {
        var validator = validator
        validator.maximumTokenAgeSeconds = 5
        #expect(code(Fixtures.token(), validator: validator) == 12013)
        validator.maximumTokenAgeSeconds = 10
        #expect(code(Fixtures.token(), validator: validator) == nil)
    }

    @Test("the claims RFC 9068 §2.2 requires are required (12014)", arguments: ["exp", "iat", "sub", "client_id", "jti"])
    func required(_ claim: String) {
        #expect(code(Fixtures.token([claim: nil])) == 12014)
    }

    @Test("claims of the wrong type are refused, not ignored (12015)")
    func types() {
        #expect(code(Fixtures.token(["scope": ["mcp:tools"]])) == 12015)
        #expect(code(Fixtures.token(["sub": 42])) == 12015)
        #expect(code(Fixtures.token(["auth_time": "yesterday"])) == 12015)
        #expect(code(Fixtures.token(["acr": 1])) == 12015)
    }

    @Test("cnf: a jkt is exposed; another confirmation method, or jkt beside one, is refused (12015)")
    func confirmation() throws {
        let bound = try validator.validate(Fixtures.boundToken(), keys: keys, now: Fixtures.now)
        #expect(bound.confirmation == Fixtures.proofKey.thumbprint)
        #expect(code(Fixtures.token(["cnf": ["x5t#S256": "bwcK0esc3ACC3DB2Y5_lESsXE8o9ltc05O89jdN-dg2"]])) == 12015)
        #expect(code(Fixtures.token(["cnf": ["jkt": "a", "x5t#S256": "b"]])) == 12015)
        #expect(code(Fixtures.token(["cnf": "jkt"])) == 12015)
    }

    @Test("scope is split on spaces, repeated spaces ignored")
    func scopes() throws {
        let principal = try validator.validate(Fixtures.token(["scope": " a  b c "]), keys: keys, now: Fixtures.now)
        #expect(principal.scopes == ["a", "b", "c"])
        #expect(principal.hasScopes(["c", "a"]))
        #expect(!principal.hasScopes(["d"]))
    }

    @Test("not a JWS is malformed (12004), and the message never repeats the token")
    func malformed() {
        #expect(code("not-a-jwt") == 12004)
        #expect(code("a.b.c.d.e") == 12004)
        do {
            _ = try validator.validate(Fixtures.token(["exp": .number(JSONNumber(Fixtures.now - 1000))]), keys: keys, now: Fixtures.now)
        } catch {
            #expect(!error.description.contains("user-42"))
            #expect(error.description.contains("RFC 9068"))
        }
    }
}
