extension ClientAssertionIDGenerator: CustomReflectable {
    /// Nothing: the generator's state would let a reader predict the next `jti`.
    public var customMirror: Mirror {
        Mirror(self, children: ["generator": "<redacted>"], displayStyle: .class)
    }
}
