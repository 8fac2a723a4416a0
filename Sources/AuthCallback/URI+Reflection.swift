// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension URI: CustomReflectable {
    /// Where the URI goes; the user information, query and fragment, which carry codes, states and tokens,
    /// are redacted as in the description.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "scheme": scheme,
                "userinfo": userinfo == nil ? "none" : "<redacted>",
                "host": host as Any,
                "port": port as Any,
                "path": path,
                "query": query == nil ? "none" : "<redacted>",
                "fragment": fragment == nil ? "none" : "<redacted>",
            ],
            displayStyle: .struct)
    }
}
