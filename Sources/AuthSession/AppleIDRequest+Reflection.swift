// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials

extension AppleIDRequest: CustomReflectable {
    /// The scopes; the state and nonce, which tie the response to this request, are redacted.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "requestedScopes": requestedScopes.map(\.rawValue),
                "state": "<redacted>",
                "nonce": nonce == nil ? "none" : "<redacted>",
            ],
            displayStyle: .struct)
    }
}
