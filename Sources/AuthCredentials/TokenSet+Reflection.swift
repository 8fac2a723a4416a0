// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension TokenSet: CustomReflectable {
    /// The expiry and scopes; the access, refresh and ID tokens are redacted, as in the description.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "accessToken": "<redacted>",
                "expiresAt": expiresAt as Any,
                "refreshToken": refreshToken == nil ? "none" : "<redacted>",
                "scopes": scopes as Any,
                "idToken": idToken == nil ? "none" : "<redacted>",
                "tokenType": tokenType ?? "Bearer",
                "dpopKey": dpopKey == nil ? "none" : "<redacted>",
            ],
            displayStyle: .struct)
    }
}
