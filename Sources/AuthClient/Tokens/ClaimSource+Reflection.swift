// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension ClaimSource: CustomReflectable {
    /// The name, the claims and where they are, with the JWT and the access token redacted, so that `dump`
    /// shows no credential.
    public var customMirror: Mirror {
        let location: String =
            switch self.location {
            case .aggregated: "aggregated (JWT redacted)"
            case .distributed(let endpoint, let token): "distributed at \(endpoint)" + (token == nil ? "" : " (access token redacted)")
            }
        return Mirror(self, children: ["name": name, "claimNames": claimNames, "location": location], displayStyle: .struct)
    }
}
