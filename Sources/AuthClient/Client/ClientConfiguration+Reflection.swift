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
            ],
            displayStyle: .struct)
    }
}
