// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension ExpectedRedirect: CustomStringConvertible, CustomReflectable {
    /// The response form; the `state` is redacted (whoever knows it can answer the login's redirect).
    public var description: String { "ExpectedRedirect(state: <redacted>, isResponseJWT: \(isResponseJWT))" }

    /// As the description: the `state` redacted.
    public var customMirror: Mirror {
        Mirror(self, children: ["state": "<redacted>", "isResponseJWT": isResponseJWT], displayStyle: .struct)
    }
}
