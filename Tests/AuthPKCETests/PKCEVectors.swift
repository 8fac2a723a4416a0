// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import TestVectors

/// The RFC 7636 Appendix B example, under the name the PKCE suites use.
typealias AppendixB = RFC7636AppendixB

/// The Python-computed challenges of `Python/pkce-s256-random.json`.
struct PythonChallenges: Decodable {
    struct Case: Decodable {
        let verifier: String
        let challenge: String
    }
    let cases: [Case]

    static func load() throws -> PythonChallenges {
        try Vectors.json("Python/pkce-s256-random.json")
    }
}
