// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension DPoPNonceSource: CustomStringConvertible, CustomReflectable {
    /// The rotation interval only: the HMAC secret is never shown.
    public var description: String { "DPoPNonceSource(rotationInterval: \(rotationInterval), secret: <redacted>)" }

    /// As the description: `dump` and debuggers never show the secret.
    public var customMirror: Mirror {
        Mirror(self, children: ["rotationInterval": rotationInterval, "secret": "<redacted>"], displayStyle: .struct)
    }
}
