// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

#if !hasFeature(Embedded)
    extension CodeVerifier: CustomReflectable {
        /// The length only: `dump`, `Mirror` and debuggers never show the verifier, which is a secret until the
        /// token request is made (RFC 7636 §7.1). (Not in Embedded Swift, which has no reflection.)
        public var customMirror: Mirror {
            Mirror(self, children: ["value": "<redacted>", "length": value.utf8.count], displayStyle: .struct)
        }
    }
#endif
