// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthHTTP
import TestVectors
import Testing

@Suite("AuthenticationChallenge")
struct AuthenticationChallengeTests {
    @Test("parses every WWW-Authenticate example of RFC 9110, RFC 6750, RFC 9470, RFC 9728 and RFC 9449")
    func parsesTheRFCExamples() throws {
        let examples = try WWWAuthenticateExamples.load()
        #expect(examples.cases.count == 8)
        for example in examples.cases {
            let challenges = try AuthenticationChallenge.parse(example.field)
            #expect(challenges.map(\.scheme) == example.challenges.map(\.scheme), "\(example.rfc)")
            for (challenge, expected) in zip(challenges, example.challenges) {
                #expect(challenge.parameters.map { [$0.name, $0.value] } == expected.parameters, "\(example.rfc)")
                #expect(challenge.token68 == nil)
            }
        }
    }

    @Test("reads the step-up, scope, resource metadata and DPoP conveniences")
    func readsTheConveniences() throws {
        let field =
            #"Bearer realm="api", error="insufficient_user_authentication", acr_values="urn:mfa phr", max_age=300, "#
            + #"scope="read write", resource_metadata="https://rs.example/.well-known/oauth-protected-resource", "#
            + #"DPoP algs="ES256 PS256", error="use_dpop_nonce""#
        let challenges = try AuthenticationChallenge.parse(field)
        #expect(challenges.count == 2)
        let bearer = challenges[0]
        #expect(bearer.isScheme("BEARER"))
        #expect(bearer.realm == "api")
        #expect(bearer.error == .insufficientUserAuthentication)
        #expect(bearer.acrValues == ["urn:mfa", "phr"])
        #expect(bearer.maxAge == 300)
        #expect(bearer.scope == ["read", "write"])
        #expect(bearer.resourceMetadata == "https://rs.example/.well-known/oauth-protected-resource")
        let dpop = challenges[1]
        #expect(dpop.isScheme("dpop"))
        #expect(dpop.algorithms == ["ES256", "PS256"])
        #expect(dpop.error == .useDPoPNonce)
    }

    @Test("tolerates unquoted URLs, names in any case, empty list elements and whitespace around '='")
    func toleratesRealWorldQuoting() throws {
        let challenges = try AuthenticationChallenge.parse(
            " , Bearer Error = invalid_token ,, Resource_Metadata=https://rs.example/.well-known/x?a=b ,")
        #expect(challenges.count == 1)
        #expect(challenges[0].error == .invalidToken)
        #expect(challenges[0][parameter: "RESOURCE_METADATA"] == "https://rs.example/.well-known/x?a=b")
        #expect(challenges[0].parameters.map(\.name) == ["error", "resource_metadata"])
    }

    @Test("reads a bare scheme, several bare schemes and token68 credentials")
    func readsBareSchemesAndToken68() throws {
        #expect(try AuthenticationChallenge.parse("Bearer") == [AuthenticationChallenge(scheme: "Bearer")])
        #expect(try AuthenticationChallenge.parse("Bearer, DPoP").map(\.scheme) == ["Bearer", "DPoP"])
        let negotiate = try AuthenticationChallenge.parse("Negotiate a87421000492aa874209af8bc028==, Basic realm=x")
        #expect(negotiate.count == 2)
        #expect(negotiate[0].token68 == "a87421000492aa874209af8bc028==")
        #expect(negotiate[0].parameters.isEmpty)
        #expect(negotiate[1][parameter: "realm"] == "x")
    }

    @Test("keeps a quoted string's escaped quotes, backslashes and commas inside the value")
    func readsQuotedStrings() throws {
        let challenge = try #require(
            AuthenticationChallenge.parse(#"Bearer error_description="a \"b\", c\\d", error="invalid_token""#).first)
        #expect(challenge.errorDescription == #"a "b", c\d"#)
        #expect(challenge.error == .invalidToken)
    }

    @Test("reads a quote followed by a combining mark as a quote: escaped it stays in the value, bare it ends it")
    func readsQuotesByScalarNotByCharacter() throws {
        // Found by the www-authenticate fuzz target (Fuzz/): "\"" + U+0301 is one Swift Character but two scalars.
        let escaped = try #require(AuthenticationChallenge.parse("Bearer realm=\"a\\\"\u{301}b\"").first)
        #expect(escaped[parameter: "realm"]?.unicodeScalars.elementsEqual("a\"\u{301}b".unicodeScalars) == true)
        #expect(throws: AuthHTTPError.self) { try AuthenticationChallenge.parse("Bearer realm=\"a\"\u{301}b\"") }
    }

    @Test(
        "refuses what cannot be read unambiguously, naming the reason",
        arguments: [
            (#"Bearer error="invalid_token"#, "unterminated quoted string"),
            (#"error="invalid_token""#, "without an authentication scheme"),
            (#"Bearer error="a", error="b""#, "repeated"),
            (#"Bearer error="a", ERROR="b""#, "repeated"),
            ("Basic abc==, realm=x", "without an authentication scheme"),
            ("Bearer error=\"a\u{1}b\"", "control character"),
            ("Bearer error=a\u{7F}", "control character"),
            ("Bearer \"quoted\"", "unexpected character"),
            ("=x", "expected an authentication scheme"),
        ])
    func refusesMalformedFields(field: String, reason: String) {
        #expect {
            try AuthenticationChallenge.parse(field)
        } throws: { error in
            guard case AuthHTTPError.invalidChallenge(let message) = error else { return false }
            return message.contains(reason) && message.contains("RFC 9110 §11.6.1") && (error as? AuthHTTPError)?.code == 11004
        }
    }

    @Test("gives max_age only for a non-negative decimal integer that fits")
    func readsMaxAgeStrictly() throws {
        func maxAge(_ value: String) throws -> Int? {
            try AuthenticationChallenge.parse("Bearer max_age=\(value)")[0].maxAge
        }
        #expect(try maxAge("0") == 0)
        #expect(try maxAge("\"5\"") == 5)
        #expect(try maxAge("-1") == nil)
        #expect(try maxAge("1e3") == nil)
        #expect(try maxAge("\"\"") == nil)
        #expect(try maxAge("9999999999999999999999") == nil)
    }

    @Test("collects the challenges of every WWW-Authenticate field of a response and skips one it cannot read")
    func collectsTheResponsesChallenges() {
        let response = TransportResponse(
            status: 401,
            headerFields: [
                HeaderField(name: "www-authenticate", value: #"DPoP algs="ES256""#),
                HeaderField(name: "Content-Type", value: "application/json"),
                HeaderField(name: "WWW-Authenticate", value: #"Bearer error="unterminated"#),
                HeaderField(name: "WWW-Authenticate", value: #"Bearer error="invalid_token""#),
            ])
        #expect(response.challenges.map(\.scheme) == ["DPoP", "Bearer"])
        #expect(response.challenges.last?.error == .invalidToken)
    }

    @Test("parses several fields in order, and multi-megabyte fields in linear time")
    func parsesSeveralFieldsAndLongInput() async throws {
        #expect(try AuthenticationChallenge.parse(["Bearer", "DPoP algs=ES256"]).map(\.scheme) == ["Bearer", "DPoP"])
        let many = "Bearer " + (0..<20_000).map { "p\($0)=\"v\"" }.joined(separator: ", ")
        let long = "Bearer error_description=\"" + String(repeating: "x", count: 2 << 20) + "\""
        // Quadratic work on 2 MiB would take hours; linear work takes under a second (a few under AddressSanitizer).
        // The parse runs on a thread of its own: in the cooperative pool, the parallel suite starved it for
        // 175 s under AddressSanitizer (CI's step 1e), which made a wall-clock bound fail on a linear parser.
        let counts = await finishesOnItsOwnThread(within: 120) {
            (
                (try? AuthenticationChallenge.parse(many))?.first?.parameters.count,
                (try? AuthenticationChallenge.parse(long))?.first?.errorDescription?.utf8.count
            )
        }
        #expect(counts?.0 == 20_000)
        #expect(counts?.1 == 2 << 20)
    }

    @Test("describes a challenge without its token68")
    func describesWithoutToken68() throws {
        let challenge = try AuthenticationChallenge.parse("Negotiate c2VjcmV0LXRpY2tldA==")[0]
        #expect(!challenge.description.contains("c2VjcmV0"))
        #expect(challenge.description.contains("token68: 20 bytes"))
    }
}
