// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension ClientAssertionIDGenerator: CustomReflectable {
    /// Nothing: the generator's state would let a reader predict the next `jti`.
    public var customMirror: Mirror {
        Mirror(self, children: ["generator": "<redacted>"], displayStyle: .class)
    }
}
