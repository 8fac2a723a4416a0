import AuthBase64URL
import AuthDigest
import TestVectors
import Testing

@testable import AuthJWT

@Suite("ES256: ECDSA P-256 with SHA-256")
struct ECDSAVerificationTests {
    /// The [P-256,SHA-256] cases of NIST CAVP ECDSA SigVer (FIPS 186-3).
    static func nistVectors() throws -> [[String: String]] {
        try Vectors.nistRecords("NIST/ECDSA-SigVer.rsp").filter { $0["[section]"] == "[P-256,SHA-256]" && $0["Msg"] != nil }
    }

    @Test("agrees with every NIST CAVP SigVer verdict for P-256 with SHA-256")
    func nistSigVer() throws {
        let vectors = try Self.nistVectors()
        #expect(vectors.count == 15)
        #expect(vectors.contains { $0["Result"]?.hasPrefix("P") == true })
        for (index, vector) in vectors.enumerated() {
            let message = try Vectors.bytes(hex: try #require(vector["Msg"]))
            let signature = try Vectors.bytes(hex: try #require(vector["R"])) + Vectors.bytes(hex: try #require(vector["S"]))
            let verdict: Bool
            do {
                let key = try P256PublicKey(
                    x: Vectors.bytes(hex: try #require(vector["Qx"])), y: Vectors.bytes(hex: try #require(vector["Qy"])), keyID: nil)
                verdict = key.isValidSignature(signature, sha256: SHA256.hash(data: message))
            } catch {
                verdict = false  // NIST's "Q changed" cases are not points on the curve
            }
            #expect(verdict == (vector["Result"]?.hasPrefix("P") == true), "vector \(index): \(vector["Result"] ?? "")")
        }
    }

    @Test("refuses r or s of zero or not below n, and signatures of the wrong length")
    func ranges() throws {
        let vector = try #require(try Self.nistVectors().first { $0["Result"]?.hasPrefix("P") == true })
        let key = try P256PublicKey(
            x: Vectors.bytes(hex: try #require(vector["Qx"])), y: Vectors.bytes(hex: try #require(vector["Qy"])), keyID: nil)
        let digest = SHA256.hash(data: try Vectors.bytes(hex: try #require(vector["Msg"])))
        let r = try Vectors.bytes(hex: try #require(vector["R"]))
        let s = try Vectors.bytes(hex: try #require(vector["S"]))
        let n = try Vectors.bytes(hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
        #expect(key.isValidSignature(r + s, sha256: digest))
        #expect(!key.isValidSignature([UInt8](repeating: 0, count: 32) + s, sha256: digest))
        #expect(!key.isValidSignature(r + [UInt8](repeating: 0, count: 32), sha256: digest))
        #expect(!key.isValidSignature(n + s, sha256: digest))
        #expect(!key.isValidSignature(r + n, sha256: digest))
        #expect(!key.isValidSignature(r + s + [0], sha256: digest))
        #expect(!key.isValidSignature(Array((r + s).dropLast()), sha256: digest))
    }

    @Test("refuses public points off the curve or with coordinates not below p")
    func pointValidation() throws {
        // RFC 7517 Appendix A.1's P-256 key is on the curve.
        let x = try Base64URL.decode("MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4")
        let y = try Base64URL.decode("4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM")
        _ = try P256PublicKey(x: x, y: y, keyID: nil)
        var moved = y
        moved[31] ^= 1
        #expect(throws: AuthJWTError.invalidKey(keyID: "k", reason: "the point is not on the P-256 curve")) {
            try P256PublicKey(x: x, y: moved, keyID: "k")
        }
        #expect(throws: AuthJWTError.invalidKey(keyID: nil, reason: "the point is not on the P-256 curve")) {
            try P256PublicKey(x: [UInt8](repeating: 0, count: 32), y: [UInt8](repeating: 0, count: 32), keyID: nil)
        }
        let p = try Vectors.bytes(hex: "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
        #expect(throws: AuthJWTError.invalidKey(keyID: nil, reason: "a P-256 coordinate is not below the field prime")) {
            try P256PublicKey(x: p, y: y, keyID: nil)
        }
    }
}
