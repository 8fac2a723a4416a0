// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

extension TokenResponse: CustomReflectable {
    /// The token type, lifetime, scope and the names of other members; the tokens are redacted, and so are
    /// the values of other members, which may be provider-specific tokens.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "accessToken": "<redacted>",
                "tokenType": tokenType,
                "expiresIn": expiresIn as Any,
                "refreshToken": refreshToken == nil ? "none" : "<redacted>",
                "scope": scope as Any,
                "idToken": idToken == nil ? "none" : "<redacted>",
                "additionalParameters": additionalParameters.names,
            ],
            displayStyle: .struct)
    }
}
