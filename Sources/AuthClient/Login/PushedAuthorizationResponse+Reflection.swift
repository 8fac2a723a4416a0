// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension PushedAuthorizationResponse: CustomReflectable {
    /// The lifetime; the request URI is redacted, as in the description.
    public var customMirror: Mirror {
        Mirror(self, children: ["requestURI": "<redacted>", "expiresIn": expiresIn, "expiresAt": expiresAt], displayStyle: .struct)
    }
}
