// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension ClaimSource: CustomReflectable {
    /// The name, the claims and where they are, with the JWT and the access token redacted, so that `dump`
    /// shows no credential.
    public var customMirror: Mirror {
        Mirror(self, children: ["name": name, "claimNames": claimNames, "location": location.description], displayStyle: .struct)
    }
}

extension ClaimSource.Location: CustomStringConvertible, CustomReflectable {
    /// The kind of source and a distributed source's endpoint; never the JWT or the access token.
    public var description: String {
        switch self {
        case .aggregated: "aggregated (JWT redacted)"
        case .distributed(let endpoint, let token): "distributed at \(endpoint)" + (token == nil ? "" : " (access token redacted)")
        }
    }

    /// The description alone, so that `dump` shows no credential.
    public var customMirror: Mirror { Mirror(self, children: ["location": description], displayStyle: .enum) }
}
