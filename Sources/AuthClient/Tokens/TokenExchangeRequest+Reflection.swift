// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension TokenExchangeRequest: CustomReflectable {
    /// The types, resources and audiences; the subject and actor tokens are redacted, as in the description.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "subjectToken": "<redacted>",
                "subjectTokenType": subjectTokenType,
                "actorToken": actorToken == nil ? "none" : "<redacted>",
                "actorTokenType": actorTokenType,
                "requestedTokenType": requestedTokenType as Any,
                "resources": resources,
                "audiences": audiences,
                "scopes": scopes as Any,
            ],
            displayStyle: .struct)
    }
}
