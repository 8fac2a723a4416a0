extension TransportResponse: CustomReflectable {
    /// The status, the header names (their values redacted: a `Location` can carry a code, a `Set-Cookie` a
    /// session) and the body, which may carry tokens, only by its size.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "status": status, "headerFields": headerFields.map { "\($0.name): <redacted>" }, "body": "<redacted: \(body.count) bytes>",
            ],
            displayStyle: .struct)
    }
}
