// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

#if !hasFeature(Embedded)
    extension PKCE: CustomReflectable {
        /// The challenge, which is sent in the clear, and the verifier through its own redacted mirror.
        /// (Not in Embedded Swift.)
        public var customMirror: Mirror {
            Mirror(self, children: ["verifier": verifier, "challenge": challenge], displayStyle: .struct)
        }
    }
#endif
