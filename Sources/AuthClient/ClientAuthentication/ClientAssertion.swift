// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
public import AuthCallback
import AuthDigest
public import AuthJSON
public import AuthJWT

/// A client assertion: the JWT a client authenticates with instead of sending a secret (RFC 7523 §2.2 and
/// §3, RFC 7521 §4.2, OpenID Connect Core §9), built from its claims and then MACed or signed.
///
/// ```swift
/// var generator = SystemRandomNumberGenerator()
/// let assertion = ClientAssertion(clientID: "my-app", audience: "https://login.example.com/token",
///                                 issuedAt: client.clock.now(), using: &generator)
/// let jwt = assertion.macedWithHS256(secret: "s3cr3t")                  // client_secret_jwt
/// let signed = try assertion.signed(algorithm: .es256, keyID: "k1") { input throws(AuthClientError) in
///     try mySigner.sign(input)                                           // private_key_jwt: any signing function
/// }
/// let form = ClientAssertion.formParameters(jwt)   // client_assertion_type + client_assertion
/// ```
///
/// The claims (RFC 7523 §3): `iss` and `sub` are the client id; `aud` is one string — the token endpoint
/// (OpenID Connect Core §9: it SHOULD be) or the issuer identifier (draft-ietf-oauth-rfc7523bis, which
/// closes the audience-injection attack and which RFC 9126 §2 servers must also accept); `jti` is 128 random
/// bits, so the server can refuse a replay (Core §9); `iat` is now and `exp` is `lifetimeSeconds` later
/// (default 60: the assertion is made for one request). The same assertion shape goes to every endpoint
/// that authenticates the client (token, pushed authorization, revocation, device authorization): its
/// audience is never the URL of the endpoint being called.
///
/// Not checked here: that the server verifies `jti`, `exp` or `aud` (the fake provider in AuthTesting
/// does). The JWT's header is `{"alg": …}` plus `kid` when given; no `typ`.
public struct ClientAssertion: Sendable, Hashable {
    /// `urn:ietf:params:oauth:client-assertion-type:jwt-bearer` (RFC 7523 §2.2).
    public static let jwtBearerType = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
    /// How long an assertion is valid by default, in seconds.
    public static let defaultLifetimeSeconds: Int64 = 60

    /// Which value identifies the authorization server in `aud`.
    public enum Audience: Hashable, Sendable {
        /// The token endpoint URL (OpenID Connect Core §9 SHOULD; RFC 7523 §3 MAY). What most providers document.
        case tokenEndpoint
        /// The issuer identifier (draft-ietf-oauth-rfc7523bis: MUST, as the sole value).
        case issuer
    }

    /// `iss` and `sub`: the client id.
    public let clientID: String
    /// `aud`: the authorization server.
    public let audience: String
    /// `jti`: unique per assertion.
    public let jwtID: String
    /// `iat`.
    public let issuedAt: NumericDate
    /// `exp`.
    public let expiresAt: NumericDate

    /// An assertion with a `jti` you chose (for tests and examples; use the generator otherwise).
    public init(clientID: String, audience: String, jwtID: String, issuedAt: NumericDate, lifetimeSeconds: Int64 = defaultLifetimeSeconds) {
        self.clientID = clientID
        self.audience = audience
        self.jwtID = jwtID
        self.issuedAt = NumericDate(secondsSince1970: issuedAt.secondsSince1970)
        expiresAt = self.issuedAt.adding(seconds: max(1, lifetimeSeconds))
    }

    /// An assertion whose `jti` is 128 bits drawn from `generator`, base64url.
    public init(
        clientID: String, audience: String, issuedAt: NumericDate, lifetimeSeconds: Int64 = defaultLifetimeSeconds,
        using generator: inout some RandomNumberGenerator
    ) {
        var bytes: [UInt8] = []
        for _ in 0..<2 { withUnsafeBytes(of: generator.next().littleEndian) { bytes += $0 } }
        self.init(
            clientID: clientID, audience: audience, jwtID: Base64URL.encode(bytes), issuedAt: issuedAt, lifetimeSeconds: lifetimeSeconds)
    }

    /// The claims, in this order: `iss`, `sub`, `aud`, `jti`, `exp`, `iat`.
    public var claims: JSONObject {
        // The JWT bearer grant's claims (RFC 7523 §3) with the client as both issuer and subject.
        var assertion = JWTBearerAssertion(issuer: clientID, subject: clientID, audience: audience, jwtID: jwtID, issuedAt: issuedAt)
        assertion.expiresAt = expiresAt
        return assertion.claims
    }

    /// The JWS signing input `base64url(header) "." base64url(claims)` (RFC 7515 §5.1).
    public func signingInput(algorithm: JWSAlgorithm, keyID: String? = nil) -> String {
        var header = JSONObject()
        try? header.append("alg", .string(algorithm.rawValue))
        if let keyID { try? header.append("kid", .string(keyID)) }
        return Base64URL.encode(JSONValue.object(header).serialized()) + "." + Base64URL.encode(JSONValue.object(claims).serialized())
    }

    /// The compact JWS, with the signature `sign` makes over the signing input: the slot for
    /// `private_key_jwt` or any external signer. What `sign` throws is thrown unchanged.
    public func signed(
        algorithm: JWSAlgorithm, keyID: String? = nil, sign: (_ signingInput: [UInt8]) throws(AuthClientError) -> [UInt8]
    ) throws(AuthClientError) -> String {
        let input = signingInput(algorithm: algorithm, keyID: keyID)
        return input + "." + Base64URL.encode(try sign(Array(input.utf8)))
    }

    /// The `client_secret_jwt` form: HS256 with the UTF-8 bytes of the client secret as the key (Core §9,
    /// §10.1; RFC 7518 §3.2).
    public func macedWithHS256(secret: String) -> String {
        let input = signingInput(algorithm: .hs256)
        return input + "." + Base64URL.encode(HMACSHA256.authenticationCode(for: Array(input.utf8), key: Array(secret.utf8)))
    }

    /// `client_assertion_type` and `client_assertion` (RFC 7521 §4.2).
    public static func formParameters(_ assertion: String) -> [FormParameter] {
        [FormParameter(name: "client_assertion_type", value: jwtBearerType), FormParameter(name: "client_assertion", value: assertion)]
    }
}

extension ClientAssertion: CustomStringConvertible {
    /// The claims that are not secret; an assertion's claims carry no secret, but the `jti` is left out so
    /// a log cannot be used to guess replay windows.
    public var description: String {
        "ClientAssertion(iss/sub: \(clientID), aud: \(audience), exp: \(expiresAt.secondsSince1970))"
    }
}
