// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension ProtectedRequest: CustomReflectable {
    /// As the description: the method, the URL without its query (which may hold a token), and the header
    /// names with their values redacted (`Authorization`, `DPoP`), so `dump` and debuggers show no credential.
    public var customMirror: Mirror {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        return Mirror(
            self,
            children: [
                "method": method,
                "url": path + (path.utf8.count == url.utf8.count ? "" : "?<redacted>"),
                "headerFields": headerFields.map { "\($0.name): <redacted>" },
            ],
            displayStyle: .struct)
    }
}
