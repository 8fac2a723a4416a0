// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback

extension Redirect: CustomReflectable {
    /// The callback URL through `URI`'s redacted mirror (query and fragment hidden) and the size of the
    /// form body, never its bytes: both carry the code, state and tokens.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["callbackURL": callbackURL, "formBody": formBody.map { "<redacted: \($0.count) bytes>" } ?? "none"],
            displayStyle: .struct)
    }
}
