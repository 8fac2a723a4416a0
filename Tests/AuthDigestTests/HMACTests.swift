// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import TestVectors
import Testing

@Suite("HMACSHA384 and HMACSHA512")
struct HMACTests {
    struct RandomCases: Decodable {
        struct Case: Decodable {
            let key: String
            let message: String
            let sha384: String
            let sha512: String
        }
        let cases: [Case]
    }

    static func code<H: HashFunction>(_: H.Type, _ message: [UInt8], key: [UInt8]) -> String {
        Vectors.hexString(HMAC<H>.authenticationCode(for: message, key: key))
    }

    @Test(
        "matches the RFC 4231 test cases for SHA-384 and SHA-512",
        arguments: ["RFC/rfc4231-hmac-sha384.txt", "RFC/rfc4231-hmac-sha512.txt"]
    )
    func rfc4231(file: String) throws {
        let records = try Vectors.nistRecords(file)
        #expect(records.count == 6)
        for record in records {
            let key = try Vectors.bytes(hex: try #require(record["Key"]))
            let message = try Vectors.bytes(hex: try #require(record["Msg"]))
            let expected = try #require(record["MD"])
            let actual = file.contains("384") ? Self.code(SHA384.self, message, key: key) : Self.code(SHA512.self, message, key: key)
            #expect(actual == expected)
        }
    }

    @Test("matches Python hmac for keys shorter than, equal to and longer than the 128-byte block, streamed too")
    func pythonRandomKeys() throws {
        let vectors = try Vectors.json("Python/hmac-sha384-sha512-random.json", as: RandomCases.self)
        #expect(vectors.cases.count == 91)
        for vector in vectors.cases {
            let key = try Vectors.bytes(hex: vector.key)
            let message = try Vectors.bytes(hex: vector.message)
            #expect(Self.code(SHA384.self, message, key: key) == vector.sha384, "key \(key.count), message \(message.count)")
            #expect(Self.code(SHA512.self, message, key: key) == vector.sha512, "key \(key.count), message \(message.count)")
            var streamed = HMACSHA512(key: AnySequence(key))  // a key without contiguous storage
            streamed.update(data: message.prefix(message.count / 2))
            message.suffix(from: message.count / 2).withUnsafeBytes { streamed.update(bufferPointer: $0) }
            #expect(Vectors.hexString(streamed.finalize()) == vector.sha512)
        }
    }

    @Test("accepts the right MAC and rejects a changed, shortened or lengthened one")
    func validation() throws {
        let vectors = try Vectors.json("Python/hmac-sha384-sha512-random.json", as: RandomCases.self)
        let vector = try #require(vectors.cases.last)
        let key = try Vectors.bytes(hex: vector.key)
        let message = try Vectors.bytes(hex: vector.message)
        let mac = try Vectors.bytes(hex: vector.sha384)
        #expect(HMACSHA384.isValidAuthenticationCode(mac, authenticating: message, key: key))
        #expect(!HMACSHA384.isValidAuthenticationCode(mac.dropLast(), authenticating: message, key: key))
        #expect(!HMACSHA384.isValidAuthenticationCode(mac + [0], authenticating: message, key: key))
        var changed = mac
        changed[47] ^= 1
        #expect(!HMACSHA384.isValidAuthenticationCode(changed, authenticating: message, key: key))
        #expect(!HMACSHA512.isValidAuthenticationCode(mac, authenticating: message, key: key))
    }

    @Test("never shows key-derived state")
    func redacted() {
        let hmac = HMACSHA512(key: Array("secret-key".utf8))
        #expect(hmac.description == "HMACSHA512(<redacted>)")
        #expect(String(reflecting: HMACSHA384(key: [1])) == "HMACSHA384(<redacted>)")
        #expect(dumped(hmac).contains("secret") == false)
    }
}
