// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

/// A JSON Web Token (RFC 7519): a compact JWS whose payload is a JSON object of claims.
///
/// ```swift
/// let jwt = try JWT(compact: idToken)     // decodes; verifies nothing
/// jwt.header.algorithm                    // .rs256
/// try jwt.claims.subject                  // "248289761001"
/// ```
///
/// Decoding checks the form (RFC 7519 §7.2): a valid ``JWS`` whose payload is a JSON object with unique
/// member names. Trust nothing in it until ``IDTokenValidator`` has checked the signature and claims.
public struct JWT: Sendable {
    /// The signed structure: header, payload bytes, signature, signing input.
    public let jws: JWS
    /// The payload's claims.
    public let claims: JWTClaims

    /// The protected header.
    public var header: JOSEHeader { jws.header }

    /// Decodes a compact JWT.
    public init(compact text: some StringProtocol, maximumSize: Int = JWS.maximumTokenSize) throws(AuthJWTError) {
        try self.init(jws: JWS(compact: text, maximumSize: maximumSize))
    }

    /// The JWT whose claims are `jws`'s payload, read as a JSON object.
    package init(jws: JWS) throws(AuthJWTError) {
        self.jws = jws
        claims = JWTClaims(try JWS.object(jws.payload, segment: "payload"))
    }
}
