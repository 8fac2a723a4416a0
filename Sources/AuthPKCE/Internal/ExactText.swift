// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Protocol values (method names, verifiers, states, nonces) are compared and hashed as their exact
/// UTF-8 bytes. `String`'s own `==` and hashing use Unicode canonical equivalence, which would make two
/// different byte strings equal, and need Unicode tables that Embedded Swift does not link.
extension Hasher {
    mutating func combineExactly(_ text: String) {
        combine(text.utf8.count)
        for byte in text.utf8 { combine(byte) }
    }
}

extension String {
    func isExactly(_ other: String) -> Bool {
        utf8.elementsEqual(other.utf8)
    }
}
