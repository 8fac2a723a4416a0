// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension AuthorizationResponse: CustomReflectable {
    /// What `dump`, `Mirror` and debuggers show: the issuer and the parameter names; the code, state,
    /// ID token and Sign in with Apple's `user` JSON (name and email) are redacted, as in the description.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "code": "<redacted>",
                "state": "<redacted>",
                "issuer": issuer as Any,
                "idToken": idToken == nil ? "none" : "<redacted>",
                "user": user == nil ? "none" : "<redacted>",
                "parameters": parameters.map(\.name),
            ],
            displayStyle: .struct)
    }
}

extension AuthorizationResponse.Expectations: CustomStringConvertible, CustomReflectable {
    /// The issuer and the response mode; the expected `state`, a secret until the response arrives, is
    /// redacted.
    public var description: String {
        "Expectations(state: <redacted>, issuer: \(issuer ?? "none"), requiresIssuer: \(requiresIssuer), responseMode: \(responseMode))"
    }

    /// As the description.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["state": "<redacted>", "issuer": issuer as Any, "requiresIssuer": requiresIssuer, "responseMode": responseMode],
            displayStyle: .struct)
    }
}
