// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension StoredCredential: CustomReflectable {
    /// The user and what is held, as in the description: the tokens through ``TokenSet``'s redacted
    /// mirror, the email and name as present or not.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "user": user,
                "grant": grant as Any,
                "email": email == nil ? "none" : "present",
                "fullName": fullName == nil ? "none" : "present",
                "realUserStatus": realUserStatus as Any,
                "tokens": tokens as Any,
            ],
            displayStyle: .struct)
    }
}
