extension TransportResponse: CustomReflectable {
    /// The status and header fields; the body, which may carry tokens, only by its size.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["status": status, "headerFields": headerFields, "body": "<redacted: \(body.count) bytes>"],
            displayStyle: .struct)
    }
}
