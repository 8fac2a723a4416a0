// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Why a resource server refused a request (placeholder: the cases arrive with issue 30's validator).
public enum ResourceServerError: Error, Hashable, Sendable {
    /// The request carries no access token.
    case missingToken

    /// The stable numeric code.
    public var code: Int {
        switch self {
        case .missingToken: 12001
        }
    }
}
