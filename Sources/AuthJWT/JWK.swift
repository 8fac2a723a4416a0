// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
public import AuthJSON

/// A JSON Web Key (RFC 7517): a public key, or a shared secret for HMAC, that can verify JWS signatures.
///
/// ```swift
/// let key = try JWK(json: Array(#"{"kty":"oct","k":"AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"}"#.utf8))
/// key.keyType            // .octetSequence
/// ```
///
/// Checked when read: `kty` is present; the parameters its type needs are there and are strict base64url
/// (RFC 7518 §6): RSA `n` and `e` as unsigned integers without leading zero octets, EC `crv`, `x` and `y`
/// (32 bytes each on P-256), `oct` `k`, `OKP` `crv` and `x` (32 bytes for Ed25519, RFC 8037 §2); `kid`, `use` and `alg` are strings when present; `key_ops` is an
/// array of distinct strings (RFC 7517 §4.3). A key that carries private parameters (`d`, `p`, `q`, …) is
/// refused: verification needs only public keys, and a key set that publishes private ones is a serious
/// misconfiguration worth stopping at.
///
/// Whether a key can verify a given token is the verifier's concern (``JWSVerifier/checkKey(_:)``): HS256
/// needs 256 bits (HS384 384, HS512 512); RS256–RS512 and PS256–PS512 a 2048–4096-bit modulus and an odd
/// exponent 3 ≤ e < 2³³; ES256 a P-256 point on the curve; EdDSA an `OKP` key on Ed25519 whose `x` is a
/// canonical point encoding and not a point of small order. RSA, P-256 and Ed25519 keys are checked and prepared once, when read, so a key that fails is refused
/// cheaply at each use; and ``JWS/verifySignature(using:verifiers:allowedAlgorithms:maximumCandidateKeys:)``
/// skips keys whose `use`, `key_ops` or `alg` exclude verifying the token.
/// - Security: the `description` shows the type and `kid` only; a symmetric `k` is a secret.
public struct JWK: Sendable {
    /// The `kty` values (RFC 7518 §6.1), an open set.
    public struct KeyType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// `RSA`.
        public static let rsa = KeyType(rawValue: "RSA")
        /// `EC`: an elliptic-curve key.
        public static let ellipticCurve = KeyType(rawValue: "EC")
        /// `oct`: a symmetric key.
        public static let octetSequence = KeyType(rawValue: "oct")
        /// `OKP`: an octet key pair (RFC 8037 §2), such as an Ed25519 key.
        public static let octetKeyPair = KeyType(rawValue: "OKP")

        public static func == (lhs: KeyType, rhs: KeyType) -> Bool { lhs.rawValue.hasSameBytes(as: rhs.rawValue) }
        public func hash(into hasher: inout Hasher) { for byte in rawValue.utf8 { hasher.combine(byte) } }
    }

    /// The key itself, by type.
    public enum Material: Sendable {
        /// An RSA public key: modulus and public exponent, big-endian without leading zeros.
        case rsa(modulus: [UInt8], exponent: [UInt8])
        /// An elliptic-curve public key: the curve name and the point's coordinates.
        case ellipticCurve(curve: String, x: [UInt8], y: [UInt8])
        /// A symmetric key.
        case symmetric([UInt8])
        /// An octet key pair's public key (RFC 8037 §2): the curve name (`crv`) and the public key (`x`).
        case octetKeyPair(curve: String, x: [UInt8])
        /// A key type this library does not read.
        case unsupported
    }

    /// `kty`.
    public let keyType: KeyType
    /// `kid`.
    public let keyID: String?
    /// `use`: `sig` for signing keys, `enc` for encryption keys.
    public let use: String?
    /// `alg`: the one algorithm this key is for, if restricted.
    public let algorithm: JWSAlgorithm?
    /// `key_ops`: the operations the key is for (`verify`, `sign`, `encrypt`, …), if restricted (RFC 7517
    /// §4.3). A key whose list lacks `verify` never verifies a signature.
    public let keyOperations: [String]?
    /// The key.
    public let material: Material
    /// RSA, P-256 and Ed25519 keys, checked and prepared once when the JWK is read (for RSA, R² mod n and −n⁻¹), so
    /// each verification skips that work — or the reason the key cannot be used, given at each use.
    let prepared: PreparedKey

    /// A key ready for its verifier, or why it is not.
    enum PreparedKey: Sendable {
        case rsa(RSAPublicKey)
        case p256(P256PublicKey)
        case ed25519(Ed25519PublicKey)
        case refused(AuthJWTError)
        case none
    }

    /// A symmetric key for HS256, for example a client secret (OIDC Core §10.1).
    public init(symmetricKey: [UInt8], keyID: String? = nil) {
        keyType = .octetSequence
        self.keyID = keyID
        use = nil
        algorithm = nil
        keyOperations = nil
        material = .symmetric(symmetricKey)
        prepared = .none
    }

    /// Reads a key from a JWK object.
    public init(_ object: JSONObject) throws(AuthJWTError) {
        let keyID = try Self.optionalString("kid", object, keyID: nil)
        guard let type = object["kty"]?.stringValue else {
            throw .invalidKey(keyID: keyID, reason: "'kty' is missing or not a string")
        }
        self.keyID = keyID
        keyType = KeyType(rawValue: type)
        use = try Self.optionalString("use", object, keyID: keyID)
        algorithm = try Self.optionalString("alg", object, keyID: keyID).map { JWSAlgorithm(rawValue: $0) }
        keyOperations = try Self.keyOperations(object, keyID: keyID)
        for privateName in ["d", "p", "q", "dp", "dq", "qi", "oth"] where object[privateName] != nil {
            if keyType != .octetSequence { throw .privateKeyMaterial(keyID: keyID) }
        }
        switch keyType {
        case .rsa:
            material = .rsa(
                modulus: try Self.unsignedInteger("n", object, keyID: keyID),
                exponent: try Self.unsignedInteger("e", object, keyID: keyID)
            )
        case .ellipticCurve:
            guard let curve = object["crv"]?.stringValue else {
                throw .invalidKey(keyID: keyID, reason: "'crv' is missing or not a string")
            }
            let x = try Self.bytes("x", object, keyID: keyID)
            let y = try Self.bytes("y", object, keyID: keyID)
            if curve.hasSameBytes(as: "P-256"), x.count != 32 || y.count != 32 {
                throw .invalidKey(keyID: keyID, reason: "P-256 coordinates must be 32 bytes each (RFC 7518 §6.2.1.2)")
            }
            material = .ellipticCurve(curve: curve, x: x, y: y)
        case .octetSequence:
            material = .symmetric(try Self.bytes("k", object, keyID: keyID))
        case .octetKeyPair:
            guard let curve = object["crv"]?.stringValue else {
                throw .invalidKey(keyID: keyID, reason: "'crv' is missing or not a string")
            }
            let x = try Self.bytes("x", object, keyID: keyID)
            if curve.hasSameBytes(as: "Ed25519"), x.count != 32 {
                throw .invalidKey(keyID: keyID, reason: "an Ed25519 'x' must be 32 bytes (RFC 8037 §2)")
            }
            material = .octetKeyPair(curve: curve, x: x)
        default:
            material = .unsupported
        }
        prepared = Self.prepare(material)
    }

    /// Checks and prepares RSA, P-256 and Ed25519 keys. The reason carries no `kid`: the caller knows the key.
    private static func prepare(_ material: Material) -> PreparedKey {
        do throws(AuthJWTError) {
            switch material {
            case .rsa(let modulus, let exponent):
                return .rsa(try RSAPublicKey(modulus: modulus, exponent: exponent, keyID: nil))
            case .ellipticCurve(let curve, let x, let y) where curve.hasSameBytes(as: "P-256"):
                return .p256(try P256PublicKey(x: x, y: y, keyID: nil))
            case .octetKeyPair(let curve, let x) where curve.hasSameBytes(as: "Ed25519"):
                return .ed25519(try Ed25519PublicKey(x, keyID: nil))
            default:
                return .none
            }
        } catch {
            return .refused(error)
        }
    }

    /// Reads a key from JWK JSON text.
    public init(json: some Sequence<UInt8>) throws(AuthJWTError) {
        try self.init(Self.object(json, what: "a JWK"))
    }

    static func object(_ json: some Sequence<UInt8>, what: String) throws(AuthJWTError) -> JSONObject {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: json)
        } catch {
            throw .invalidKey(keyID: nil, reason: "\(what) is not valid JSON: \(error)")
        }
        guard let object = value.objectValue else { throw .invalidKey(keyID: nil, reason: "\(what) must be a JSON object") }
        return object
    }

    private static func optionalString(_ name: String, _ object: JSONObject, keyID: String?) throws(AuthJWTError) -> String? {
        guard let value = object[name] else { return nil }
        guard let text = value.stringValue else { throw .invalidKey(keyID: keyID, reason: "'\(name)' must be a string") }
        return text
    }

    private static func bytes(_ name: String, _ object: JSONObject, keyID: String?) throws(AuthJWTError) -> [UInt8] {
        guard let text = object[name]?.stringValue else {
            throw .invalidKey(keyID: keyID, reason: "'\(name)' is missing or not a string")
        }
        do {
            return try Base64URL.decode(text)
        } catch {
            throw .invalidKey(keyID: keyID, reason: "'\(name)' is not base64url: \(error)")
        }
    }

    /// `key_ops` (RFC 7517 §4.3): an array of strings, with no value twice.
    private static func keyOperations(_ object: JSONObject, keyID: String?) throws(AuthJWTError) -> [String]? {
        guard let value = object["key_ops"] else { return nil }
        let invalid = AuthJWTError.invalidKey(keyID: keyID, reason: "'key_ops' must be an array of distinct strings (RFC 7517 §4.3)")
        guard let entries = value.arrayValue else { throw invalid }
        var operations: [String] = []
        for entry in entries {
            guard let operation = entry.stringValue, !operations.contains(where: { $0.hasSameBytes(as: operation) }) else {
                throw invalid
            }
            operations.append(operation)
        }
        return operations
    }

    /// A Base64urlUInt (RFC 7518 §2): at least one octet, no leading zero octets unless the value is 0.
    private static func unsignedInteger(_ name: String, _ object: JSONObject, keyID: String?) throws(AuthJWTError) -> [UInt8] {
        let value = try bytes(name, object, keyID: keyID)
        guard !value.isEmpty, value.count == 1 || value[0] != 0 else {
            throw .invalidKey(keyID: keyID, reason: "'\(name)' must be an unsigned integer without leading zero octets (RFC 7518 §2)")
        }
        return value
    }
}

extension JWK: CustomStringConvertible {
    /// Type and `kid` only: no key material, since an `oct` key is a secret.
    public var description: String { "JWK(\(keyType.rawValue)\(keyID.map { ", kid: \($0)" } ?? ""))" }
}
