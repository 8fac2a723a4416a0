// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthResourceServer

/// The principals of the requests in flight between `MCPResourceGuard` and the SDK's handlers, each under
/// a random 128-bit reference that travels in the forwarded request's header fields.
actor PrincipalRegistry {
    static let shared = PrincipalRegistry()

    private var principals: [String: AccessPrincipal] = [:]
    private var generator = SystemRandomNumberGenerator()

    func register(_ principal: AccessPrincipal) -> String {
        var reference: String
        repeat {
            reference = String(generator.next() as UInt64, radix: 16) + "." + String(generator.next() as UInt64, radix: 16)
        } while principals[reference] != nil
        principals[reference] = principal
        return reference
    }

    func principal(for reference: String) -> AccessPrincipal? {
        principals[reference]
    }

    func remove(_ reference: String) {
        principals[reference] = nil
    }
}
