// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import AuthJWT
import AuthTesting

/// The signers the check can time: the shipped one, and two that leak on purpose, to show the check can
/// see a leak (a test that cannot fail proves nothing).
enum TimingSigner: String, CaseIterable {
    /// `P256PrivateKey`: what ships.
    case real
    /// AuthTesting's ES256 test signer, variable time by design (its comb skips zero digits of k and it
    /// inverts k with a variable-time algorithm).
    case vartime
    /// `P256PrivateKey` after an early-exit scan of the key's bytes (a `memcmp`-style zero check with a
    /// little work per byte): a leak of a few hundred nanoseconds, under 1% of a signature.
    case earlyExit = "early-exit"

    /// The pairs of classes to compare, with an input for each measurement of `order` (true: the fixed
    /// class). Every input, fixed or random, is its own copy in one array in measurement order, so both
    /// classes read memory the same way: reading the one fixed input, always in cache, against random
    /// inputs spread over megabytes, is itself a difference of tens of nanoseconds (measured: |t| ≈ 5).
    func pairs(order: [Bool]) -> [TimingPair] {
        var generator = SystemRandomNumberGenerator()
        func randomBytes() -> [UInt8] { (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        var one = [UInt8](repeating: 0, count: 32)
        one[31] = 1
        let keys = (0..<64).map { _ in P256PrivateKey.generate(using: &generator) }
        let fixedKey = keys[0]
        // 64 keys with d = 1, each with its own storage, as the 64 random keys have: the class is the value of
        // d, not how many objects the signer touches (one hot object against 64 was worth |t| ≈ 4.6 alone).
        let ones = (0..<64).compactMap { _ in try? P256PrivateKey(rawRepresentation: one.map { $0 }) }
        guard ones.count == 64 else { fatalError("d = 1 is a valid P-256 key") }
        let fixedDigest = SHA256.hash(data: Array("a fixed message".utf8))
        let hash = Array(fixedDigest)
        // Fresh arrays (`map` copies the bytes; `Array(one)` would share one buffer).
        let nonces = order.map { $0 ? one.map { $0 } : randomBytes() }
        switch self {
        case .real:
            let signings = order.map { isFixed in
                (
                    (isFixed ? ones : keys)[Int.random(in: 0..<64, using: &generator)],
                    isFixed ? fixedDigest : SHA256.hash(data: randomBytes())
                )
            }
            return [
                TimingPair(name: "keys", summary: "d = 1 signing one message / 64 random keys signing random messages") { step in
                    signings[step].0.signature(forDigest: signings[step].1)[63]
                },
                TimingPair(name: "nonce", summary: "one key and message, nonce k = 1 / random nonces k") { step in
                    fixedKey.signature(hash: hash, nonce: nonces[step], lowS: true)?[63] ?? 0
                },
            ]
        case .vartime:
            guard let testKey = TestSigningKey.es256(privateKey: fixedKey.rawRepresentation) else { fatalError("a generated key is valid") }
            let message = Array("a fixed message, 32 bytes long..".utf8)
            return [
                TimingPair(name: "nonce", summary: "AuthTesting's variable-time signer, one key and message, k = 1 / random k") { step in
                    var nonce = NonceReplay(bigEndian: nonces[step])
                    return testKey.signature(of: message, using: &nonce)[63]
                }
            ]
        case .earlyExit:
            let signings = order.map { isFixed in
                (
                    (isFixed ? ones : keys)[Int.random(in: 0..<64, using: &generator)],
                    isFixed ? fixedDigest : SHA256.hash(data: randomBytes())
                )
            }
            return [
                TimingPair(name: "keys", summary: "d = 1 / random keys, each after an early-exit scan of its bytes") { step in
                    let (key, digest) = signings[step]
                    return key.signature(forDigest: digest)[63] &+ Self.leadingZeroBytes(key.rawRepresentation)
                }
            ]
        }
    }

    /// How many bytes lead with zero, stopping at the first that does not (the early exit), with a few
    /// nanoseconds of mixing per zero byte: d = 1 has 31, a random key almost always none, so the leak is a
    /// few hundred nanoseconds, under 1% of a signature.
    @inline(never)
    static func leadingZeroBytes(_ bytes: [UInt8]) -> UInt8 {
        var count: UInt8 = 0
        var mixed: UInt64 = 0x9e37_79b9_7f4a_7c15
        for byte in bytes {
            if byte != 0 { break }
            count &+= 1
            // xorshift-multiply rounds: no closed form for the optimiser to fold the loop into.
            for _ in 0..<8 { mixed = (mixed ^ (mixed >> 29)) &* 0xbf58_476d_1ce4_e5b9 }
        }
        return count &+ UInt8(truncatingIfNeeded: mixed >> 56)
    }
}

/// A generator that gives AuthTesting's signer the nonce k we chose: it draws k as four words whose
/// little-endian bytes, in order, are k's big-endian bytes.
struct NonceReplay: RandomNumberGenerator {
    private var words: [UInt64]
    private var position = 0

    init(bigEndian k: [UInt8]) {
        words = (0..<4).map { word in k[(word * 8)..<(word * 8 + 8)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
    }

    mutating func next() -> UInt64 {
        defer { position = (position + 1) & 3 }
        return words[position]
    }
}
