// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

extension TokenSet: CustomReflectable {
    /// The expiry, scopes and granted authorization details' types; the access, refresh and ID tokens are redacted, as in the description.
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
                // Types only: an entry's members may hold personal data (account numbers, RFC 9396 §13).
                "grantedAuthorizationDetails": grantedAuthorizationDetails.map { $0.map { $0["type"]?.stringValue ?? "" } } as Any,
            ],
            displayStyle: .struct)
    }
}
