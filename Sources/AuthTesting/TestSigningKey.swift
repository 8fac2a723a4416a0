// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDigest
public import AuthJSON
public import AuthJWT

/// A key that signs JWTs in tests — the fake provider's ID tokens, or tokens you build yourself — for
/// HS256, RS256 and ES256 (RFC 7518 §3.2–3.4).
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 1)
/// var claims = JSONObject()
/// try claims.append("iss", "https://fake.test")
/// try claims.append("sub", "alice")
/// let token = TestSigningKey.rs256.sign(claims: claims, using: &generator)
/// let keys = try JWKSet(json: TestSigningKey.jwkSet([.rs256]).serialized())   // what the verifier gets
/// ```
///
/// - Important: ``rs256`` and ``es256`` are fixed keys whose private halves are published in this
///   package. Tokens they sign prove nothing outside a test. The signing code is not constant time.
public struct TestSigningKey: Sendable {
    enum Material: Sendable {
        case hmac([UInt8])
        case rsa(modulus: [UInt8], exponent: [UInt8], privateExponent: [UInt8], prepared: TestRSASigningKey?)
        case p256(privateKey: [UInt8], x: [UInt8], y: [UInt8])
    }

    /// The `alg` the key signs with.
    public let algorithm: JWSAlgorithm
    /// The `kid` put in the header and the JWK, if any.
    public let keyID: String?
    let material: Material

    /// An HS256 key: the bytes of `secret` (OpenID Connect Core §10.1 uses the client secret this way).
    public static func hs256(secret: String, keyID: String? = nil) -> TestSigningKey {
        TestSigningKey(algorithm: .hs256, keyID: keyID, material: .hmac(Array(secret.utf8)))
    }

    /// The published 2048-bit RSA test key, `kid` "authflow-test-rsa".
    public static let rs256 = TestSigningKey(
        algorithm: .rs256, keyID: "authflow-test-rsa",
        material: .rsa(
            modulus: hex(RSATestKey.modulus), exponent: hex(RSATestKey.exponent), privateExponent: hex(RSATestKey.privateExponent),
            prepared: TestRSASigningKey(
                modulus: hex(RSATestKey.modulus), p: hex(RSATestKey.primeP), q: hex(RSATestKey.primeQ),
                dP: hex(RSATestKey.exponentP), dQ: hex(RSATestKey.exponentQ), qInverse: hex(RSATestKey.coefficient))))

    /// The published P-256 test key, `kid` "authflow-test-p256".
    public static let es256 = TestSigningKey.es256(
        privateKey: hex("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"), keyID: "authflow-test-p256")!

    /// An ES256 key from a 32-byte private scalar; nil unless 0 < d < n.
    public static func es256(privateKey: [UInt8], keyID: String? = nil) -> TestSigningKey? {
        guard let point = TestSigning.p256PublicKey(privateKey: privateKey) else { return nil }
        return TestSigningKey(algorithm: .es256, keyID: keyID, material: .p256(privateKey: privateKey, x: point.x, y: point.y))
    }

    /// The same key under another `kid` (to test key rotation).
    public func withKeyID(_ keyID: String?) -> TestSigningKey {
        TestSigningKey(algorithm: algorithm, keyID: keyID, material: material)
    }

    /// The signature of `signingInput`. ES256 draws its per-signature secret from `generator`.
    public func signature(of signingInput: [UInt8], using generator: inout some RandomNumberGenerator) -> [UInt8] {
        switch material {
        case .hmac(let key):
            return Array(HMACSHA256.authenticationCode(for: signingInput, key: key))
        case .rsa(let modulus, _, let privateExponent, let prepared):
            // The CRT key prepared once (about 5× faster); the plain m^d mod n if it could not be prepared.
            if let prepared { return prepared.signature(of: signingInput) }
            return TestSigning.rsaSHA256(signingInput, modulus: modulus, privateExponent: privateExponent) ?? []
        case .p256(let privateKey, _, _):
            while true {
                let nonce = (0..<4).flatMap { _ in withUnsafeBytes(of: generator.next().littleEndian, Array.init) }
                if let signature = TestSigning.p256SHA256(signingInput, privateKey: privateKey, nonce: nonce) { return signature }
            }
        }
    }

    /// A compact JWS (RFC 7515 §7.1) of `claims` with header `{"alg", "typ": "JWT", "kid"}` plus `extraHeader`
    /// (whose `typ`, when it has one, replaces `JWT`, e.g. `logout+jwt`).
    public func sign(claims: JSONObject, extraHeader: JSONObject = JSONObject(), using generator: inout some RandomNumberGenerator)
        -> String
    {
        var header = JSONObject()
        try? header.append("alg", .string(algorithm.rawValue))
        try? header.append("typ", extraHeader["typ"] ?? "JWT")
        if let keyID { try? header.append("kid", .string(keyID)) }
        for (name, value) in extraHeader.members where header[name] == nil { try? header.append(name, value) }
        let signingInput =
            Base64URL.encode(JSONValue.object(header).serialized()) + "." + Base64URL.encode(JSONValue.object(claims).serialized())
        return signingInput + "." + Base64URL.encode(signature(of: Array(signingInput.utf8), using: &generator))
    }

    /// The public key as a JWK (RFC 7517 §4, RFC 7518 §6); nil for an HMAC key, which has no public half.
    public var publicJWK: JSONObject? {
        var jwk = JSONObject()
        switch material {
        case .hmac:
            return nil
        case .rsa(let modulus, let exponent, _, _):
            try? jwk.append("kty", "RSA")
            try? jwk.append("n", .string(Base64URL.encode(modulus)))
            try? jwk.append("e", .string(Base64URL.encode(exponent)))
        case .p256(_, let x, let y):
            try? jwk.append("kty", "EC")
            try? jwk.append("crv", "P-256")
            try? jwk.append("x", .string(Base64URL.encode(x)))
            try? jwk.append("y", .string(Base64URL.encode(y)))
        }
        try? jwk.append("use", "sig")
        try? jwk.append("alg", .string(algorithm.rawValue))
        if let keyID { try? jwk.append("kid", .string(keyID)) }
        return jwk
    }

    /// `{"keys": [publicJWK]}` (RFC 7517 §5); empty for an HMAC key.
    public static func jwkSet(_ keys: [TestSigningKey]) -> JSONValue {
        ["keys": .array(keys.compactMap(\.publicJWK).map(JSONValue.object))]
    }

    private static func hex(_ text: String) -> [UInt8] {
        let padded = text.utf8.count % 2 == 1 ? "0" + text : text
        return (try? Hex.decode(padded)) ?? []
    }
}
