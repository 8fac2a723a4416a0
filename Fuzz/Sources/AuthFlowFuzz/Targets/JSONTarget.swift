// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

extension FuzzTarget {
    /// JSON (RFC 8259) is the format of every token response, discovery document, JWK Set and JWT part.
    static let json = FuzzTarget(
        name: "json",
        checks: "AuthJSON parses or refuses; what it parses serializes, compact and pretty, to text that parses back equal"
    ) { bytes in
        guard let value = try? JSONValue(parsing: bytes) else { return }
        let roomy = JSONValue.ParsingOptions(maximumInputSize: 64 << 20, maximumDepth: JSONValue.ParsingOptions.maximumSupportedDepth)
        let compact = value.serialized()
        guard let again = try? JSONValue(parsing: compact, options: roomy) else {
            violated("the compact serialization of a parsed value does not parse")
        }
        check(again == value, "parse → serialize → parse changed the value")
        check(again.serialized() == compact, "serializing is not stable across a round trip")
        guard let pretty = try? JSONValue(parsing: value.serialized(pretty: true), options: roomy) else {
            violated("the pretty serialization of a parsed value does not parse")
        }
        check(pretty == value, "the pretty serialization parses to another value")
    }
}
