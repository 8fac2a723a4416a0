import AuthDigest
@testable import AuthJWT
import TestVectors
import Testing

@Suite("RS256: RSASSA-PKCS1-v1_5 with SHA-256")
struct RSAVerificationTests {
    struct Vector {
        let modulus: [UInt8]
        let exponent: [UInt8]
        let message: [UInt8]
        let signature: [UInt8]
        let passes: Bool
    }

    /// The SHA-256 cases of NIST CAVP SigVer15_186-3.rsp, each with the modulus of its section.
    static func nistVectors() throws -> [Vector] {
        var modulus: [UInt8] = []
        var vectors: [Vector] = []
        for record in try Vectors.nistRecords("NIST/SigVer15_186-3.rsp") {
            if let n = record["n"] { modulus = try Vectors.bytes(hex: n) }
            guard record["SHAAlg"] == "SHA256", let e = record["e"], let message = record["Msg"],
                let signature = record["S"], let result = record["Result"]
            else { continue }
            vectors.append(Vector(
                modulus: Array(modulus.drop { $0 == 0 }), exponent: try Vectors.bytes(hex: e),
                message: try Vectors.bytes(hex: message), signature: try Vectors.bytes(hex: signature),
                passes: result.hasPrefix("P")))
        }
        return vectors
    }

    @Test("agrees with every NIST CAVP SigVer15 SHA-256 verdict for 2048-, 3072- and 4096-bit keys")
    func nistSigVer() throws {
        let vectors = try Self.nistVectors().filter { $0.modulus.count * 8 >= 2048 }
        #expect(vectors.count == 54)
        #expect(vectors.contains { $0.passes } && vectors.contains { !$0.passes })
        for (index, vector) in vectors.enumerated() {
            let verdict: Bool
            do {
                let key = try RSAPublicKey(modulus: vector.modulus, exponent: vector.exponent, keyID: nil)
                verdict = key.isValidSignature(vector.signature, sha256: SHA256.hash(data: vector.message))
            } catch {
                verdict = false  // NIST's failing cases include changed exponents that are not valid keys
            }
            #expect(verdict == vector.passes, "vector \(index), \(vector.modulus.count * 8)-bit")
        }
    }

    @Test("refuses the 1024- and 1536-bit NIST keys as too short (RFC 7518 §3.3)")
    func shortKeys() throws {
        let short = try Self.nistVectors().filter { $0.modulus.count * 8 < 2048 }
        #expect(short.count == 36)
        for vector in short {
            let bits = vector.modulus.count * 8 - vector.modulus[0].leadingZeroBitCount
            #expect(throws: AuthJWTError.keyTooShort(bits: bits, minimum: 2048)) {
                try RSAPublicKey(modulus: vector.modulus, exponent: vector.exponent, keyID: nil)
            }
        }
    }

    @Test("refuses a signature of the wrong length or not below the modulus")
    func signatureRange() throws {
        let vector = try #require(try Self.nistVectors().first { $0.passes && $0.modulus.count == 256 })
        let key = try RSAPublicKey(modulus: vector.modulus, exponent: vector.exponent, keyID: nil)
        let digest = SHA256.hash(data: vector.message)
        #expect(key.isValidSignature(vector.signature, sha256: digest))
        #expect(!key.isValidSignature(Array(vector.signature.dropFirst()), sha256: digest))
        #expect(!key.isValidSignature([0] + vector.signature, sha256: digest))
        #expect(!key.isValidSignature(vector.modulus, sha256: digest))  // s = n is out of range
        #expect(!key.isValidSignature([UInt8](repeating: 0xff, count: 256), sha256: digest))
    }

    @Test("refuses even moduli and exponents that are even, below 3 or not below n")
    func keyValidation() throws {
        let vector = try #require(try Self.nistVectors().first { $0.modulus.count == 256 })
        var even = vector.modulus
        even[even.count - 1] &= 0xfe
        #expect(throws: AuthJWTError.invalidKey(keyID: "k", reason: "the RSA modulus is even")) {
            try RSAPublicKey(modulus: even, exponent: [1, 0, 1], keyID: "k")
        }
        let reason = "the RSA public exponent must be odd, at least 3 and less than the modulus"
        for exponent: [UInt8] in [[1], [2], [0, 1], [1, 0, 0], [], vector.modulus, [1] + vector.modulus] {
            #expect(throws: AuthJWTError.invalidKey(keyID: nil, reason: reason)) {
                try RSAPublicKey(modulus: vector.modulus, exponent: exponent, keyID: nil)
            }
        }
        #expect(throws: AuthJWTError.invalidKey(keyID: nil, reason: "RSA moduli over 4096 bits are not supported")) {
            try RSAPublicKey(modulus: [0x80] + [UInt8](repeating: 1, count: 512), exponent: [1, 0, 1], keyID: nil)
        }
    }
}
