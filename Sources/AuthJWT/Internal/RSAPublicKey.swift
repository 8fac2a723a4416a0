import AuthDigest

/// An RSA public key for RSASSA-PKCS1-v1_5 verification with SHA-256 (RFC 8017 §8.2.2, RFC 7518 §3.3).
struct RSAPublicKey: Sendable {
    static let minimumBits = 2048
    static let maximumBits = 4096

    let modulusByteCount: Int
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
        self.exponent = trimmed
        self.context = context
    }

    /// RSASSA-PKCS1-v1_5-VERIFY with SHA-256 (RFC 8017 §8.2.2): the signature must be exactly k octets,
    /// represent a number below n, and its public-key image must equal the whole expected
    /// EMSA-PKCS1-v1_5 encoding (§9.2), compared as a whole rather than parsed.
    func isValidSignature(_ signature: [UInt8], sha256 digest: SHA256Digest) -> Bool {
        guard signature.count == modulusByteCount else { return false }
        let representative = MontgomeryModulus.limbs(bigEndian: signature, count: context.limbCount)
        guard MontgomeryModulus.isLess(representative, context.modulus) else { return false }
        let message = context.power(representative, exponent: exponent)
        let encoded = MontgomeryModulus.bigEndianBytes(message, byteCount: modulusByteCount)
        return ConstantTime.isEqual(encoded, Self.expectedEncoding(digest, length: modulusByteCount))
    }

    /// DER of DigestInfo for SHA-256 (RFC 8017 §9.2, note 1), up to the hash value.
    static let sha256DigestInfoPrefix: [UInt8] = [
        0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20,
    ]

    /// EM = 0x00 || 0x01 || PS (0xff…, at least 8) || 0x00 || DigestInfo (RFC 8017 §9.2 step 5).
    static func expectedEncoding(_ digest: SHA256Digest, length: Int) -> [UInt8] {
        let t = sha256DigestInfoPrefix + Array(digest)
        return [0x00, 0x01] + [UInt8](repeating: 0xff, count: length - t.count - 3) + [0x00] + t
    }
}
