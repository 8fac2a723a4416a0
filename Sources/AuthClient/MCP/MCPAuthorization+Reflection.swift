// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension MCPAuthorization.Options: CustomReflectable {
    /// Every option, with the initial access token redacted and the client secret redacted by
    /// ``ClientAuthentication``'s mirror.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "redirectURI": redirectURI,
                "clientName": clientName,
                "clientID": clientID as Any,
                "clientIssuer": clientIssuer as Any,
                "clientAuthentication": clientAuthentication,
                "scopes": scopes as Any,
                "initialAccessToken": initialAccessToken == nil ? "none" : "<redacted>",
                "allowsInsecureLoopback": allowsInsecureLoopback,
                "probe": probe as Any,
                "clientIDMetadataDocumentURL": clientIDMetadataDocumentURL as Any,
                "authorizationServerPreference": authorizationServerPreference == nil ? "first listed" : "app's choice",
                "usesDPoP": usesDPoP,
            ],
            displayStyle: .struct)
    }
}
