// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension User: CustomReflectable {
    /// The subject and the client; the tokens are not shown. An actor's default mirror reads its stored
    /// properties directly, tokens included, so this replaces it. (The tokens are actor-isolated, so the
    /// mirror cannot even say whether the user is still logged in.)
    public nonisolated var customMirror: Mirror {
        Mirror(
            self, children: ["subject": subject as Any, "grant": grant, "client": client, "tokens": "<redacted>"], displayStyle: .class,
            ancestorRepresentation: .suppressed)
    }
}
