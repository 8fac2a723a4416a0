// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension TransportRequest: CustomReflectable {
    /// As the description: the method, the URL without its query, the header names (values such as
    /// `Authorization: Bearer …` redacted) and the body's size, never its bytes (codes, verifiers, secrets).
    public var customMirror: Mirror {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        return Mirror(
            self,
            children: [
                "method": method.rawValue,
                "url": path + (path.utf8.count == url.utf8.count ? "" : "?<redacted>"),
                "headerFields": headerFields.map { "\($0.name): <redacted>" },
                "body": "<redacted: \(body.count) bytes>",
            ],
            displayStyle: .struct)
    }
}
