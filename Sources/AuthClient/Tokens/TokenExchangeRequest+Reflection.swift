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
