// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import Testing

@Suite("OAuthErrorResponse")
struct OAuthErrorResponseTests {
    /// The error an authorization response is refused with, or nil when it is accepted.
    static func refusal(_ query: String, issuer: String? = nil, requiresIssuer: Bool = false) -> AuthCallbackError? {
        do {
            _ = try AuthorizationResponse(
                callback: URI(parsing: "myapp:/cb?" + query),
                expecting: .init(state: "xyz", issuer: issuer, requiresIssuer: requiresIssuer))
            return nil
        } catch {
            return error
        }
    }

    @Test("keeps an error response whose description breaks RFC 6749 §4.1.2.1, escaped and marked non-conforming")
    func nonConformingDescription() throws {
        // CR LF, BEL, a quote, a backslash, UTF-8 and a right-to-left override (U+202E) — as real providers send.
        let query = "error=access_denied&state=xyz&error_description=line1%0D%0Aline2%07+%22no%22+C%3A%5Cx+%C3%BC%E2%80%AE"
        guard case .errorResponse(let response)? = Self.refusal(query) else {
            Issue.record("expected an error response")
            return
        }
        #expect(response.error == .accessDenied)
        #expect(response.errorDescription == #"line1\r\nline2\u{7} "no" C:\\x ü\u{202e}"#)
        #expect(!response.isConforming)
        // Nothing raw that could start a log line or reorder the terminal survives into the message.
        let message = "\(AuthCallbackError.errorResponse(response))"
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202e })
        #expect(message.contains("access_denied"))
    }

    @Test("escapes control characters like a Swift literal, and leaves conforming text alone")
    func sanitising() {
        let plain = OAuthErrorResponse(error: .invalidScope, errorDescription: "Scope 'x' is unknown", errorURI: "https://as.example/e")
        #expect(plain.isConforming && plain.errorDescription == "Scope 'x' is unknown" && plain.errorURI == "https://as.example/e")
        #expect(plain.description == "invalid_scope (Scope 'x' is unknown)")
        let tab = OAuthErrorResponse(error: .serverError, errorDescription: "a\tb\u{0}c\u{7f}\u{85}\u{2028}")
        #expect(tab.errorDescription == #"a\tb\0c\u{7f}\u{85}\u{2028}"#)
        #expect(!tab.isConforming)
        #expect(!OAuthErrorResponse(error: .serverError, errorURI: "https://as.example/\"e\"").isConforming)
        // The code is kept exactly as sent; only its display is escaped.
        let oddCode = OAuthErrorResponse(error: OAuthErrorCode(rawValue: "bad\ncode"))
        #expect(oddCode.error.rawValue == "bad\ncode" && !oddCode.isConforming)
        #expect(oddCode.description.hasPrefix(#"bad\ncode"#))
    }

    @Test("an error response without a required iss is refused with the error it carries (6020)")
    func errorWithoutIssuer() {
        let error = Self.refusal(
            "error=access_denied&error_description=The+user+said+no&state=xyz",
            issuer: "https://as.example", requiresIssuer: true)
        #expect(error == .errorResponseWithoutIssuer(OAuthErrorResponse(error: .accessDenied, errorDescription: "The user said no")))
        #expect(error?.code == 6020)
        #expect(error?.oauthErrorResponse?.error == .accessDenied)
        #expect(error.map { "\($0)" }?.contains("access_denied") == true)
        // Still refused when the iss is missing from a success, or wrong on an error; optional iss is not required.
        #expect(Self.refusal("code=c&state=xyz", issuer: "https://as.example", requiresIssuer: true) == .missingIssuer)
        #expect(
            Self.refusal("error=access_denied&state=xyz&iss=https%3A%2F%2Fevil.example", issuer: "https://as.example", requiresIssuer: true)
                == .issuerMismatch(expected: "https://as.example", actual: "https://evil.example"))
        #expect(Self.refusal("error=access_denied&state=xyz", issuer: "https://as.example")?.oauthErrorResponse?.error == .accessDenied)
        #expect(AuthCallbackError.missingIssuer.oauthErrorResponse == nil)
        #expect(
            AuthCallbackError.unverifiedErrorResponse(OAuthErrorResponse(error: .loginRequired)).oauthErrorResponse?.error == .loginRequired
        )
    }
}
