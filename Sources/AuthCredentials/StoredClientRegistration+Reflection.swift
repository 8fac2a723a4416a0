// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension StoredClientRegistration: CustomReflectable {
    /// As the description: the client secret and the registration access token redacted.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "issuer": issuer,
                "clientID": clientID,
                "clientSecret": clientSecret == nil ? "none" : "<redacted>",
                "clientIDIssuedAt": clientIDIssuedAt as Any,
                "clientSecretExpiresAt": clientSecretExpiresAt as Any,
                "registrationAccessToken": registrationAccessToken == nil ? "none" : "<redacted>",
                "registrationClientURI": registrationClientURI as Any,
                "redirectURIs": redirectURIs,
                "tokenEndpointAuthMethod": tokenEndpointAuthMethod,
                "clientName": clientName as Any,
            ],
            displayStyle: .struct)
    }
}
