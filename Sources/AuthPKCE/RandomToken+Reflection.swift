// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

#if !hasFeature(Embedded)
    extension RandomToken: CustomReflectable {
        /// `dump`, `Mirror` and debuggers see `<redacted>` for a state or nonce, as its description does: the
        /// value is what ties a response to its request (RFC 6749 §10.12). (Not in Embedded Swift.)
        public var customMirror: Mirror {
            Mirror(self, children: ["value": "<redacted>"], displayStyle: .struct)
        }
    }
#endif
