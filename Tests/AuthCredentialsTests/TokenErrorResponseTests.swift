// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials
import Testing

@Suite("Token endpoint error responses")
struct TokenErrorResponseTests {
    @Test("keeps a token error whose description breaks RFC 6749 §5.2's characters, escaped and marked")
    func nonConformingDescription() {
        do {
            _ = try TokenResponse(json: #"{"error":"invalid_grant","error_description":"code \"abc\" used\r\n\u0007twice"}"#.utf8)
            Issue.record("an error body must throw")
        } catch {
            guard case .tokenErrorResponse(let response) = error else {
                Issue.record("expected tokenErrorResponse, got \(error)")
                return
            }
            #expect(response.error == .invalidGrant)
            #expect(response.errorDescription == #"code "abc" used\r\n\u{7}twice"#)
            #expect(!response.isConforming)
            #expect(!"\(error)".unicodeScalars.contains { $0.value < 0x20 })
        }
    }
}
