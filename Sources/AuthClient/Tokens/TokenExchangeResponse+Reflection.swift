// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension TokenExchangeResponse: CustomReflectable {
    /// The types, expiry and scope; the issued and refresh tokens are redacted, as in the description.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "accessToken": "<redacted>",
                "issuedTokenType": issuedTokenType,
                "tokenType": tokenType,
                "expiresIn": expiresIn as Any,
                "expiresAt": expiresAt as Any,
                "scope": scope as Any,
                "refreshToken": refreshToken == nil ? "none" : "<redacted>",
            ],
            displayStyle: .struct)
    }
}
