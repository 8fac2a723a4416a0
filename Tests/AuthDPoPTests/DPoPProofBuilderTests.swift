// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDPoP
import AuthJSON
import AuthJWT
import AuthTesting
import Testing

@Suite("DPoPProofBuilder: the proofs it writes are the ones the verifier reads, htu normalized as RFC 3986 §6.2.2–6.2.3 says")
struct DPoPProofBuilderTests {
    /// RFC 3986 §6.2.2 (case, percent-encoding, dot-segments) and §6.2.3 (default port, empty path), and
    /// RFC 9449 §4.2 (no query, no fragment): each pair worked out by hand from the RFC's rules.
    static let normalization: [(String, String)] = [
        ("https://server.example.com/token", "https://server.example.com/token"),
        ("HTTPS://SERVER.Example.COM/token", "https://server.example.com/token"),
        ("https://server.example.com:443/token", "https://server.example.com/token"),
        ("http://server.example.com:80/token", "http://server.example.com/token"),
        ("https://server.example.com:8443/token", "https://server.example.com:8443/token"),
        ("http://server.example.com:443/token", "http://server.example.com:443/token"),
        ("https://server.example.com:/token", "https://server.example.com/token"),
        ("https://server.example.com", "https://server.example.com/"),
        ("https://server.example.com?q=1", "https://server.example.com/"),
        ("https://server.example.com/a/./b/../c", "https://server.example.com/a/c"),
        ("https://server.example.com/a/b/../../..", "https://server.example.com/"),
        ("https://server.example.com/%7efoo/%2f/%41", "https://server.example.com/~foo/%2F/A"),
        ("https://server.example.com/%e2%82%ac", "https://server.example.com/%E2%82%AC"),
        ("https://server.example.com/Token", "https://server.example.com/Token"),
        ("https://server.example.com/token?a=1&b=2", "https://server.example.com/token"),
        ("https://server.example.com/token#frag", "https://server.example.com/token"),
        ("https://server.example.com/token?#", "https://server.example.com/token"),
        ("https://user:pw@server.example.com/token", "https://server.example.com/token"),
        ("https://[::1]:443/token", "https://[::1]/token"),
        ("https://%53erver.example.com/token", "https://server.example.com/token"),
    ]

    @Test("the htu normalization table", arguments: normalization)
    func htu(_ pair: (String, String)) {
        #expect(DPoPProofBuilder.targetURI(pair.0) == pair.1)
    }

    @Test("a proof for a URL in any equivalent spelling verifies against every other spelling")
    func equivalentSpellings() async throws {
        var generator = SeededRandomNumberGenerator(seed: 3)
        let key = P256PrivateKey.generate(using: &generator)
        let spellings = [
            "HTTPS://Server.Example.COM:443/a/./b/../%7etoken?x=1", "https://server.example.com/a/~token",
            "https://server.example.com/a/%7Etoken#f",
        ]
        for (index, proofURL) in spellings.enumerated() {
            for requestURL in spellings {
                let proof = DPoPProofBuilder.proof(
                    signedWith: key, jti: "\(index)-\(requestURL)", method: "GET", url: proofURL, issuedAt: 1_000)
                let verifier = DPoPProofVerifier(now: { 1_000 })
                let verified = try await verifier.verify(proof: proof, method: "GET", url: requestURL, accessToken: nil)
                #expect(verified.url == "https://server.example.com/a/~token")
            }
        }
    }

    @Test("the header is typ, alg, jwk; the claims jti, htm, htu, iat, ath, nonce; the signature is ES256 by the key")
    func proofShape() throws {
        var generator = SeededRandomNumberGenerator(seed: 4)
        let key = P256PrivateKey.generate(using: &generator)
        let proof = DPoPProofBuilder.proof(
            signedWith: key, jti: "id-1", method: "GET", url: "https://api.example.com/r?x", issuedAt: 1_234, accessToken: "tok",
            nonce: "n1")
        let jws = try JWS(compact: proof)
        #expect(jws.header.parameters.names == ["typ", "alg", "jwk"])
        #expect(jws.header.type == "dpop+jwt" && jws.header.algorithm == .es256)
        let claims = try #require(try JSONValue(parsing: jws.payload).objectValue)
        #expect(claims.names == ["jti", "htm", "htu", "iat", "ath", "nonce"])
        #expect(claims["htu"]?.stringValue == "https://api.example.com/r")
        #expect(claims["iat"]?.numberValue?.int64Value == 1_234)
        #expect(claims["ath"]?.stringValue == DPoPAccessTokenHash.hash("tok"))
        #expect(try JWSVerifier.es256.isValidSignature(jws.signature, signingInput: jws.signingInput, key: JWK(key.publicJWK)))
        let bare = DPoPProofBuilder.claims(jti: "j", method: "POST", url: "https://a.example/t", issuedAt: 1)
        #expect(bare.names == ["jti", "htm", "htu", "iat"])
    }

    @Test("a URL that is not an absolute URI is cut at its query or fragment")
    func unparsable() {
        #expect(DPoPProofBuilder.targetURI("/token?x=1") == "/token")
        #expect(DPoPProofBuilder.targetURI("not a uri#f") == "not a uri")
    }
}
