extension FakeOpenIDProvider: CustomReflectable {
    /// The configuration (its client secret redacted by `ClientAuthentication`'s mirror) and the clock;
    /// the issued codes, tokens and the random generator's state are not shown.
    public var customMirror: Mirror {
        Mirror(self, children: ["configuration": configuration, "clock": clock, "state": "<redacted>"], displayStyle: .class)
    }
}
