// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
public import AuthJSON

extension JWS {
    /// The JWS Signing Input `BASE64URL(UTF8(header)) "." BASE64URL(payload)` (RFC 7515 §5.1 steps 2–6),
    /// the bytes a signer signs.
    ///
    /// ```swift
    /// let input = JWS.signingInput(header: header, payload: JSONValue.object(claims).serialized())
    /// let token = JWS.compact(signingInput: input, signature: key.signature(for: input))
    /// ```
    public static func signingInput(header: JSONObject, payload: [UInt8]) -> [UInt8] {
        Base64URL.encodedBytes(JSONValue.object(header).serialized()) + [UInt8(ascii: ".")] + Base64URL.encodedBytes(payload)
    }

    /// The compact serialization `signingInput "." BASE64URL(signature)` (RFC 7515 §7.1).
    public static func compact(signingInput: [UInt8], signature: [UInt8]) -> String {
        String(decoding: signingInput + [UInt8(ascii: ".")] + Base64URL.encodedBytes(signature), as: UTF8.self)
    }
}

extension P256PrivateKey {
    /// A compact ES256 JWS of `claims` (RFC 7515 §5.1) with the header `{"alg":"ES256"}`, then `kid` when
    /// the key has one, then the members of `header` (say `typ`, or DPoP's `jwk`).
    ///
    /// ```swift
    /// var header = JSONObject()
    /// try header.append("typ", "JWT")
    /// let token = key.signedJWT(claims: claims, header: header)
    /// ```
    ///
    /// The signature is deterministic (RFC 6979) unless `extraRandomness` is given.
    public func signedJWT(claims: JSONObject, header: JSONObject = JSONObject(), extraRandomness: [UInt8] = []) -> String {
        var fullHeader = JSONObject()
        try? fullHeader.append("alg", "ES256")
        if let keyID, header["kid"] == nil { try? fullHeader.append("kid", .string(keyID)) }
        for member in header.members { try? fullHeader.append(member.name, member.value) }
        let input = JWS.signingInput(header: fullHeader, payload: JSONValue.object(claims).serialized())
        return JWS.compact(signingInput: input, signature: signature(for: input, extraRandomness: extraRandomness))
    }
}
