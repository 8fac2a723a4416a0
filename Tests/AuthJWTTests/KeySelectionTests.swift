// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT
import Foundation
import TestVectors
import Testing

/// Which keys of a set may verify a token (RFC 7517 §4.2–4.4, §5): keys that cannot are passed over, not
/// fatal, when another fits; when none fits the error names each and why; at most a few are tried.
///
/// The keys are RFC 7515 Appendix A.2's RS256 key (and A.3's ES256 key) with one member changed, so that
/// only the rule under test stands between the key and a signature it would verify.
@Suite("Choosing keys: what is passed over, and how many are tried")
struct KeySelectionTests {
    /// RFC 7515 A.2's public key as a JSON object, with `changes` applied (NSNull removes a member).
    static func rsaKey(_ changes: [String: Any] = [:]) throws -> [String: Any] {
        try object("rfc7515_a2", changes)
    }

    static func ecKey(_ changes: [String: Any] = [:]) throws -> [String: Any] {
        try object("rfc7515_a3", changes)
    }

    static func object(_ name: String, _ changes: [String: Any]) throws -> [String: Any] {
        var key = try #require(try JSONSerialization.jsonObject(with: JOSEExamples.raw(name)) as? [String: Any])
        for (member, value) in changes { key[member] = value is NSNull ? nil : value }
        return key
    }

    static func set(_ entries: [Any]) throws -> JWKSet {
        try JWKSet(json: JSONSerialization.data(withJSONObject: ["keys": entries]))
    }

    /// base64url with Foundation, not with the code under test.
    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The error `verify` throws; nil (and an issue recorded) when it verifies.
    static func failure(_ verify: () throws(AuthJWTError) -> JWK) -> AuthJWTError? {
        do {
            let key = try verify()
            Issue.record("verified with \(key)")
            return nil
        } catch {
            return error
        }
    }

    static func rs256Token() throws -> JWS { try JWS(compact: JOSEExamples.load().rfc7515_a2.token) }
    static func es256Token() throws -> JWS { try JWS(compact: JOSEExamples.load().rfc7515_a3.token) }

    /// One RSA key of each kind a set may hold that cannot verify RS256, in order, with the code of the
    /// rule that refuses it: the rules' own codes, not what AuthFlow printed.
    static func unusableRSAKeys() throws -> [(entry: Any, code: Int)] {
        let short = try #require(try RSAVerificationTests.nistVectors().first { $0.modulus.count == 128 })
        return [
            (["kty": "RSA", "kid": "short", "n": base64URL(short.modulus), "e": "AQAB"], 5018),  // 1024 bits (RFC 7518 §3.3)
            (try rsaKey(["kid": "big-e", "e": base64URL([0x02, 0, 0, 0, 1])]), 5036),  // e = 2³³ + 1, 34 bits
            (try rsaKey(["kid": "even-e", "e": base64URL([0x01, 0x00, 0x00])]), 5012),  // e = 65536
            (try rsaKey(["kid": "enc", "use": "enc"]), 5037),  // RFC 7517 §4.2
            (try rsaKey(["kid": "sign-only", "key_ops": ["sign"]]), 5038),  // RFC 7517 §4.3
            (try rsaKey(["kid": "ps256", "alg": "PS256"]), 5039),  // RFC 7517 §4.4
            (try ecKey(["kid": "ec"]), 5017),  // another key type
            (["kty": "oct", "kid": "oct", "k": base64URL(Array(repeating: 7, count: 32))], 5017),
        ]
    }

    /// Entries a set cannot read at all, which it ignores (RFC 7517 §5), with their codes.
    static var unreadableEntries: [(entry: Any, code: Int)] {
        [
            (["kty": "AKP", "kid": "akp", "alg": "ML-DSA-44", "pub": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"], 5040),
            (["kty": "RSA", "kid": "bad-n", "n": "AAEC", "e": "AQAB"], 5012),  // a leading zero octet (RFC 7518 §2)
            (["kty": "RSA", "kid": "twice", "n": "AQAB", "e": "AQAB", "key_ops": ["verify", "verify"]], 5012),  // §4.3
            ("not an object", 5012),
        ]
    }

    @Test("a key whose use, key_ops or alg rules out verifying never verifies, though its numbers would")
    func ownParameters() throws {
        let token = try Self.rs256Token()
        let cases: [([String: Any], Int?)] = [
            ([:], nil), (["use": "sig"], nil), (["key_ops": ["verify"]], nil), (["key_ops": ["sign", "verify"]], nil),
            (["alg": "RS256"], nil), (["use": "enc"], 5037), (["key_ops": ["sign"]], 5038), (["key_ops": []], 5038),
            (["alg": "PS256"], 5039),
        ]
        for (changes, code) in cases {
            let keys = try Self.set([try Self.rsaKey(changes)])
            guard let code else {
                try token.verifySignature(using: keys, allowedAlgorithms: [.rs256])
                continue
            }
            guard
                case .noUsableKey(nil, "RS256", let rejected)? = Self.failure({ () throws(AuthJWTError) in
                    try token.verifySignature(using: keys, allowedAlgorithms: [.rs256])
                })
            else {
                Issue.record("\(changes) not refused as no usable key")
                continue
            }
            #expect(rejected.map(\.reason.code) == [code], "\(changes)")
        }
    }

    @Test("keys that cannot verify RS256 are skipped, not fatal, when another key fits (RFC 7517 §5)")
    func skipsUnusableRSAKeys() throws {
        let token = try Self.rs256Token()
        let unusable = try Self.unusableRSAKeys() + Self.unreadableEntries
        let keys = try Self.set(unusable.map(\.entry) + [try Self.rsaKey(["kid": "good"])])
        #expect(try token.verifySignature(using: keys, allowedAlgorithms: [.rs256], maximumCandidateKeys: 1).keyID == "good")
        // Each one alone is refused; in front of the good key it is passed over.
        for (entry, _) in unusable {
            let one = try Self.set([entry, try Self.rsaKey(["kid": "good"])])
            #expect(try token.verifySignature(using: one, allowedAlgorithms: [.rs256]).keyID == "good")
        }
    }

    @Test("with no usable key, the error names every candidate and why, and no key material")
    func namesRejections() throws {
        let token = try Self.rs256Token()
        let unusable = try Self.unusableRSAKeys()
        let keys = try Self.set(unusable.map(\.entry) + Self.unreadableEntries.map(\.entry))
        let failure = Self.failure { () throws(AuthJWTError) in try token.verifySignature(using: keys, allowedAlgorithms: [.rs256]) }
        guard case .noUsableKey(nil, "RS256", let rejected)? = failure else {
            Issue.record("\(String(describing: failure))")
            return
        }
        // The keys in set order, then the entries the set could not read.
        #expect(rejected.map(\.reason.code) == unusable.map(\.code) + Self.unreadableEntries.map(\.code))
        #expect(
            rejected.map(\.keyID) == ["short", "big-e", "even-e", "enc", "sign-only", "ps256", "ec", "oct", "akp", "bad-n", "twice", nil])
        let description = AuthJWTError.noUsableKey(keyID: nil, algorithm: "RS256", rejected: rejected).description
        #expect(description.contains("RSA 'short': the key has 1024 bits"))
        #expect(description.contains("and 7 more"))
        let modulus = try #require(try Self.rsaKey()["n"] as? String)
        for rejection in rejected {
            #expect(!rejection.description.contains(String(modulus.prefix(16))))
            #expect(!rejection.description.contains("BwcHBwcHBwcH"), "the oct key's k")
        }
    }

    @Test("ES256: a point off the curve, another curve or an RSA key is skipped when another key fits")
    func skipsUnusableECKeys() throws {
        let token = try Self.es256Token()
        let good = try Self.ecKey()
        var offCurve = good
        offCurve["kid"] = "off"
        var y = Array(
            try #require(
                Data(
                    base64Encoded: "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0=".replacingOccurrences(of: "_", with: "/")
                        .replacingOccurrences(of: "-", with: "+"))))
        y[31] ^= 1
        offCurve["y"] = Self.base64URL(y)
        let p384: [String: Any] = [
            "kty": "EC", "kid": "p384", "crv": "P-384",
            "x": Self.base64URL(Array(repeating: 1, count: 48)), "y": Self.base64URL(Array(repeating: 2, count: 48)),
        ]
        let rsa = try Self.rsaKey(["kid": "rsa"])
        let bad: [Any] = [offCurve, p384, rsa]
        #expect(try token.verifySignature(using: try Self.set(bad + [good]), allowedAlgorithms: [.es256]).keyID == nil)
        let badKeys = try Self.set(bad)
        let failure = Self.failure { () throws(AuthJWTError) in try token.verifySignature(using: badKeys, allowedAlgorithms: [.es256]) }
        guard case .noUsableKey(nil, "ES256", let rejected)? = failure else {
            Issue.record("\(String(describing: failure))")
            return
        }
        #expect(rejected.map(\.reason.code) == [5012, 5017, 5017])
    }

    @Test("a kid picks the candidates; an unreadable entry with that kid is named, an absent kid is noMatchingKey")
    func keyIDs() throws {
        // {"alg":"RS256","kid":"x"} . {} . a signature never computed: no key gets that far.
        let withX = try JWS(compact: "eyJhbGciOiJSUzI1NiIsImtpZCI6IngifQ.e30.AAAA")
        let keys = try Self.set([["kty": "RSA", "kid": "x", "n": "AAEC", "e": "AQAB"], try Self.rsaKey(["kid": "y"])])
        let failure = Self.failure { () throws(AuthJWTError) in try withX.verifySignature(using: keys, allowedAlgorithms: [.rs256]) }
        guard case .noUsableKey("x", "RS256", let rejected)? = failure else {
            Issue.record("\(String(describing: failure))")
            return
        }
        #expect(rejected.map(\.keyID) == ["x"] && rejected.map(\.reason.code) == [5012])
        let withZ = try JWS(compact: "eyJhbGciOiJSUzI1NiIsImtpZCI6InoifQ.e30.AAAA")  // {"alg":"RS256","kid":"z"}
        #expect(throws: AuthJWTError.noMatchingKey(keyID: "z", algorithm: "RS256")) {
            try withZ.verifySignature(using: keys, allowedAlgorithms: [.rs256])
        }
    }

    @Test("at most maximumCandidateKeys usable keys are tried (default 4), so a large set costs a few verifications")
    func candidateCap() throws {
        #expect(JWS.defaultMaximumCandidateKeys == 4)
        #expect(IDTokenValidator(issuer: "https://a.example", clientID: "c").maximumCandidateKeys == 4)
        let token = try Self.rs256Token()
        // The same modulus with other small odd exponents: usable keys that do not verify A.2's signature.
        let decoys = try [3, 5, 7, 11, 13].map { try Self.rsaKey(["kid": "e\($0)", "e": Self.base64URL([UInt8($0)])]) }
        let keys = try Self.set(decoys + [try Self.rsaKey(["kid": "good"])])
        #expect(throws: AuthJWTError.candidateKeyLimitReached(keyID: nil, algorithm: "RS256", tried: 4, candidates: 6)) {
            try token.verifySignature(using: keys, allowedAlgorithms: [.rs256])
        }
        #expect(try token.verifySignature(using: keys, allowedAlgorithms: [.rs256], maximumCandidateKeys: 6).keyID == "good")
        // Keys passed over for their own parameters do not count.
        let skipped = try Self.unusableRSAKeys().map(\.entry) + [try Self.rsaKey(["kid": "good"])]
        #expect(
            try token.verifySignature(using: try Self.set(skipped), allowedAlgorithms: [.rs256], maximumCandidateKeys: 1).keyID == "good")
    }

    @Test("a token without kid against 300 usable keys stops after 4 verifications")
    func hundredsOfKeys() throws {
        var entries: [Any] = []
        for exponent in stride(from: 3, to: 603, by: 2) {
            let octets: [UInt8] = exponent < 256 ? [UInt8(exponent)] : [UInt8(exponent >> 8), UInt8(exponent & 0xff)]
            entries.append(try Self.rsaKey(["e": Self.base64URL(octets)]))
        }
        let keys = try Self.set(entries)
        #expect(keys.keys.count == 300)
        var validator = IDTokenValidator(issuer: "joe", clientID: "c")
        validator.allowedAlgorithms = [.rs256]
        #expect(throws: AuthJWTError.candidateKeyLimitReached(keyID: nil, algorithm: "RS256", tried: 4, candidates: 300)) {
            try validator.validate(JOSEExamples.load().rfc7515_a2.token, keys: keys, now: NumericDate(secondsSince1970: 1_300_000_000))
        }
    }
}
