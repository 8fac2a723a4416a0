// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import Testing

@Suite("SHA256Digest")
struct SHA256DigestTests {
    let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

    @Test("prints as the 64 lowercase hex digits sha256sum prints")
    func description() {
        let digest = SHA256.hash(data: "abc".utf8)
        #expect(digest.description == abc)
        #expect("\(digest)" == abc)
        #expect(digest.hexString == abc)
    }

    @Test("is a collection of its 32 bytes")
    func collection() {
        let digest = SHA256.hash(data: "abc".utf8)
        #expect(digest.count == 32)
        #expect(digest.first == 0xba)
        #expect(digest.last == 0xad)
        #expect(digest[1] == 0x78)
        #expect(Array(digest).count == 32)
        digest.withUnsafeBytes { #expect($0.count == 32 && $0[31] == 0xad) }
    }

    @Test("round-trips through hex text in either case")
    func hexRoundTrip() throws {
        let digest = SHA256.hash(data: "abc".utf8)
        #expect(try SHA256Digest(hexString: abc) == digest)
        #expect(try SHA256Digest(hexString: abc.uppercased()) == digest)
        #expect(try SHA256Digest(bytes: Array(digest)) == digest)
    }

    @Test("refuses a byte string that is not 32 bytes, saying both lengths")
    func wrongLength() {
        #expect(throws: AuthDigestError.invalidDigestLength(expected: 32, actual: 31)) {
            try SHA256Digest(bytes: [UInt8](repeating: 0, count: 31))
        }
        #expect(throws: AuthDigestError.invalidDigestLength(expected: 32, actual: 33)) {
            try SHA256Digest(bytes: [UInt8](repeating: 0, count: 33))
        }
        #expect(throws: AuthDigestError.invalidDigestLength(expected: 32, actual: 31)) {
            try SHA256Digest(hexString: String(repeating: "ab", count: 31))
        }
        #expect(throws: AuthDigestError.invalidHexCharacter(offset: 3)) {
            try SHA256Digest(hexString: "abcg")
        }
    }

    @Test("is equal only to a digest with every byte the same, and hashes consistently")
    func equalityAndHashing() throws {
        let digest = SHA256.hash(data: "abc".utf8)
        for position in 0..<32 {
            var bytes = Array(digest)
            bytes[position] ^= 0x01
            #expect(try SHA256Digest(bytes: bytes) != digest, "differs at byte \(position)")
        }
        let set: Set = [digest, SHA256.hash(data: "abc".utf8), SHA256.hash(data: "abd".utf8)]
        #expect(set.count == 2)
    }
}
