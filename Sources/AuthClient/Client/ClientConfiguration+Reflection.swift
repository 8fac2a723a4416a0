// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension ClientConfiguration: CustomReflectable {
    /// Every setting, with the client secret redacted by ``ClientAuthentication``'s mirror.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "issuer": issuer,
                "clientID": clientID,
                "clientAuthentication": clientAuthentication,
                "redirectURI": redirectURI,
                "callback": callback,
                "scopes": scopes,
                "allowsInsecureLoopbackIssuer": allowsInsecureLoopbackIssuer,
                "refreshWindowSeconds": refreshWindowSeconds,
                "leewaySeconds": leewaySeconds,
                "allowedAlgorithms": allowedAlgorithms,
                "prefersEphemeralWebBrowserSession": prefersEphemeralWebBrowserSession,
                "resources": resources,
                "usesDPoP": usesDPoP,
                "requiresDPoPBoundTokens": requiresDPoPBoundTokens,
                "userInfoSignedResponseAlgorithm": userInfoSignedResponseAlgorithm as Any,
                "sendsUserInfoTokenInBody": sendsUserInfoTokenInBody,
            ],
            displayStyle: .struct)
    }
}
