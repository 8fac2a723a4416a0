// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
public import AuthJSON

extension P256PrivateKey {
    /// Reads a private EC JWK (RFC 7518 §6.2.2): `kty` "EC", `crv` "P-256", `d`, and `x`/`y`, which must
    /// be the public point of `d` when present.
    ///
    /// ```swift
    /// let key = try P256PrivateKey(jwk: Array(#"{"kty":"EC","crv":"P-256","d":"…","x":"…","y":"…"}"#.utf8))
    /// ```
    ///
    /// - Throws: `AuthJWTError.invalidPrivateKey`; the message never contains `d`.
    public init(jwk object: JSONObject) throws(AuthJWTError) {
        guard let type = object["kty"]?.stringValue, type.hasSameBytes(as: "EC") else {
            throw .invalidPrivateKey(reason: "the JWK's 'kty' must be \"EC\"")
        }
        guard let curve = object["crv"]?.stringValue, curve.hasSameBytes(as: "P-256") else {
            throw .invalidPrivateKey(reason: "the JWK's 'crv' must be \"P-256\"")
        }
        var keyID: String? = nil
        if let value = object["kid"] {
            guard let text = value.stringValue else { throw .invalidPrivateKey(reason: "the JWK's 'kid' must be a string") }
            keyID = text
        }
        try self.init(rawRepresentation: Self.member("d", object), keyID: keyID)
        if object["x"] != nil || object["y"] != nil {
            guard try Self.member("x", object) == x, try Self.member("y", object) == y else {
                throw .invalidPrivateKey(reason: "the JWK's 'x' and 'y' are not the public point of its 'd'")
            }
        }
    }

    /// Reads a private EC JWK from JSON text.
    public init(jwk json: some Sequence<UInt8>) throws(AuthJWTError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: json)
        } catch {
            throw .invalidPrivateKey(reason: "the JWK is not valid JSON: \(error)")
        }
        guard let object = value.objectValue else { throw .invalidPrivateKey(reason: "the JWK must be a JSON object") }
        try self.init(jwk: object)
    }

    /// The public key as a JWK object: `kty`, `crv`, `x`, `y`, and `kid` when set. Safe to publish.
    public var publicJWK: JSONObject {
        var object = JSONObject()
        try? object.append("kty", "EC")
        try? object.append("crv", "P-256")
        try? object.append("x", .string(Base64URL.encode(x)))
        try? object.append("y", .string(Base64URL.encode(y)))
        if let keyID { try? object.append("kid", .string(keyID)) }
        return object
    }

    /// The private key as a JWK object: ``publicJWK`` plus `d`. A secret.
    public var privateJWK: JSONObject {
        var object = publicJWK
        try? object.append("d", .string(Base64URL.encode(rawRepresentation)))
        return object
    }

    /// The RFC 7638 JWK SHA-256 thumbprint of the public key, base64url: DPoP's `jkt` (RFC 9449 §6).
    public var thumbprint: String {
        JWK.thumbprint(requiredMembers: [("crv", "P-256"), ("kty", "EC"), ("x", Base64URL.encode(x)), ("y", Base64URL.encode(y))])
    }

    private static func member(_ name: String, _ object: JSONObject) throws(AuthJWTError) -> [UInt8] {
        guard let text = object[name]?.stringValue else {
            throw .invalidPrivateKey(reason: "the JWK's '\(name)' is missing or not a string")
        }
        do {
            return try Base64URL.decode(text)
        } catch {
            throw .invalidPrivateKey(reason: "the JWK's '\(name)' is not base64url")
        }
    }
}
