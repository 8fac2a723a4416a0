#if !hasFeature(Embedded)
    extension PKCE: CustomReflectable {
        /// The challenge, which is sent in the clear, and the verifier through its own redacted mirror.
        /// (Not in Embedded Swift.)
        public var customMirror: Mirror {
            Mirror(self, children: ["verifier": verifier, "challenge": challenge], displayStyle: .struct)
        }
    }
#endif
