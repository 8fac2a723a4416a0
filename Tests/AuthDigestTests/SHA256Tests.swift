// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import Foundation
import TestVectors
import Testing

@Suite("SHA256")
struct SHA256Tests {
    struct RandomCases: Decodable {
        struct Case: Decodable {
            let length: Int
            let message: String
            let digest: String
        }
        let cases: [Case]
    }

    struct FIPSExamples: Decodable {
        struct Case: Decodable {
            let message: String
            let `repeat`: Int
            let digest: String
        }
        let cases: [Case]
    }

    /// A sequence with no contiguous storage, to exercise the byte-by-byte path of `update(data:)`.
    struct NonContiguous: Sequence {
        let bytes: [UInt8]
        func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }
    }

    static func nistMessages(_ file: String) throws -> [(message: [UInt8], digest: String)] {
        try Vectors.nistRecords(file).compactMap { record in
            guard let length = record["Len"].flatMap(Int.init), let message = record["Msg"],
                let digest = record["MD"]
            else { return nil }
            // A zero-length message is written as "00" in CAVP files.
            return (length == 0 ? [] : try Vectors.bytes(hex: message), digest)
        }
    }

    @Test(
        "matches every NIST CAVP SHA256ShortMsg and SHA256LongMsg vector",
        arguments: [("NIST/SHA256ShortMsg.rsp", 65), ("NIST/SHA256LongMsg.rsp", 64)]
    )
    func nistMessages(file: String, count: Int) throws {
        let vectors = try Self.nistMessages(file)
        #expect(vectors.count == count)
        for vector in vectors {
            #expect(SHA256.hash(data: vector.message).hexString == vector.digest, "length \(vector.message.count)")
        }
    }

    @Test("passes the NIST CAVP SHA-256 Monte Carlo test")
    func nistMonteCarlo() async throws {
        try await SHA512Tests.monteCarlo(SHA256.self, file: "NIST/SHA256Monte.rsp")
    }

    @Test("matches the FIPS 180-2 examples, one million 'a' included")
    func fipsExamples() throws {
        let examples = try Vectors.json("RFC/fips180-examples.json", as: FIPSExamples.self)
        for example in examples.cases {
            var hasher = SHA256()
            for _ in 0..<example.repeat { hasher.update(data: example.message.utf8) }
            #expect(hasher.finalize().hexString == example.digest)
        }
    }

    @Test("matches Python hashlib for every length from 0 to 200 bytes and longer messages")
    func pythonRandomLengths() throws {
        let vectors = try Vectors.json("Python/sha256-random.json", as: RandomCases.self)
        #expect(vectors.cases.count > 200)
        for vector in vectors.cases {
            let message = try Vectors.bytes(hex: vector.message)
            #expect(message.count == vector.length)
            #expect(SHA256.hash(data: message).hexString == vector.digest, "length \(vector.length)")
        }
    }

    @Test(
        "gives the hashlib digest at each padding boundary, however the message is split",
        arguments: [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1023, 1024, 1025]
    )
    func boundariesAndSplits(length: Int) throws {
        let vectors = try Vectors.json("Python/sha256-random.json", as: RandomCases.self)
        let vector = try #require(vectors.cases.first { $0.length == length })
        let message = try Vectors.bytes(hex: vector.message)
        for split in Set([0, 1, 55, 56, 63, 64, 65, length / 2, length]) where split <= length {
            // Split in two, byte by byte, without contiguous storage and through a raw buffer.
            for digest in SHA512Tests.streamedDigests(SHA256.self, message, split: split) {
                #expect(digest == vector.digest, "split at \(split)")
            }
        }
    }

    struct MebibyteCases: Decodable {
        struct Case: Decodable {
            let length: Int
            let digest: String
        }
        let cases: [Case]
    }

    @Test("matches Python hashlib for 1 MiB - 1, 1 MiB and 1 MiB + 1, in one call and streamed in odd pieces")
    func mebibyteLengths() throws {
        let vectors = try Vectors.json("Python/sha256-mebibyte.json", as: MebibyteCases.self)
        #expect(vectors.cases.map(\.length) == [(1 << 20) - 1, 1 << 20, (1 << 20) + 1])
        for vector in vectors.cases {
            // The generator's message: byte i is (131 i + 7) mod 256.
            let message = (0..<vector.length).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
            #expect(SHA256.hash(data: message).hexString == vector.digest, "length \(vector.length)")
            var hasher = SHA256()
            var start = 0
            for piece in [1, 63, 1000, 4099, 65537].cycled(until: message.count) {
                let end = min(start + piece, message.count)
                hasher.update(data: message[start..<end])
                start = end
            }
            #expect(start == message.count)
            #expect(hasher.finalize().hexString == vector.digest, "streamed, length \(vector.length)")
        }
    }

    @Test("finalize leaves the hasher usable, so a running digest can be read and continued")
    func finalizeDoesNotConsume() {
        var hasher = SHA256()
        hasher.update(data: "ab".utf8)
        let partial = hasher.finalize()
        hasher.update(data: "c".utf8)
        #expect(partial == SHA256.hash(data: "ab".utf8))
        #expect(hasher.finalize().hexString == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("hashes a String's UTF-8 and an equal byte array to the same digest")
    func stringAndBytesAgree() {
        let text = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        #expect(SHA256.hash(data: text.utf8) == SHA256.hash(data: Array(text.utf8)))
        #expect(SHA256.hash(data: text.utf8) == SHA256.hash(data: Substring(text).utf8))
    }
}

extension Array where Element == Int {
    /// The elements repeated in order until their sum reaches `total` (the last may overshoot).
    fileprivate func cycled(until total: Int) -> [Int] {
        var pieces: [Int] = []
        var sum = 0
        while sum < total {
            let piece = self[pieces.count % count]
            pieces.append(piece)
            sum += piece
        }
        return pieces
    }
}
