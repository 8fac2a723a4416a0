// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// One HTTP header field: a name, compared case-insensitively (RFC 9110 §5.1), and a value.
///
/// ```swift
/// let field = HeaderField(name: "Content-Type", value: "application/json")
/// field.hasName("content-type")   // true
/// ```
public struct HeaderField: Hashable, Sendable {
    /// The name as set.
    public var name: String
    /// The value.
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Whether this field's name is `other`, ignoring ASCII case.
    public func hasName(_ other: String) -> Bool {
        HTTPSyntax.equalsIgnoringASCIICase(name, other)
    }
}
