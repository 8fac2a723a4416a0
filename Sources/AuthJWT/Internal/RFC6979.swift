// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest

/// Deterministic ECDSA nonces for P-256 with HMAC-SHA256 (RFC 6979 §3.2), optionally hedged with extra
/// randomness (RFC 6979 §3.6: the additional data is appended to the private key and hash in steps d and
/// f). `package` so the tests can compare k with RFC 6979 §A.2.5.
///
/// qlen = hlen = 256, so bits2int is the big-endian integer of the 32 octets and bits2octets(h1) is
/// int2octets(h1 mod q). Candidates outside [1, q − 1] are rejected and the next one drawn (step h.3);
/// that happens with probability below 2⁻³², and which candidate is accepted is not otherwise revealed.
package struct RFC6979: Sendable {
    private var key: [UInt8]
    private var value: [UInt8]

    /// Steps a–g for private key `x` (32 octets), message hash `h1` (32 octets) and optional extra data.
    package init(privateKey x: [UInt8], hash h1: [UInt8], extraData: [UInt8] = []) {
        let order = P256PublicKey.scalars.modulus
        let reduced = U256(bigEndian: h1).reducedOnce(modulo: order)
        let hashOctets = MontgomeryModulus.bigEndianBytes(reduced.limbs, byteCount: 32)
        value = [UInt8](repeating: 0x01, count: 32)
        key = [UInt8](repeating: 0x00, count: 32)
        key = Self.hmac(key, value + [0x00] + x + hashOctets + extraData)
        value = Self.hmac(key, value)
        key = Self.hmac(key, value + [0x01] + x + hashOctets + extraData)
        value = Self.hmac(key, value)
    }

    /// Step h: the next candidate k in [1, q − 1], as 32 big-endian octets.
    package mutating func next() -> [UInt8] {
        let order = P256PublicKey.scalars.modulus
        while true {
            value = Self.hmac(key, value)
            // Only whether the candidate is in range is branched on (a rejection is public: RFC 6979 §3.2).
            if U256(bigEndian: value).inRangeMask(below: order) != 0 { return value }
            key = Self.hmac(key, value + [0x00])
            value = Self.hmac(key, value)
        }
    }

    /// The nonce after `next()` has been used once: prepares for another candidate (step h.3), for the
    /// rare r = 0 or s = 0.
    package mutating func reject() {
        key = Self.hmac(key, value + [0x00])
        value = Self.hmac(key, value)
    }

    private static func hmac(_ key: [UInt8], _ data: [UInt8]) -> [UInt8] {
        Array(HMACSHA256.authenticationCode(for: data, key: key))
    }
}
