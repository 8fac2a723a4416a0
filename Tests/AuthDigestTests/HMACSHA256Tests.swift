// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import TestVectors
import Testing

@Suite("HMACSHA256")
struct HMACSHA256Tests {
    struct RandomCases: Decodable {
        struct Case: Decodable {
            let key: String
            let message: String
            let mac: String
        }
        let cases: [Case]
    }

    @Test("matches the RFC 4231 test cases")
    func rfc4231() throws {
        let records = try Vectors.nistRecords("RFC/rfc4231-hmac-sha256.txt")
        #expect(records.count == 6)
        for record in records {
            let key = try Vectors.bytes(hex: try #require(record["Key"]))
            let message = try Vectors.bytes(hex: try #require(record["Msg"]))
            let expected = try #require(record["MD"])
            #expect(HMACSHA256.authenticationCode(for: message, key: key).hexString == expected)
        }
    }

    @Test("matches Python hmac for keys shorter than, equal to and longer than the 64-byte block")
    func pythonRandomKeys() throws {
        let vectors = try Vectors.json("Python/hmac-sha256-random.json", as: RandomCases.self)
        #expect(vectors.cases.count == 84)
        for vector in vectors.cases {
            let key = try Vectors.bytes(hex: vector.key)
            let message = try Vectors.bytes(hex: vector.message)
            #expect(
                HMACSHA256.authenticationCode(for: message, key: key).hexString == vector.mac,
                "key \(key.count) bytes, message \(message.count) bytes"
            )
            var streamed = HMACSHA256(key: AnySequence(key))  // a key without contiguous storage
            streamed.update(data: message.prefix(message.count / 2))
            message.suffix(from: message.count / 2).withUnsafeBytes { streamed.update(bufferPointer: $0) }
            #expect(streamed.finalize().hexString == vector.mac)
        }
    }

    @Test("accepts the right MAC and rejects a changed, shortened or lengthened one")
    func validation() {
        let key = Array("key".utf8)
        let message = Array("The quick brown fox jumps over the lazy dog".utf8)
        // Expected value computed with Python: hmac.new(b"key", message, hashlib.sha256).hexdigest().
        let mac = HMACSHA256.authenticationCode(for: message, key: key)
        #expect(mac.hexString == "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8")
        #expect(HMACSHA256.isValidAuthenticationCode(Array(mac), authenticating: message, key: key))
        var changed = Array(mac)
        changed[31] ^= 0x80
        #expect(!HMACSHA256.isValidAuthenticationCode(changed, authenticating: message, key: key))
        #expect(!HMACSHA256.isValidAuthenticationCode(Array(mac).dropLast(), authenticating: message, key: key))
        #expect(!HMACSHA256.isValidAuthenticationCode(Array(mac) + [0], authenticating: message, key: key))
        #expect(!HMACSHA256.isValidAuthenticationCode([], authenticating: message, key: key))
    }

    @Test("never shows key-derived state in its description or reflection")
    func redaction() {
        let hmac = HMACSHA256(key: Array("secret-key".utf8))
        #expect(hmac.description == "HMACSHA256(<redacted>)")
        #expect(String(reflecting: hmac) == "HMACSHA256(<redacted>)")
        var dumped = ""
        dump(hmac, to: &dumped)
        #expect(!dumped.contains("state") && !dumped.contains("h0"))
        #expect(Mirror(reflecting: hmac).children.isEmpty)
    }
}
