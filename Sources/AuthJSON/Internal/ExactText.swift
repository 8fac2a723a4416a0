// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// JSON strings and member names are compared as their exact UTF-8 bytes (code points), never with
/// `String ==`, which applies Unicode canonical equivalence: RFC 7515 §5.2 compares names as code points,
/// and Embedded Swift does not link the Unicode tables `String ==` needs.
extension Hasher {
    mutating func combineExactly(_ text: String) {
        combine(text.utf8.count)
        for byte in text.utf8 { combine(byte) }
    }
}

/// A dictionary key that hashes and compares a string's exact bytes.
struct ExactKey: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combineExactly(text)
    }
}
