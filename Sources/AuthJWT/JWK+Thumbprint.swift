// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDigest
import AuthJSON

extension JWK {
    /// The RFC 7638 JWK thumbprint: base64url of the SHA-256 of the required members (RFC 7638 §3.2),
    /// in lexicographic order, without whitespace. DPoP binds tokens to it (`jkt`, RFC 9449 §6).
    ///
    /// ```swift
    /// let jkt = try JWK(json: Array(publicKeyJSON.utf8)).thumbprint()
    /// ```
    ///
    /// - Throws: `AuthJWTError.unsupportedKeyType` for a key type other than EC, RSA, oct or OKP
    ///   (RFC 8037 §2).
    public func thumbprint() throws(AuthJWTError) -> String {
        switch material {
        case .ellipticCurve(let curve, let x, let y):
            return Self.thumbprint(requiredMembers: [
                ("crv", curve), ("kty", "EC"), ("x", Base64URL.encode(x)), ("y", Base64URL.encode(y)),
            ])
        case .rsa(let modulus, let exponent):
            return Self.thumbprint(requiredMembers: [("e", Base64URL.encode(exponent)), ("kty", "RSA"), ("n", Base64URL.encode(modulus))])
        case .symmetric(let key):
            return Self.thumbprint(requiredMembers: [("k", Base64URL.encode(key)), ("kty", "oct")])
        case .octetKeyPair(let curve, let x):
            // RFC 8037 §2: the required members of an OKP key are crv, kty and x.
            return Self.thumbprint(requiredMembers: [("crv", curve), ("kty", "OKP"), ("x", Base64URL.encode(x))])
        case .unsupported:
            throw .unsupportedKeyType(keyID: keyID, keyType: keyType.rawValue)
        }
    }

    /// SHA-256 over `{"name":"value",…}` with the members as given (already sorted), base64url.
    static func thumbprint(requiredMembers: [(String, String)]) -> String {
        var object = JSONObject()
        for (name, value) in requiredMembers { try? object.append(name, .string(value)) }
        return Base64URL.encode(SHA256.hash(data: JSONValue.object(object).serialized()))
    }
}
