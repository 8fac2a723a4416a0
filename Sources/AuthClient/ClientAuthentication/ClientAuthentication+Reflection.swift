// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension ClientAuthentication: CustomReflectable {
    /// The method's name; the client secret is redacted, as in the description.
    public var customMirror: Mirror {
        switch self {
        case .none: Mirror(self, children: [], displayStyle: .enum)
        case .clientSecretBasic, .clientSecretPost, .clientSecretJWT: Mirror(self, children: ["secret": "<redacted>"], displayStyle: .enum)
        case .privateKeyJWT(let key, _): Mirror(self, children: ["key": key.description], displayStyle: .enum)
        }
    }
}
