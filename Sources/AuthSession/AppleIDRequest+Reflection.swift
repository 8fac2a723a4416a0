import AuthCredentials

extension AppleIDRequest: CustomReflectable {
    /// The scopes; the state and nonce, which tie the response to this request, are redacted.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "requestedScopes": requestedScopes.map(\.rawValue),
                "state": "<redacted>",
                "nonce": nonce == nil ? "none" : "<redacted>",
            ],
            displayStyle: .struct)
    }
}
