// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest

// RSASSA-PSS verification (RFC 8017 §8.1.2) with EMSA-PSS-VERIFY (§9.1.2) and MGF1 (Appendix B.2.1),
// the hash and MGF1's hash being the same, as RFC 7518 §3.5 requires for PS256, PS384 and PS512.
extension RSAPublicKey {
    /// RSASSA-PSS-VERIFY: whether `signature` is a PSS signature of the message whose `H` digest is
    /// `messageHash`, with a salt of exactly `saltLength` octets (JWS: the hash's length).
    ///
    /// Every step of §9.1.2 that can say "inconsistent" does; the salt length is fixed, never inferred from
    /// the padding.
    func isValidSignature<H: HashFunction>(
        _ signature: [UInt8], pss messageHash: H.Digest, using hash: H.Type, saltLength: Int
    ) -> Bool {
        // §8.1.2 step 2c: EM = I2OSP(m, emLen), emLen = ⌈(modBits − 1) / 8⌉; one octet shorter than k when
        // modBits − 1 is a multiple of 8, and then m's top octet must be zero.
        guard let image = publicImage(of: signature) else { return false }
        let emBits = modulusBits - 1
        let emLength = (emBits + 7) / 8
        let extra = image.count - emLength
        guard image.prefix(extra).allSatisfy({ $0 == 0 }) else { return false }
        let encoded = image.dropFirst(extra)
        return Self.isConsistentPSSEncoding(Array(encoded), emBits: emBits, messageHash: messageHash, using: hash, saltLength: saltLength)
    }

    /// EMSA-PSS-VERIFY (RFC 8017 §9.1.2), steps 3–14, for the encoded message `em` of `emBits` bits.
    static func isConsistentPSSEncoding<H: HashFunction>(
        _ em: [UInt8], emBits: Int, messageHash: H.Digest, using _: H.Type, saltLength: Int
    ) -> Bool {
        let hashLength = H.byteCount
        let emLength = em.count
        // Step 3: room for the hash, the salt, the 0x01 separator and the 0xbc trailer.
        guard saltLength >= 0, emLength >= hashLength + saltLength + 2 else { return false }
        // Step 4: the trailer field.
        guard em[emLength - 1] == 0xbc else { return false }
        // Step 5: maskedDB ‖ H ‖ 0xbc.
        let dbLength = emLength - hashLength - 1
        let maskedDB = em[..<dbLength]
        let h = Array(em[dbLength..<(emLength - 1)])
        // Step 6: the leftmost 8·emLen − emBits bits of maskedDB must be zero.
        let unusedBits = 8 * emLength - emBits
        let topMask = UInt8(truncatingIfNeeded: 0xff << (8 - unusedBits))
        guard maskedDB[0] & topMask == 0 else { return false }
        // Steps 7–9: DB = maskedDB ⊕ MGF1(H, emLen − hLen − 1), its unused top bits cleared.
        var db = mgf1(H.self, seed: h, length: dbLength)
        for index in 0..<dbLength { db[index] ^= maskedDB[index] }
        db[0] &= ~topMask
        // Step 10: PS (zeros) then 0x01.
        let paddingLength = emLength - hashLength - saltLength - 2
        guard db[..<paddingLength].allSatisfy({ $0 == 0 }), db[paddingLength] == 0x01 else { return false }
        // Steps 11–14: H' = Hash(0x00 × 8 ‖ mHash ‖ salt) must equal H.
        var hasher = H()
        hasher.update(data: [UInt8](repeating: 0, count: 8))
        messageHash.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        hasher.update(data: db[(dbLength - saltLength)...])
        return ConstantTime.isEqual(hasher.finalize(), h)
    }

    /// MGF1 (RFC 8017 Appendix B.2.1): Hash(seed ‖ C) for C = 0, 1, … as four big-endian octets, cut to
    /// `length` octets. One buffer holds seed ‖ C, hashed in one call per block, and each digest's bytes are
    /// copied in one piece: no array per counter (the PS256 mask is 7 SHA-256 blocks).
    static func mgf1<H: HashFunction>(_: H.Type, seed: [UInt8], length: Int) -> [UInt8] {
        var mask: [UInt8] = []
        mask.reserveCapacity(length + H.byteCount)
        var input = seed
        input.append(contentsOf: [0, 0, 0, 0])
        let counterOffset = seed.count
        var counter: UInt32 = 0
        while mask.count < length {
            input[counterOffset] = UInt8(truncatingIfNeeded: counter >> 24)
            input[counterOffset + 1] = UInt8(truncatingIfNeeded: counter >> 16)
            input[counterOffset + 2] = UInt8(truncatingIfNeeded: counter >> 8)
            input[counterOffset + 3] = UInt8(truncatingIfNeeded: counter)
            let digest = input.withUnsafeBytes { H.hash(bufferPointer: $0) }
            digest.withUnsafeBytes { mask.append(contentsOf: $0) }
            counter &+= 1
        }
        mask.removeLast(mask.count - length)
        return mask
    }
}
