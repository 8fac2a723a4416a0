// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import TestVectors
import Testing

@Suite("AuthCallback: secrets stay out of dump and Mirror")
struct CallbackReflectionTests {
    @Test("dump shows no code, state, ID token or user JSON, but still the issuer, host, path and parameter names")
    func redacted() throws {
        let text =
            "https://client.example/cb?code=SECRET-CODE&state=SECRET-STATE&iss=https%3A%2F%2Fas.example"
            + "&id_token=SECRET-ID-TOKEN&user=SECRET-USER#SECRET-FRAGMENT"
        let uri = try URI(parsing: text)
        let response = try AuthorizationResponse(callback: uri, expecting: .init(state: "SECRET-STATE", issuer: "https://as.example"))
        for value in [uri, response] as [Any] {
            let dumped = dumped(value)
            #expect(!dumped.contains("SECRET"), "\(dumped)")
            #expect(dumped.contains("<redacted>"))
        }
        #expect(dumped(uri).contains("client.example") && dumped(uri).contains("/cb"))
        let dumpedResponse = dumped(response)
        #expect(dumpedResponse.contains("https://as.example") && dumpedResponse.contains("id_token") && dumpedResponse.contains("user"))
    }
}
