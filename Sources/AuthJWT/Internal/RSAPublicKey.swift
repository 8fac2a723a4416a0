// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest

/// An RSA public key for RSASSA-PKCS1-v1_5 (RFC 8017 §8.2.2, RFC 7518 §3.3) and RSASSA-PSS (RFC 8017 §8.1.2,
/// RFC 7518 §3.5) verification with SHA-256, SHA-384 or SHA-512.
package struct RSAPublicKey: Sendable {
    static let minimumBits = 2048
    static let maximumBits = 4096

    let modulusByteCount: Int
    let modulusBits: Int
    let exponent: [UInt8]
    let context: MontgomeryModulus

    /// The largest public exponent accepted, in bits: BoringSSL's limit (`kMaxExponentBits`). Verification
    /// costs one modular multiplication per exponent bit, so a huge exponent (which no real key has; they
    /// use 65537) would make each verification cost what an attacker chooses.
    static let maximumExponentBits = 33

    /// Validates and prepares a key: a 2048–4096-bit odd modulus (RFC 7518 §3.3 requires at least 2048)
    /// and an odd public exponent with 3 ≤ e < 2³³ (so e < n).
    init(modulus: [UInt8], exponent: [UInt8], keyID: String?) throws(AuthJWTError) {
        guard let first = modulus.first, first != 0 else {
            throw .invalidKey(keyID: keyID, reason: "the RSA modulus is empty or has leading zero octets")
        }
        let bits = modulus.count * 8 - first.leadingZeroBitCount
        guard bits >= Self.minimumBits else { throw .keyTooShort(bits: bits, minimum: Self.minimumBits) }
        guard bits <= Self.maximumBits else {
            throw .invalidKey(keyID: keyID, reason: "RSA moduli over \(Self.maximumBits) bits are not supported")
        }
        guard let context = MontgomeryModulus(bigEndian: modulus) else {
            throw .invalidKey(keyID: keyID, reason: "the RSA modulus is even")
        }
        let trimmed = Array(exponent.drop { $0 == 0 })
        guard let last = trimmed.last, last & 1 == 1, trimmed.count > 1 || last >= 3 else {
            throw .invalidKey(keyID: keyID, reason: "the RSA public exponent must be odd and at least 3")
        }
        let exponentBits = trimmed.count * 8 - trimmed[0].leadingZeroBitCount
        guard exponentBits <= Self.maximumExponentBits else {
            throw .rsaExponentTooLarge(keyID: keyID, bits: exponentBits, maximum: Self.maximumExponentBits)
        }
        modulusByteCount = modulus.count
        modulusBits = bits
        self.exponent = trimmed
        self.context = context
    }

    /// RSAVP1 (RFC 8017 §5.2.2) on a signature of exactly k octets: s^e mod n as k big-endian octets, or
    /// nil when the signature has another length or represents a number not below n (§8.1.2, §8.2.2 steps
    /// 1–2).
    func publicImage(of signature: [UInt8]) -> [UInt8]? {
        guard signature.count == modulusByteCount else { return nil }
        let representative = MontgomeryModulus.limbs(bigEndian: signature, count: context.limbCount)
        guard MontgomeryModulus.isLess(representative, context.modulus) else { return nil }
        let message = context.power(representative, exponent: exponent)
        return MontgomeryModulus.bigEndianBytes(message, byteCount: modulusByteCount)
    }

    /// RSASSA-PKCS1-v1_5-VERIFY (RFC 8017 §8.2.2) with the hash that made `digest` (SHA-256, -384 or -512):
    /// the public-key image must equal the whole expected EMSA-PKCS1-v1_5 encoding (§9.2), compared as a
    /// whole rather than parsed.
    func isValidSignature(_ signature: [UInt8], pkcs1 digest: some HashDigest) -> Bool {
        guard let encoded = publicImage(of: signature), let prefix = Self.digestInfoPrefix(byteCount: digest.count)
        else { return false }
        return ConstantTime.isEqual(encoded, Self.expectedEncoding(prefix + Array(digest), length: modulusByteCount))
    }

    /// The DER of DigestInfo up to the hash value (RFC 8017 §9.2, note 1) for SHA-256, SHA-384 and SHA-512,
    /// which differ in the hash OID's last octet (2.16.840.1.101.3.4.2.1, .2, .3) and in the lengths.
    package static func digestInfoPrefix(byteCount: Int) -> [UInt8]? {
        let oidLast: UInt8
        switch byteCount {
        case 32: oidLast = 0x01
        case 48: oidLast = 0x02
        case 64: oidLast = 0x03
        default: return nil
        }
        let length = UInt8(byteCount)
        return [
            0x30, 0x11 + length, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, oidLast, 0x05, 0x00, 0x04, length,
        ]
    }

    /// EM = 0x00 || 0x01 || PS (0xff…, at least 8) || 0x00 || T (RFC 8017 §9.2 step 5), T the DigestInfo.
    package static func expectedEncoding(_ t: [UInt8], length: Int) -> [UInt8] {
        [0x00, 0x01] + [UInt8](repeating: 0xff, count: length - t.count - 3) + [0x00] + t
    }
}
