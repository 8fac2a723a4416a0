extension PushedAuthorizationResponse: CustomReflectable {
    /// The lifetime; the request URI is redacted, as in the description.
    public var customMirror: Mirror {
        Mirror(self, children: ["requestURI": "<redacted>", "expiresIn": expiresIn, "expiresAt": expiresAt], displayStyle: .struct)
    }
}
