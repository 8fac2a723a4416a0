// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension AppleIDCredential: CustomReflectable {
    /// The user and what was shared, as in the description; the authorization code, identity token and
    /// state are redacted, the email and name shown as present or not.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "user": user,
                "state": state == nil ? "none" : "<redacted>",
                "authorizedScopes": authorizedScopes.map(\.rawValue),
                "authorizationCode": authorizationCode == nil ? "none" : "<redacted>",
                "identityToken": identityToken == nil ? "none" : "<redacted>",
                "email": email == nil ? "none" : "present",
                "fullName": fullName == nil ? "none" : "present",
                "realUserStatus": realUserStatus,
            ],
            displayStyle: .struct)
    }
}
