extension AuthorizationResponse: CustomReflectable {
    /// What `dump`, `Mirror` and debuggers show: the issuer and the parameter names; the code, state,
    /// ID token and Sign in with Apple's `user` JSON (name and email) are redacted, as in the description.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "code": "<redacted>",
                "state": "<redacted>",
                "issuer": issuer as Any,
                "idToken": idToken == nil ? "none" : "<redacted>",
                "user": user == nil ? "none" : "<redacted>",
                "parameters": parameters.map(\.name),
            ],
            displayStyle: .struct)
    }
}
