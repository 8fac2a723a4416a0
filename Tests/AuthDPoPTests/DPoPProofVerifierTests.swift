// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDPoP
import AuthJSON
import AuthJWT
import AuthTesting
import Testing

@Suite("DPoPProofVerifier: each check of RFC 9449 §4.3 refuses its failure with its own error")
struct DPoPProofVerifierTests {
    typealias Factory = DPoPProofFactory

    /// Verifies `proof` at ``DPoPProofFactory/now`` for POST ``DPoPProofFactory/url`` and returns the error.
    func refusal(
        _ proof: String, method: String = "POST", url: String = Factory.url, accessToken: String? = nil,
        _ configuration: DPoPProofVerifier.Configuration = .init(), nonces: DPoPNonceSource? = nil
    ) async -> AuthDPoPError? {
        do {
            _ = try await Factory.verifier(configuration, nonces: nonces).verify(
                proof: proof, method: method, url: url, accessToken: accessToken)
            return nil
        } catch {
            return error
        }
    }

    func modified(_ change: (inout Factory) -> Void) -> String {
        var factory = Factory()
        change(&factory)
        return factory.make()
    }

    @Test("a well-formed ES256 proof verifies and names its key's thumbprint")
    func valid() async throws {
        let factory = Factory()
        let proof = try await Factory.verifier().verify(proof: factory.make(), method: "POST", url: Factory.url, accessToken: nil)
        #expect(proof.thumbprint == (try JWK(factory.key.publicJWK).thumbprint()))
        #expect(proof.jti == factory.jti)
        #expect(proof.issuedAt == Factory.now)
        #expect(proof.method == "POST")
        #expect(proof.url == Factory.url)
        #expect(proof.algorithm == "ES256")
        #expect(proof.nonce == nil)
    }

    // Steps 1–2: one well-formed JWT, within the size limit.

    @Test("a value of two proofs joined by a comma, or padded with whitespace, is malformed")
    func oneValue() async {
        let proof = Factory().make()
        for value in [proof + "," + proof, proof + ", " + proof, " " + proof, proof + "\t", proof + "=="] {
            #expect(await refusal(value) == .malformedHeaderValue)
        }
    }

    @Test("a value that is not a three-part compact JWS is malformed, with the JWS error as the cause")
    func compactForm() async {
        let proof = Factory().make()
        let parts = proof.split(separator: ".").map(String.init)
        #expect(await refusal(parts[0] + "." + parts[1]) == .malformedProof(.invalidSegmentCount(2)))
        #expect(await refusal(proof + ".AAAA") == .malformedProof(.invalidSegmentCount(4)))
        #expect(await refusal(proof + ".AAAA.AAAA") == .malformedProof(.encryptedTokenNotSupported))
        #expect(await refusal("") == .malformedProof(.invalidSegmentCount(1)))
        let notJSON = parts[0] + "." + Base64URL.encode(Array("not json".utf8)) + "." + parts[2]
        guard case .malformedProof(.invalidJSON(segment: "payload", _)) = await refusal(notJSON) else {
            Issue.record("a payload that is not JSON was not refused as malformed")
            return
        }
        let array = parts[0] + "." + Base64URL.encode(Array("[1]".utf8)) + "." + parts[2]
        #expect(await refusal(array) == .malformedProof(.notAnObject(segment: "payload")))
    }

    @Test("a proof over maximumProofSize is refused before parsing")
    func sizeLimit() async {
        let proof = modified { $0.extraClaims = [("padding", .string(String(repeating: "x", count: 9_000)))] }
        #expect(await refusal(proof) == .proofTooLarge(size: proof.utf8.count, limit: 8_192))
        let large = DPoPProofVerifier.Configuration(maximumProofSize: 16_384)
        #expect(await refusal(proof, large) == nil)
    }

    @Test("a crit extension is not understood and refused")
    func critical() async {
        let proof = modified { $0.extraHeader = [("crit", ["exp"]), ("exp", 1)] }
        #expect(await refusal(proof) == .unsupportedCriticalParameter("exp"))
    }

    // Step 4: typ.

    @Test("typ must be exactly dpop+jwt")
    func type() async {
        #expect(await refusal(modified { $0.typ = "JWT" }) == .invalidType("JWT"))
        #expect(await refusal(modified { $0.typ = "DPOP+JWT" }) == .invalidType("DPOP+JWT"))
        #expect(await refusal(modified { $0.typ = nil }) == .invalidType(nil))
    }

    // Step 5: alg.

    @Test("alg must be an allowed asymmetric algorithm: none and HS256 never, even when listed")
    func algorithm() async {
        var factory = Factory()
        let proof = factory.make()
        let parts = proof.split(separator: ".").map(String.init)
        func header(alg: String) -> String {
            var object = JSONObject()
            try? object.append("typ", "dpop+jwt")
            try? object.append("alg", .string(alg))
            try? object.append("jwk", .object(factory.key.publicJWK))
            return Base64URL.encode(JSONValue.object(object).serialized())
        }
        let everything = DPoPProofVerifier.Configuration(allowedAlgorithms: ["none", "HS256", "ES256"])
        #expect(await refusal(header(alg: "none") + "." + parts[1] + ".", everything) == .algorithmNotAllowed("none"))
        #expect(await refusal(header(alg: "HS256") + "." + parts[1] + "." + parts[2], everything) == .algorithmNotAllowed("HS256"))
        #expect(await refusal(proof, .init(allowedAlgorithms: ["RS256"])) == .algorithmNotAllowed("ES256"))
        factory.jti = "another"
        #expect(await refusal(factory.make(), everything) == nil)
    }

    // Step 7: a public jwk.

    @Test("the jwk must be present, an object and public: each private member is refused by name")
    func publicKey() async {
        #expect(await refusal(modified { $0.jwk = nil }) == .missingKey)
        #expect(await refusal(modified { $0.jwk = "a string" }) == .missingKey)
        for member in ["d", "p", "q", "dp", "dq", "qi", "oth", "k"] {
            let proof = modified { factory in
                var jwk = factory.key.publicJWK
                try? jwk.append(member, "AQAB")
                factory.jwk = .object(jwk)
            }
            #expect(await refusal(proof) == .privateKey(member: member), "\(member)")
        }
    }

    @Test("a jwk that cannot be read is refused with AuthJWT's reason")
    func unreadableKey() async {
        let proof = modified { factory in
            var jwk = JSONObject()
            for member in factory.key.publicJWK.members where member.name != "kty" { try? jwk.append(member.name, member.value) }
            factory.jwk = .object(jwk)
        }
        guard case .invalidKey(.invalidKey) = await refusal(proof) else {
            Issue.record("a jwk without kty was not refused as invalid")
            return
        }
    }

    // Steps 5–6: the key fits the algorithm and the curve.

    @Test("a jwk of another type than alg's is refused (no algorithm confusion)")
    func keyType() async {
        let proof = modified { $0.jwk = .object(Self.rsaJWK) }
        #expect(await refusal(proof) == .keyAlgorithmMismatch(algorithm: "ES256", keyType: "RSA"))
        let okp = modified { $0.jwk = ["kty": "OKP", "crv": "Ed25519", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"] }
        #expect(await refusal(okp) == .keyAlgorithmMismatch(algorithm: "ES256", keyType: "OKP"))
    }

    @Test("a P-256 point off the curve is refused before any signature arithmetic")
    func offCurve() async {
        let proof = modified { factory in
            var y = factory.key.y
            y[31] ^= 1
            var jwk = JSONObject()
            try? jwk.append("kty", "EC")
            try? jwk.append("crv", "P-256")
            try? jwk.append("x", .string(Base64URL.encode(factory.key.x)))
            try? jwk.append("y", .string(Base64URL.encode(y)))
            factory.jwk = .object(jwk)
        }
        guard case .unusableKey = await refusal(proof) else {
            Issue.record("a point off the curve was not refused as unusable")
            return
        }
    }

    @Test("a jwk whose own use, key_ops or alg excludes verifying the proof's alg is refused (RFC 7517 §4.2–4.4)")
    func keyRestrictions() async {
        func with(_ name: String, _ value: JSONValue) -> String {
            modified { factory in
                var jwk = factory.key.publicJWK
                try? jwk.append(name, value)
                factory.jwk = .object(jwk)
            }
        }
        #expect(await refusal(with("use", "enc")) == .unusableKey(.keyNotForSignatures(keyID: nil, use: "enc")))
        #expect(await refusal(with("key_ops", ["sign"])) == .unusableKey(.keyOperationsExcludeVerify(keyID: nil, operations: ["sign"])))
        #expect(
            await refusal(with("alg", "ES384"))
                == .unusableKey(.keyRestrictedToAlgorithm(keyID: nil, keyAlgorithm: "ES384", tokenAlgorithm: "ES256")))
        #expect(await refusal(with("use", "sig")) == nil)
    }

    // Step 6: the signature.

    @Test("a signature by another key, or a flipped bit, does not verify")
    func signature() async {
        let proof = modified { $0.jwk = .object(DPoPProofFactory(seed: 2).key.publicJWK) }
        #expect(await refusal(proof) == .invalidSignature)
        var flipped = Factory().make()
        let last = flipped.removeLast()
        flipped.append(last == "A" ? "Q" : "A")
        #expect(await refusal(flipped) == .invalidSignature)
    }

    // Step 3: the claims.

    @Test("jti, htm, htu and iat are required; ath when an access token comes with the proof")
    func requiredClaims() async {
        #expect(await refusal(modified { $0.omitJTI = true }) == .missingClaim("jti"))
        #expect(await refusal(modified { $0.htm = nil }) == .missingClaim("htm"))
        #expect(await refusal(modified { $0.htu = nil }) == .missingClaim("htu"))
        #expect(await refusal(modified { $0.iat = nil }) == .missingClaim("iat"))
        #expect(await refusal(Factory().make(), accessToken: Factory.accessToken) == .missingClaim("ath"))
    }

    @Test("claims of the wrong type are refused by name")
    func claimTypes() async {
        #expect(await refusal(modified { $0.htm = 1 }) == .invalidClaim("htm", expected: "a string"))
        #expect(await refusal(modified { $0.htu = .array([]) }) == .invalidClaim("htu", expected: "a string"))
        #expect(await refusal(modified { $0.iat = "1800000000" }) == .invalidClaim("iat", expected: "a NumericDate"))
        #expect(await refusal(modified { $0.jti = "" }) == .invalidClaim("jti", expected: "a non-empty string"))
        #expect(await refusal(modified { $0.htu = "/token" }) == .invalidClaim("htu", expected: "an absolute URI"))
    }

    @Test("a fractional iat counts by its whole seconds; an exponent is refused")
    func fractionalIssuedAt() async throws {
        var factory = Factory()
        factory.iat = try JSONValue(parsing: Array("1800000000.75".utf8))
        let proof = try await Factory.verifier().verify(proof: factory.make(), method: "POST", url: Factory.url, accessToken: nil)
        #expect(proof.issuedAt == Factory.now)
        factory.iat = try JSONValue(parsing: Array("1.8e9".utf8))
        #expect(await refusal(factory.make()) == .invalidClaim("iat", expected: "a NumericDate without exponent, 0 or more"))
    }

    @Test("jti and the other string claims have length limits")
    func claimLengths() async {
        let long = String(repeating: "j", count: 257)
        #expect(await refusal(modified { $0.jti = long }) == .claimTooLong("jti", length: 257, limit: 256))
        #expect(await refusal(modified { $0.jti = String(long.dropFirst()) }) == nil)
        let path = String(repeating: "a", count: 2_100)
        #expect(await refusal(modified { $0.htu = .string(Factory.url + path) }) == .claimTooLong("htu", length: 2_132, limit: 2_048))
    }

    // Step 8: htm.

    @Test("htm must be the request's method, case included")
    func method() async {
        #expect(await refusal(Factory().make(), method: "GET") == .methodMismatch(expected: "GET", actual: "POST"))
        #expect(await refusal(modified { $0.htm = "post" }) == .methodMismatch(expected: "POST", actual: "post"))
    }

    // Step 9: htu.

    @Test("htu must be the request's URI, query and fragment ignored")
    func url() async {
        let proof = Factory().make()
        #expect(
            await refusal(proof, url: "https://server.example.com/authorize")
                == .urlMismatch(
                    expected: "https://server.example.com/authorize", actual: Factory.url))
        #expect(await refusal(modified { $0.jti = "q" }, url: Factory.url + "?a=1#f") == nil)
        let withQuery = modified { factory in
            factory.jti = "r"
            factory.htu = .string(Factory.url + "?b=2")
        }
        #expect(await refusal(withQuery) == nil)
        #expect(await refusal(proof, url: "/token") == .invalidRequestURL)
    }

    // Step 10: the nonce.

    @Test("when the server demands a nonce, a proof without it or with a stale one gets use_dpop_nonce with a fresh one")
    func nonce() async throws {
        let clock = TestClock(Factory.now)
        let nonces = DPoPNonceSource(secret: Array(repeating: 5, count: 32), rotationInterval: 60, now: clock.read)
        let demanding = DPoPProofVerifier.Configuration(requiresNonce: true)
        #expect(await refusal(Factory().make(), demanding, nonces: nonces) == .useDPoPNonce(nonce: nonces.current()))
        let stale = nonces.current()
        clock.advance(by: 120)
        // The verifier's clock is the factory's (1_800_000_000); the source's has moved two rotations on.
        #expect(await refusal(modified { $0.nonce = stale }, demanding, nonces: nonces) == .useDPoPNonce(nonce: nonces.current()))
        let verified = try await Factory.verifier(demanding, nonces: nonces).verify(
            proof: modified { $0.nonce = nonces.current() }, method: "POST", url: Factory.url, accessToken: nil)
        #expect(verified.nonce == nonces.current())
        #expect(AuthDPoPError.useDPoPNonce(nonce: "n").oauthErrorCode == "use_dpop_nonce")
        #expect(AuthDPoPError.replayed.oauthErrorCode == "invalid_dpop_proof")
    }

    @Test("a nonce the server did not demand is still checked when it hands nonces out; ignored when it does not")
    func undemandedNonce() async {
        let nonces = DPoPNonceSource(secret: [1], now: { Factory.now })
        #expect(await refusal(modified { $0.nonce = "stale" }, nonces: nonces) == .useDPoPNonce(nonce: nonces.current()))
        #expect(await refusal(modified { $0.nonce = "anything" }) == nil)
    }

    @Test("requiresNonce without a source makes one, so a proof without a nonce is never accepted")
    func demandWithoutSource() async {
        guard case .useDPoPNonce(let nonce) = await refusal(Factory().make(), .init(requiresNonce: true)) else {
            Issue.record("a proof without a nonce passed")
            return
        }
        #expect(nonce.count == 22)
    }

    // Step 11: iat.

    @Test("iat within [now - maxAge, now + maxClockSkew], edges included")
    func issuedAt() async {
        func at(_ offset: Int64) -> String {
            modified { factory in
                factory.iat = .number(JSONNumber(Factory.now + offset))
                factory.jti = "t\(offset)"
            }
        }
        #expect(await refusal(at(-300)) == nil)
        #expect(await refusal(at(5)) == nil)
        #expect(await refusal(at(-301)) == .issuedTooLongAgo(issuedAt: Factory.now - 301, now: Factory.now, maxAge: 300))
        #expect(await refusal(at(6)) == .issuedInFuture(issuedAt: Factory.now + 6, now: Factory.now, maxClockSkew: 5))
        #expect(await refusal(at(-60), .init(maxAge: 30)) == .issuedTooLongAgo(issuedAt: Factory.now - 60, now: Factory.now, maxAge: 30))
    }

    // Step 12: ath.

    @Test("ath must be the access token's hash, when a token is presented")
    func accessTokenHash() async {
        let good = modified { $0.ath = DPoPAccessTokenHash.hash(Factory.accessToken) }
        #expect(await refusal(good, accessToken: Factory.accessToken) == nil)
        let other = modified { $0.ath = DPoPAccessTokenHash.hash("another token") }
        #expect(await refusal(other, accessToken: Factory.accessToken) == .accessTokenHashMismatch)
        #expect(await refusal(other) == nil)  // at a token endpoint ath is not checked
    }

    @Test("ath of RFC 9449 §7.1's access token is the RFC's value")
    func rfcAccessTokenHash() {
        #expect(DPoPAccessTokenHash.hash(Factory.accessToken) == "fUHyO2r2Z3DZ53EsNrWBb0xWXoaNy59IiKCAqksmQEo")
    }

    // §11.1: replay.

    @Test("a proof verified once is refused the second time; another jti with the same key passes")
    func replay() async throws {
        let verifier = Factory.verifier()
        let proof = Factory().make()
        _ = try await verifier.verify(proof: proof, method: "POST", url: Factory.url, accessToken: nil)
        await #expect(throws: AuthDPoPError.replayed) {
            try await verifier.verify(proof: proof, method: "POST", url: Factory.url, accessToken: nil)
        }
        _ = try await verifier.verify(proof: modified { $0.jti = "next" }, method: "POST", url: Factory.url, accessToken: nil)
    }

    @Test("a refused proof does not use up its jti")
    func refusalKeepsJTI() async throws {
        let verifier = Factory.verifier()
        let proof = Factory().make()
        await #expect(throws: AuthDPoPError.methodMismatch(expected: "GET", actual: "POST")) {
            try await verifier.verify(proof: proof, method: "GET", url: Factory.url, accessToken: nil)
        }
        _ = try await verifier.verify(proof: proof, method: "POST", url: Factory.url, accessToken: nil)
    }

    @Test("messages carry the code and never the proof, the token or the key")
    func messages() async {
        let factory = Factory()
        let proof = modified { $0.ath = "wrong" }
        let error = await refusal(proof, accessToken: Factory.accessToken)
        let text = "\(error.map { "\($0)" } ?? "")"
        #expect(text.hasPrefix("AuthDPoPError 13022: "))
        #expect(!text.contains(Factory.accessToken))
        #expect(!text.contains(String(proof.prefix(20))))
        #expect(!text.contains(Base64URL.encode(factory.key.x)))
        #expect(!"\(AuthDPoPError.useDPoPNonce(nonce: "secret-nonce"))".contains("secret-nonce"))
    }

    @Test("values the client chose reach a message as printable ASCII, at most 100 characters")
    func messagesAreSanitized() {
        let injected = AuthDPoPError.methodMismatch(expected: "GET", actual: "GET\r\nX-Forged: 1\u{1B}[31m")
        #expect("\(injected)".contains("'GET??X-Forged: 1?[31m'"))
        let long = AuthDPoPError.invalidType(String(repeating: "t", count: 5_000))
        #expect("\(long)".count < 300)
    }

    static let rsaJWK: JSONObject = {
        var jwk = JSONObject()
        try? jwk.append("kty", "RSA")
        try? jwk.append("e", "AQAB")
        try? jwk.append("n", .string(Base64URL.encode([0xC1] + Array(repeating: 0x5A, count: 255))))
        return jwk
    }()
}
