// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A deterministic random number generator for tests: the same seed gives the same sequence on every
/// platform and every run.
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 42)
/// let pkce = PKCE(using: &generator)      // the same verifier every run
/// ```
///
/// It is SplitMix64 (Steele, Lea and Flood, "Fast Splittable Pseudorandom Number Generators", 2014):
/// fast and well distributed, and completely predictable.
///
/// - Important: never use it outside tests. Anything generated with it, such as a verifier, state or
///   nonce, is guessable by anyone who knows the seed.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
