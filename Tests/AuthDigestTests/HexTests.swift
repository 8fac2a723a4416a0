// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import TestVectors
import Testing

@Suite("Hex")
struct HexTests {
    @Test("encodes and decodes the RFC 4648 §10 BASE16 vectors")
    func rfc4648() throws {
        let vectors = try RFC4648Vectors.load()
        for vector in vectors.base16 {
            #expect(Hex.encode(vector.text.utf8) == vector.encoded.lowercased())
            #expect(try Hex.decode(vector.encoded) == Array(vector.text.utf8))
            #expect(try Hex.decode(vector.encoded.lowercased()) == Array(vector.text.utf8))
        }
    }

    @Test("reports the offset of the first character that is not a hex digit")
    func invalidCharacter() {
        #expect(throws: AuthDigestError.invalidHexCharacter(offset: 1)) { try Hex.decode("0x00") == [] }
        #expect(throws: AuthDigestError.invalidHexCharacter(offset: 0)) { try Hex.decode("-1") == [] }
        #expect(throws: AuthDigestError.invalidHexCharacter(offset: 2)) { try Hex.decode("ab cd") == [] }
        #expect(throws: AuthDigestError.invalidHexCharacter(offset: 2)) { try Hex.decode("abé0") == [] }
    }

    @Test("refuses an odd number of digits")
    func oddLength() {
        #expect(throws: AuthDigestError.oddHexLength(count: 3)) { try Hex.decode("abc") == [] }
    }

    @Test("describes errors with a stable code and without the input")
    func errorDescriptions() {
        let error = AuthDigestError.invalidHexCharacter(offset: 7)
        #expect(error.code == 1001)
        #expect(error.description.contains("offset 7"))
        #expect(AuthDigestError.oddHexLength(count: 3).code == 1002)
        #expect(AuthDigestError.invalidDigestLength(expected: 32, actual: 1).code == 1003)
    }
}
