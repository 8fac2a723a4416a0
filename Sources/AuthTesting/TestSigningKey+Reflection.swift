// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT

extension TestSigningKey: CustomStringConvertible, CustomReflectable {
    /// The algorithm and key id; never the key material. The published test keys are not secret, but an HS256
    /// key is often a real client secret in a test, and parameterized tests print their arguments.
    public var description: String {
        "TestSigningKey(\(algorithm.rawValue)\(keyID.map { ", kid: \($0)" } ?? ""))"
    }

    /// `dump()` shows the algorithm and key id only.
    public var customMirror: Mirror {
        Mirror(self, children: ["algorithm": algorithm.rawValue, "keyID": keyID as Any, "material": "<redacted>"])
    }
}
