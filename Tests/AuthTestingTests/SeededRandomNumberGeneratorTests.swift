// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthTesting
import TestVectors
import Testing

@Suite("SeededRandomNumberGenerator")
struct SeededRandomNumberGeneratorTests {
    struct Cases: Decodable {
        struct Case: Decodable {
            let seed: UInt64
            let outputs: [String]
        }
        let cases: [Case]
    }

    @Test("produces the SplitMix64 reference sequence for each seed")
    func splitMix64() throws {
        let vectors = try Vectors.json("Python/splitmix64.json", as: Cases.self)
        for vector in vectors.cases {
            var generator = SeededRandomNumberGenerator(seed: vector.seed)
            let outputs = (0..<vector.outputs.count).map { _ in String(generator.next()) }
            #expect(outputs == vector.outputs, "seed \(vector.seed)")
        }
    }
}
