// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthPKCE
import TestVectors
import Testing

@Suite("CodeChallengeMethod")
struct CodeChallengeMethodTests {
    @Test("names S256 and plain exactly as RFC 7636 §4.2 spells them")
    func rawValues() {
        #expect(CodeChallengeMethod.s256.rawValue == "S256")
        #expect(CodeChallengeMethod.plain.rawValue == "plain")
        #expect(CodeChallengeMethod(rawValue: "S256") == .s256)
        #expect("\(CodeChallengeMethod.s256)" == "S256")
    }

    @Test("compares names as exact bytes: case and Unicode normalization both matter")
    func exactComparison() {
        #expect(CodeChallengeMethod(rawValue: "s256") != .s256)
        #expect(CodeChallengeMethod(rawValue: "PLAIN") != .plain)
        // "é" precomposed and decomposed are canonically equivalent Strings but different bytes.
        #expect("\u{e9}" == "e\u{301}")
        #expect(CodeChallengeMethod(rawValue: "\u{e9}") != CodeChallengeMethod(rawValue: "e\u{301}"))
        #expect(Set([CodeChallengeMethod(rawValue: "\u{e9}"), CodeChallengeMethod(rawValue: "e\u{301}")]).count == 2)
    }
}
