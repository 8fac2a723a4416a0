// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDigest
import AuthJWT
import Testing

@Suite("IDTokenValidator")
struct IDTokenValidatorTests {
    static let secret = Array("a-32-byte-secret-for-hs256-tests".utf8)
    static let now = NumericDate(secondsSince1970: 1_767_225_600)

    /// Tokens for behaviours the corpus does not isolate. Signed with AuthDigest's HMAC, which the NIST and
    /// RFC 4231 vectors prove, over JSON written out in full here.
    static func token(_ claims: String, header: String = #"{"alg":"HS256"}"#) -> String {
        let input = Base64URL.encode(header.utf8) + "." + Base64URL.encode(claims.utf8)
        return input + "." + Base64URL.encode(HMACSHA256.authenticationCode(for: input.utf8, key: secret))
    }

    static var validator: IDTokenValidator {
        var validator = IDTokenValidator(issuer: "https://issuer.example", clientID: "client")
        validator.allowedAlgorithms = [.hs256]
        return validator
    }

    static let keys = JWKSet(keys: [JWK(symmetricKey: secret)])

    static func claims(exp: Int64 = 1_767_226_200, extra: String = "") -> String {
        #"{"iss":"https://issuer.example","aud":"client","sub":"u","iat":1767225590,"exp":\#(exp)\#(extra)}"#
    }

    @Test("returns the validated token's identity, claims and key")
    func success() throws {
        let idToken = try Self.validator.validate(Self.token(Self.claims()), keys: Self.keys, now: Self.now)
        #expect(idToken.subject == "u" && idToken.audience == ["client"])
        #expect(idToken.expiration == NumericDate(secondsSince1970: 1_767_226_200))
        #expect(try idToken.claims.issuer == "https://issuer.example")
    }

    @Test("applies the leeway exactly at the boundary of exp")
    func expiryBoundary() throws {
        var validator = Self.validator
        validator.leewaySeconds = 0
        let token = Self.token(Self.claims(exp: Self.now.secondsSince1970))
        #expect(throws: AuthJWTError.expired(expiration: Self.now, now: Self.now, leewaySeconds: 0)) {
            try validator.validate(token, keys: Self.keys, now: Self.now)
        }
        let oneSecondLater = Self.token(Self.claims(exp: Self.now.secondsSince1970 + 1))
        #expect(try validator.validate(oneSecondLater, keys: Self.keys, now: Self.now).subject == "u")
    }

    @Test("accepts HS256 only when asked: the default algorithms are the asymmetric ones")
    func defaultAlgorithms() {
        let validator = IDTokenValidator(issuer: "https://issuer.example", clientID: "client")
        #expect(validator.allowedAlgorithms.map(\.rawValue) == ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "EdDSA"])
        #expect(throws: AuthJWTError.algorithmNotAllowed("HS256")) {
            try validator.validate(Self.token(Self.claims()), keys: Self.keys, now: Self.now)
        }
    }

    @Test("reports an allowed algorithm it has no verifier for")
    func missingVerifier() {
        var validator = Self.validator
        validator.allowedAlgorithms = [JWSAlgorithm(rawValue: "ES512")]
        let token = Self.token(Self.claims(), header: #"{"alg":"ES512"}"#)
        #expect(throws: AuthJWTError.unsupportedAlgorithm("ES512")) {
            try validator.validate(token, keys: Self.keys, now: Self.now)
        }
    }

    @Test("takes a plugged-in verifier for another algorithm")
    func customVerifier() throws {
        let custom = JWSAlgorithm(rawValue: "X-TEST")
        var validator = Self.validator
        validator.allowedAlgorithms = [custom]
        validator.verifiers = [JWSVerifier(algorithm: custom, keyType: .octetSequence) { signature, _, _ in signature == [1, 2, 3] }]
        let input = Base64URL.encode(#"{"alg":"X-TEST"}"#.utf8) + "." + Base64URL.encode(Self.claims().utf8)
        #expect(try validator.validate(input + ".AQID", keys: Self.keys, now: Self.now).subject == "u")
        #expect(throws: AuthJWTError.invalidSignature) { try validator.validate(input + ".AQIE", keys: Self.keys, now: Self.now) }
    }

    @Test("names the claim and both values in mismatch errors, but never the nonce")
    func errorContents() throws {
        var validator = Self.validator
        validator.issuer = "https://other.example"
        do {
            _ = try validator.validate(Self.token(Self.claims()), keys: Self.keys, now: Self.now)
            Issue.record("a token from another issuer was accepted")
        } catch {
            #expect(error == .issuerMismatch(expected: "https://other.example", actual: "https://issuer.example"))
            #expect(error.description.contains("'iss'") && error.description.contains("https://other.example"))
        }
        let withNonce = Self.token(Self.claims(extra: #","nonce":"secret-nonce-value""#))
        do {
            _ = try Self.validator.validate(withNonce, keys: Self.keys, now: Self.now, nonce: "another-nonce")
            Issue.record("a wrong nonce was accepted")
        } catch {
            #expect(error == .nonceMismatch)
            #expect(!error.description.contains("secret-nonce-value") && !error.description.contains("another-nonce"))
        }
    }

    @Test("checks at_hash against the OIDC Core example's access token (OIDC Core A.4)")
    func accessTokenHashExample() throws {
        // OIDC Core Appendix A.4: access token "jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y" has
        // at_hash "77QmUPtjPfzWtF2AnpK9RQ" (RS256, so SHA-256).
        let token = Self.token(Self.claims(extra: #","at_hash":"77QmUPtjPfzWtF2AnpK9RQ""#))
        #expect(
            try Self.validator.validate(
                token, keys: Self.keys, now: Self.now,
                accessToken: "jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y"
            ).subject == "u")
        #expect(throws: AuthJWTError.accessTokenHashMismatch) {
            try Self.validator.validate(token, keys: Self.keys, now: Self.now, accessToken: "another-token")
        }
    }

    @Test("requires azp when aud names several audiences, and accepts it equal to the client (OIDC Core §3.1.3.7 step 4)")
    func authorizedPartyRequiredWithSeveralAudiences() throws {
        var validator = Self.validator
        validator.additionalTrustedAudiences = ["https://api.example"]
        let audiences = #","aud":["client","https://api.example"]"#
        let withoutParty = Self.token(#"{"iss":"https://issuer.example","sub":"u","iat":1767225590,"exp":1767226200\#(audiences)}"#)
        #expect(throws: AuthJWTError.missingAuthorizedParty) {
            try validator.validate(withoutParty, keys: Self.keys, now: Self.now)
        }
        let withParty = Self.token(
            #"{"iss":"https://issuer.example","sub":"u","iat":1767225590,"exp":1767226200,"azp":"client"\#(audiences)}"#)
        #expect(try validator.validate(withParty, keys: Self.keys, now: Self.now).audience == ["client", "https://api.example"])
    }

    @Test("refuses an azp that is not the client, with one audience or several (OIDC Core §3.1.3.7 step 5)")
    func authorizedPartyMismatch() throws {
        let single = Self.token(Self.claims(extra: #","azp":"another-client""#))
        #expect(throws: AuthJWTError.authorizedPartyMismatch(expected: "client", actual: "another-client")) {
            try Self.validator.validate(single, keys: Self.keys, now: Self.now)
        }
        var validator = Self.validator
        validator.additionalTrustedAudiences = ["another-client"]
        let several = Self.token(
            #"{"iss":"https://issuer.example","aud":["client","another-client"],"azp":"another-client","sub":"u","#
                + #""iat":1767225590,"exp":1767226200}"#)
        #expect(throws: AuthJWTError.authorizedPartyMismatch(expected: "client", actual: "another-client")) {
            try validator.validate(several, keys: Self.keys, now: Self.now)
        }
    }

    @Test("refuses an audience besides the client that it does not trust, even with azp (OIDC Core §3.1.3.7 step 3)")
    func untrustedAudience() throws {
        let token = Self.token(
            #"{"iss":"https://issuer.example","aud":["client","https://evil.example"],"azp":"client","sub":"u","#
                + #""iat":1767225590,"exp":1767226200}"#)
        #expect(throws: AuthJWTError.untrustedAudience("https://evil.example")) {
            try Self.validator.validate(token, keys: Self.keys, now: Self.now)
        }
        var trusting = Self.validator
        trusting.additionalTrustedAudiences = ["https://evil.example"]
        #expect(try trusting.validate(token, keys: Self.keys, now: Self.now).subject == "u")
    }

    @Test("refuses a token whose nbf is in the future beyond the leeway, and accepts it at the boundary (RFC 7519 §4.1.5)")
    func notBeforeInTheFuture() throws {
        var validator = Self.validator
        validator.leewaySeconds = 30
        let notBefore = NumericDate(secondsSince1970: Self.now.secondsSince1970 + 31)
        let early = Self.token(Self.claims(extra: ",\"nbf\":\(notBefore.secondsSince1970)"))
        #expect(throws: AuthJWTError.notYetValid(notBefore: notBefore, now: Self.now, leewaySeconds: 30)) {
            try validator.validate(early, keys: Self.keys, now: Self.now)
        }
        let atLeeway = Self.token(Self.claims(extra: ",\"nbf\":\(Self.now.secondsSince1970 + 30)"))
        #expect(try validator.validate(atLeeway, keys: Self.keys, now: Self.now).subject == "u")
    }

    @Test("gives every error a stable code")
    func codes() {
        #expect(AuthJWTError.tokenTooLarge(size: 1, limit: 0).code == 5001)
        #expect(AuthJWTError.codeHashMismatch.code == 5033)
        #expect(AuthJWTError.invalidSignature.description == "AuthJWTError 5020: the signature does not verify")
    }
}

@Suite("JWTValidator")
struct JWTValidatorTests {
    @Test("checks signature and times, and issuer and audience only when named")
    func generalValidation() throws {
        var validator = JWTValidator(allowedAlgorithms: [.hs256])
        let token = IDTokenValidatorTests.token(#"{"iss":"joe","aud":["a","b"],"exp":1767226200}"#)
        let keys = IDTokenValidatorTests.keys
        let now = IDTokenValidatorTests.now
        #expect(try validator.validate(token, keys: keys, now: now).jwt.claims.issuer == "joe")
        validator.audience = "b"
        validator.issuer = "joe"
        #expect(try validator.validate(token, keys: keys, now: now).key.keyType == .octetSequence)
        validator.audience = "c"
        #expect(throws: AuthJWTError.audienceMismatch(expected: "c", actual: ["a", "b"])) {
            try validator.validate(token, keys: keys, now: now)
        }
        #expect(
            throws: AuthJWTError.expired(
                expiration: NumericDate(secondsSince1970: 1_767_226_200),
                now: now.adding(seconds: 700), leewaySeconds: 60)
        ) {
            try JWTValidator(allowedAlgorithms: [.hs256]).validate(token, keys: keys, now: now.adding(seconds: 700))
        }
    }

    @Test("requires exp unless told not to")
    func expirationRequirement() throws {
        let token = IDTokenValidatorTests.token(#"{"sub":"x"}"#)
        var validator = JWTValidator(allowedAlgorithms: [.hs256])
        #expect(throws: AuthJWTError.missingClaim("exp")) {
            try validator.validate(token, keys: IDTokenValidatorTests.keys, now: IDTokenValidatorTests.now)
        }
        validator.requiresExpiration = false
        #expect(try validator.validate(token, keys: IDTokenValidatorTests.keys, now: IDTokenValidatorTests.now).jwt.claims.subject == "x")
    }
}
