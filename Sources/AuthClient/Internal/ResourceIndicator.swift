// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback

/// Resource indicators (RFC 8707 §2): checked, then sent as one `resource` parameter each.
enum ResourceIndicator {
    /// Each resource must be an absolute URI (a scheme) without a fragment (§2). A query is allowed, though
    /// the RFC says it SHOULD NOT be there.
    static func check(_ resources: [String]) throws(AuthClientError) {
        for resource in resources {
            guard let uri = try? URI(parsing: resource), !uri.scheme.isEmpty, uri.fragment == nil,
                !resource.utf8.contains(UInt8(ascii: "#"))
            else { throw .invalidResource(resource) }
        }
    }

    static func parameters(_ resources: [String]) -> [FormParameter] {
        resources.map { FormParameter(name: "resource", value: $0) }
    }
}
