extension URI: CustomReflectable {
    /// Where the URI goes; the user information, query and fragment, which carry codes, states and tokens,
    /// are redacted as in the description.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "scheme": scheme,
                "userinfo": userinfo == nil ? "none" : "<redacted>",
                "host": host as Any,
                "port": port as Any,
                "path": path,
                "query": query == nil ? "none" : "<redacted>",
                "fragment": fragment == nil ? "none" : "<redacted>",
            ],
            displayStyle: .struct)
    }
}
