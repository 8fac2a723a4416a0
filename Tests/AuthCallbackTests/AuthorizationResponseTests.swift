// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import Testing

@Suite("AuthorizationResponse")
struct AuthorizationResponseTests {
    static func response(
        _ text: String, state: String = "xyz", issuer: String? = nil, requiresIssuer: Bool = false,
        mode: AuthorizationResponse.ResponseMode = .query
    ) throws(AuthCallbackError) -> AuthorizationResponse {
        try AuthorizationResponse(
            callback: URI(parsing: text),
            expecting: .init(state: state, issuer: issuer, requiresIssuer: requiresIssuer, responseMode: mode))
    }

    /// The error `response(…)` throws, or nil when it succeeds.
    static func refusal(_ text: String, issuer: String? = nil, requiresIssuer: Bool = false) -> AuthCallbackError? {
        do {
            _ = try response(text, issuer: issuer, requiresIssuer: requiresIssuer)
            return nil
        } catch {
            return error
        }
    }

    @Test("reads the RFC 6749 §4.1.2 example response")
    func rfc6749Example() throws {
        let response = try Self.response("https://client.example.com/cb?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz")
        #expect(response.code == "SplxlOBeZQQYbYS6WxSbIA" && response.state == "xyz" && response.issuer == nil)
        #expect(!response.description.contains("SplxlOBeZQQYbYS6WxSbIA"))
    }

    @Test("names every parameter in its description but shows no value, even when a name repeats the code's text")
    func descriptionShowsNamesNotValues() throws {
        // Found by the authorization-response fuzz target (Fuzz/): a valueless parameter named after the code.
        let response = try Self.response(
            "com.example.app:/cb?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz&isSplxlOBeZQQYbYS6WxSbIA&stat9=f")
        #expect(response.parameters.map(\.name) == ["code", "state", "isSplxlOBeZQQYbYS6WxSbIA", "stat9"])
        #expect(response.description.contains("\"isSplxlOBeZQQYbYS6WxSbIA\"") && response.description.contains("code: <redacted>"))
        #expect(!response.description.contains("=SplxlOBeZQQYbYS6WxSbIA") && !response.description.contains("\"f\""))
    }

    @Test("checks iss with the RFC 9207 example, and refuses a mix-up")
    func rfc9207() throws {
        let uri =
            "https://client.example/cb?code=x1848ZT64p4IirMPT0R-X3141MFPTuBX-VFL_cvaplMH58&state=ZWVlNDBlYzA1NjdkMDNhYjg3ZjUxZjAyNGQzMTM2NzI&iss=https%3A%2F%2Fhonest.as.example"
        let state = "ZWVlNDBlYzA1NjdkMDNhYjg3ZjUxZjAyNGQzMTM2NzI"
        #expect(try Self.response(uri, state: state, issuer: "https://honest.as.example").issuer == "https://honest.as.example")
        #expect(throws: AuthCallbackError.issuerMismatch(expected: "https://attacker.example", actual: "https://honest.as.example")) {
            try Self.response(uri, state: state, issuer: "https://attacker.example")
        }
        #expect(throws: AuthCallbackError.missingIssuer) {
            try Self.response(
                "https://client.example/cb?code=x&state=s", state: "s", issuer: "https://honest.as.example", requiresIssuer: true)
        }
        #expect(try Self.response("https://client.example/cb?code=x&state=s", state: "s", issuer: "https://honest.as.example").code == "x")
    }

    @Test("tells a missing state from a mismatched one, and checks state on error responses too")
    func state() {
        #expect(throws: AuthCallbackError.missingState) { try Self.response("myapp:/cb?code=x") }
        #expect(throws: AuthCallbackError.stateMismatch) { try Self.response("myapp:/cb?code=x&state=xyZ") }
        #expect(throws: AuthCallbackError.stateMismatch) { try Self.response("myapp:/cb?error=access_denied&state=forged") }
    }

    @Test("reports an error response without state as unverified, with the error kept as sent (6019)")
    func errorWithoutState() {
        #expect(
            throws: AuthCallbackError.unverifiedErrorResponse(
                OAuthErrorResponse(error: .accessDenied, errorDescription: "The user said no"))
        ) {
            try Self.response("myapp:/cb?error=access_denied&error_description=The+user+said+no")
        }
        // A backslash breaks RFC 6749 §4.1.2.1's character rule; the error still comes through, marked.
        #expect(throws: AuthCallbackError.self) { try Self.response("myapp:/cb?error=access_denied&error_description=%5Cx") }
        #expect(Self.refusal("myapp:/cb?error=access_denied&error_description=%5Cx")?.oauthErrorResponse?.isConforming == false)
        #expect(AuthCallbackError.unverifiedErrorResponse(OAuthErrorResponse(error: .accessDenied)).code == 6019)
    }

    @Test("reports every RFC 6749 and OpenID Connect error code as an error response, kept as sent")
    func errorCodes() {
        for code in OAuthErrorCode.registered + [OAuthErrorCode(rawValue: "vendor_specific")] {
            #expect(
                throws: AuthCallbackError.errorResponse(
                    OAuthErrorResponse(error: code, errorDescription: "The user said no", errorURI: "https://as.example/e"))
            ) {
                try Self.response(
                    "myapp:/cb?error=\(code.rawValue)&error_description=The+user+said+no&error_uri=https%3A%2F%2Fas.example%2Fe&state=xyz")
            }
        }
        #expect(OAuthErrorCode.registered.count == 16)
        guard case .errorResponse(let quoted)? = Self.refusal("myapp:/cb?error=access_denied&error_description=%22quoted%22&state=xyz")
        else {
            Issue.record("a quoted description is still an error response")
            return
        }
        #expect(quoted.error == .accessDenied && quoted.errorDescription == #""quoted""# && !quoted.isConforming)
    }

    @Test("refuses a repeated parameter and a success without code (RFC 6749 §3.1, §4.1.2)")
    func malformed() {
        #expect(throws: AuthCallbackError.repeatedParameter("code")) { try Self.response("myapp:/cb?code=a&code=b&state=xyz") }
        #expect(throws: AuthCallbackError.repeatedParameter("state")) { try Self.response("myapp:/cb?code=a&state=xyz&state=xyz") }
        #expect(throws: AuthCallbackError.missingCode) { try Self.response("myapp:/cb?state=xyz") }
        #expect(throws: AuthCallbackError.missingCode) { try Self.response("myapp:/cb?code=&state=xyz") }
    }

    @Test("finds a repeated parameter among many, and tells apart names that differ only in Unicode form")
    func manyParameters() throws {
        let extras = (0..<40).map { "p\($0)=v" }.joined(separator: "&")
        #expect(try Self.response("myapp:/cb?\(extras)&code=c&state=xyz").parameters.count == 42)
        #expect(throws: AuthCallbackError.repeatedParameter("p7")) { try Self.response("myapp:/cb?\(extras)&code=c&state=xyz&p7=w") }
        // "é" precomposed (%C3%A9) and decomposed (e%CC%81) are equal as Swift Strings but are different names.
        #expect(try Self.response("myapp:/cb?\(extras)&%C3%A9=1&e%CC%81=2&code=c&state=xyz").parameters.count == 44)
        #expect(try Self.response("myapp:/cb?%C3%A9=1&e%CC%81=2&code=c&state=xyz").parameters.count == 4)
    }

    @Test("says the response is in the fragment when the query was expected, and reads it in fragment mode")
    func fragment() throws {
        let uri = "myapp:/cb#code=abc&state=xyz"
        #expect(throws: AuthCallbackError.responseInFragment) { try Self.response(uri) }
        #expect(try Self.response(uri, mode: .fragment).code == "abc")
    }

    @Test("a query of only empty segments (?&) holds no parameter, so a response in the fragment is reported as such")
    func emptySegmentQuery() throws {
        // Empty segments are skipped (FormParameter), so "?&" and "?&&" have no parameters, as "?" has none.
        for query in ["?", "?&", "?&&"] {
            #expect(throws: AuthCallbackError.responseInFragment, "\(query)") {
                try Self.response("myapp:/cb" + query + "#code=abc&state=xyz")
            }
            #expect(throws: AuthCallbackError.invalidUTF8, "\(query)") { try Self.response("myapp:/cb" + query + "#code=%FF") }
        }
    }

    @Test("reads a Sign in with Apple form_post body with id_token and the first-sign-in user JSON")
    func formPost() throws {
        let body =
            "state=xyz&code=c0de&id_token=eyJhbGciOiJSUzI1NiJ9.e30.c2ln&user=%7B%22name%22%3A%7B%22firstName%22%3A%22Jane%22%7D%2C%22email%22%3A%22j%40privaterelay.appleid.com%22%7D"
        let response = try AuthorizationResponse(formPostBody: Array(body.utf8), expecting: .init(state: "xyz", responseMode: .formPost))
        #expect(response.code == "c0de" && response.idToken == "eyJhbGciOiJSUzI1NiJ9.e30.c2ln")
        #expect(response.user == #"{"name":{"firstName":"Jane"},"email":"j@privaterelay.appleid.com"}"#)
    }

    @Test("a form_post body whose raw bytes are UTF-8 only once decoded gives the decoded text every time it is read")
    func formPostSplitCharacter() throws {
        // "%C3" then a raw 0xA9: "é" once decoded, while the raw bytes alone are not UTF-8.
        let body = Array("state=xyz&code=c0de&user=%C3".utf8) + [0xA9] + Array("&id_token=a%2Bb+c".utf8)
        let response = try AuthorizationResponse(formPostBody: body, expecting: .init(state: "xyz", responseMode: .formPost))
        #expect(response.user == "\u{E9}" && response.user == "\u{E9}")
        #expect(response.idToken == "a+b c" && response.state == "xyz" && response.code == "c0de")
        #expect(response.parameters.map(\.value) == ["xyz", "c0de", "\u{E9}", "a+b c"])
    }

    @Test("checks parameters given already decoded and gives back exactly those names and values")
    func givenParameters() throws {
        let given = [
            FormParameter(name: "state", value: "x&y=z"), FormParameter(name: "code", value: "a+b %2F c"),
            FormParameter(name: "", value: ""), FormParameter(name: "e\u{301}&=", value: "\u{1F600} é"),
            FormParameter(name: "iss", value: "https://server.example.com/a?b#c"),
        ]
        let response = try AuthorizationResponse(
            parameters: given, expecting: .init(state: "x&y=z", issuer: "https://server.example.com/a?b#c", requiresIssuer: true))
        #expect(response.parameters == given)
        #expect(response.code == "a+b %2F c" && response.state == "x&y=z" && response.issuer == "https://server.example.com/a?b#c")
        #expect(throws: AuthCallbackError.repeatedParameter("code")) {
            try AuthorizationResponse(parameters: given + [FormParameter(name: "code", value: "")], expecting: .init(state: "x&y=z"))
        }
    }

    @Test("finds a repeated name however it is written, and compares names byte for byte")
    func repeatedNames() throws {
        #expect(throws: AuthCallbackError.repeatedParameter("code")) { try Self.response("myapp:/cb?co%64e=a&code=b&state=xyz") }
        #expect(throws: AuthCallbackError.repeatedParameter("state")) { try Self.response("myapp:/cb?code=a&state=xyz&%73tate=xyz") }
        #expect(throws: AuthCallbackError.repeatedParameter("x y")) { try Self.response("myapp:/cb?x+y=1&code=a&x%20y=2&state=xyz") }
        #expect(try Self.response("myapp:/cb?code=a&state=xyz&State=1&CODE=2&scope=openid").parameters.count == 5)
        // Names the checks read, written with escapes, are still those parameters.
        #expect(try Self.response("myapp:/cb?%63ode=a&st%61te=xyz").code == "a")
        let parameters = [FormParameter(name: "code", value: "c"), FormParameter(name: "state", value: "xyz")]
        #expect(try AuthorizationResponse(parameters: parameters, expecting: .init(state: "xyz")).code == "c")
        #expect(throws: AuthCallbackError.repeatedParameter("code")) {
            try AuthorizationResponse(parameters: parameters + [FormParameter(name: "code", value: "d")], expecting: .init(state: "xyz"))
        }
    }

    @Test("refuses a state that differs in any one byte, or in length, around the 8-byte steps of the comparison")
    func stateEveryByte() throws {
        for length in [1, 7, 8, 9, 15, 16, 17, 43] {
            let state = String(repeating: "s", count: length)
            #expect(try Self.response("myapp:/cb?code=c&state=\(state)", state: state).state == state)
            for position in 0..<length {
                var bytes = Array(state.utf8)
                bytes[position] = UInt8(ascii: "t")
                let forged = String(decoding: bytes, as: UTF8.self)
                #expect(throws: AuthCallbackError.stateMismatch) { try Self.response("myapp:/cb?code=c&state=\(forged)", state: state) }
            }
            #expect(throws: AuthCallbackError.stateMismatch) { try Self.response("myapp:/cb?code=c&state=\(state)s", state: state) }
            #expect(throws: AuthCallbackError.stateMismatch) {
                try Self.response("myapp:/cb?code=c&state=\(state.dropLast())", state: state)
            }
        }
    }

    @Test("compares iss byte for byte: another Unicode form of the same issuer is a mix-up (RFC 9207 §2.4)")
    func issuerBytes() throws {
        let composed = "https://\u{E9}.example"  // é as one code point
        let decomposed = "https://e\u{301}.example"  // e and a combining acute accent: equal as Swift Strings
        #expect(throws: AuthCallbackError.issuerMismatch(expected: composed, actual: decomposed)) {
            try Self.response("myapp:/cb?code=c&state=xyz&iss=https%3A%2F%2Fe%CC%81.example", issuer: composed)
        }
        #expect(try Self.response("myapp:/cb?code=c&state=xyz&iss=https%3A%2F%2F%C3%A9.example", issuer: composed).issuer == composed)
        #expect(throws: AuthCallbackError.issuerMismatch(expected: "https://a.example/x", actual: "https://a.example/y")) {
            try Self.response("myapp:/cb?code=c&state=xyz&iss=https%3A%2F%2Fa.example%2Fy", issuer: "https://a.example/x")
        }
    }
}
