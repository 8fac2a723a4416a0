// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import Foundation
import TestVectors
import Testing

@Suite("SHA384 and SHA512")
struct SHA512Tests {
    struct RandomCases: Decodable {
        struct Case: Decodable {
            let length: Int
            let message: String
            let sha384: String
            let sha512: String
        }
        let cases: [Case]
    }

    static func hex<H: HashFunction>(_: H.Type, _ message: [UInt8]) -> String {
        Vectors.hexString(H.hash(data: message))
    }

    @Test(
        "matches every NIST CAVP SHA384/SHA512 ShortMsg and LongMsg vector",
        arguments: [
            ("NIST/SHA384ShortMsg.rsp", 129), ("NIST/SHA384LongMsg.rsp", 128),
            ("NIST/SHA512ShortMsg.rsp", 129), ("NIST/SHA512LongMsg.rsp", 128),
        ]
    )
    func nistMessages(file: String, count: Int) throws {
        let vectors = try SHA256Tests.nistMessages(file)
        #expect(vectors.count == count)
        for vector in vectors {
            let actual = file.contains("384") ? Self.hex(SHA384.self, vector.message) : Self.hex(SHA512.self, vector.message)
            #expect(actual == vector.digest, "length \(vector.message.count)")
        }
    }

    /// SHAVS §6.4: MD0 = MD1 = MD2 = Seed; MDi = SHA(MDi-3 || MDi-2 || MDi-1) for i = 3...1002; 100 checkpoints.
    /// Shared with `SHA256Tests`.
    static func monteCarlo<H: HashFunction>(_: H.Type, file: String) async throws {
        let records = try Vectors.nistRecords(file)
        var seed = try Vectors.bytes(hex: try #require(records.first?["Seed"]))
        let checkpoints = records.compactMap { $0["MD"] }
        #expect(checkpoints.count == 100)
        for expected in checkpoints {
            var window = [seed, seed, seed]
            for _ in 3...1002 {
                let next = Array(H.hash(data: window[0] + window[1] + window[2]))
                window = [window[1], window[2], next]
            }
            seed = window[2]
            #expect(Vectors.hexString(seed) == expected)
            await Task.yield()  // a long CPU-bound loop: let the tests that wait on sockets and clocks run
        }
    }

    @Test("passes the NIST CAVP SHA-384 Monte Carlo test")
    func sha384MonteCarlo() async throws {
        try await Self.monteCarlo(SHA384.self, file: "NIST/SHA384Monte.rsp")
    }

    @Test("passes the NIST CAVP SHA-512 Monte Carlo test")
    func sha512MonteCarlo() async throws {
        try await Self.monteCarlo(SHA512.self, file: "NIST/SHA512Monte.rsp")
    }

    @Test("matches Python hashlib for every length from 0 to 300 bytes and longer messages")
    func pythonRandomLengths() throws {
        let vectors = try Vectors.json("Python/sha384-sha512-random.json", as: RandomCases.self)
        #expect(vectors.cases.count > 300)
        for vector in vectors.cases {
            let message = try Vectors.bytes(hex: vector.message)
            #expect(message.count == vector.length)
            #expect(SHA384.hash(data: message).hexString == vector.sha384, "length \(vector.length)")
            #expect(SHA512.hash(data: message).hexString == vector.sha512, "length \(vector.length)")
        }
    }

    /// Streams `message` split at `split`, byte by byte, without contiguous storage and through a buffer
    /// (shared with `SHA256Tests`).
    static func streamedDigests<H: HashFunction>(_: H.Type, _ message: [UInt8], split: Int) -> [String] {
        var hasher = H()
        hasher.update(data: message[..<split])
        hasher.update(data: message[split...])
        var bytewise = H()
        for byte in message { bytewise.update(data: CollectionOfOne(byte)) }
        var nonContiguous = H()
        nonContiguous.update(data: SHA256Tests.NonContiguous(bytes: message))
        let viaBuffer = message.withUnsafeBytes { H.hash(bufferPointer: $0) }
        return [hasher.finalize(), bytewise.finalize(), nonContiguous.finalize(), viaBuffer].map { Vectors.hexString($0) }
    }

    @Test(
        "gives the hashlib digest at each padding boundary, however the message is split",
        arguments: [0, 1, 111, 112, 113, 127, 128, 129, 239, 240, 255, 256, 257, 1023, 1024, 1025]
    )
    func boundariesAndSplits(length: Int) throws {
        let vectors = try Vectors.json("Python/sha384-sha512-random.json", as: RandomCases.self)
        let vector = try #require(vectors.cases.first { $0.length == length })
        let message = try Vectors.bytes(hex: vector.message)
        for split in Set([0, 1, 111, 112, 127, 128, 129, length / 2, length]) where split <= length {
            for digest in Self.streamedDigests(SHA384.self, message, split: split) {
                #expect(digest == vector.sha384, "split at \(split)")
            }
            for digest in Self.streamedDigests(SHA512.self, message, split: split) {
                #expect(digest == vector.sha512, "split at \(split)")
            }
        }
    }

    @Test("finalize leaves the hasher usable, so a running digest can be read and continued")
    func finalizeDoesNotConsume() throws {
        let vectors = try Vectors.json("Python/sha384-sha512-random.json", as: RandomCases.self)
        let whole = try #require(vectors.cases.first { $0.length == 300 })
        let message = try Vectors.bytes(hex: whole.message)
        var hasher = SHA512()
        hasher.update(data: message[..<200])
        _ = hasher.finalize()
        hasher.update(data: message[200...])
        #expect(hasher.finalize().hexString == whole.sha512)
    }

    @Test("digests round-trip through hex and bytes, compare by value and refuse other lengths")
    func digestValues() throws {
        let digest = SHA512.hash(data: "abc".utf8)
        #expect(digest.count == 64)
        #expect(try SHA512Digest(hexString: digest.hexString) == digest)
        #expect(try SHA512Digest(bytes: Array(digest)) == digest)
        #expect(SHA512.hash(data: "abd".utf8) != digest)
        #expect(Set([digest, try SHA512Digest(bytes: Array(digest))]).count == 1)
        #expect(digest.description == digest.hexString)
        let short = SHA384.hash(data: "abc".utf8)
        #expect(short.count == 48)
        #expect(try SHA384Digest(hexString: short.hexString) == short)
        #expect(throws: AuthDigestError.invalidDigestLength(expected: 48, actual: 64)) { try SHA384Digest(bytes: Array(digest)) }
        #expect(throws: AuthDigestError.invalidDigestLength(expected: 64, actual: 48)) { try SHA512Digest(bytes: Array(short)) }
    }
}
