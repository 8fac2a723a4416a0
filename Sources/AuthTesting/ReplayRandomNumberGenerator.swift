// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A random number generator that returns given octets, to reproduce a published example exactly.
///
/// AuthFlow's generators take random octets eight at a time from `next()`, least significant byte
/// first. This double packs the octets you give it the same way, so the value generated from them is
/// the one the example shows:
///
/// ```swift
/// // RFC 7636 Appendix B: these 32 octets make the verifier "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk".
/// var generator = ReplayRandomNumberGenerator(octets: [116, 24, 223, 180, /* … */ 121])
/// let verifier = CodeVerifier(using: &generator)
/// ```
///
/// Asking for more than was given is a mistake in the test, so it stops the process with a message
/// that says where the generator was created and how many octets it had.
public struct ReplayRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private let octets: [UInt8]
    private var position = 0
    private let origin: String

    /// Creates a generator that replays `octets`, then fails loudly.
    public init(octets: [UInt8], fileID: StaticString = #fileID, line: UInt = #line) {
        self.octets = octets
        origin = "\(fileID):\(line)"
    }

    /// How many octets have not been handed out yet.
    public var remainingOctetCount: Int { octets.count - position }

    public mutating func next() -> UInt64 {
        guard position < octets.count else {
            fatalError(
                "ReplayRandomNumberGenerator created at \(origin) ran out: all \(octets.count) octets were used"
            )
        }
        var word: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) where position < octets.count {
            word |= UInt64(octets[position]) << UInt64(shift)
            position += 1
        }
        return word
    }
}
