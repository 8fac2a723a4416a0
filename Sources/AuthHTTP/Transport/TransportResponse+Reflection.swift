// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension TransportResponse: CustomReflectable {
    /// The status, the header names (their values redacted: a `Location` can carry a code, a `Set-Cookie` a
    /// session) and the body, which may carry tokens, only by its size.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "status": status, "headerFields": headerFields.map { "\($0.name): <redacted>" }, "body": "<redacted: \(body.count) bytes>",
            ],
            displayStyle: .struct)
    }
}
