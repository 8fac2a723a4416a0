// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJSON

/// The claims of a JWT (RFC 7519 §4) with typed access to the registered, OpenID Connect and Sign in with
/// Apple claims, and raw access to any other.
///
/// ```swift
/// let claims = try JWT(compact: idToken).claims
/// try claims.issuer            // "https://server.example.com"
/// try claims.audience          // ["s6BhdRkqt3"], from a string or an array
/// try claims.expiration        // NumericDate(1311281970)
/// claims["custom"]             // JSONValue?, any claim as sent
/// ```
///
/// A typed accessor returns nil when the claim is absent and throws ``AuthJWTError/invalidClaim(_:expected:)``
/// when it is present with the wrong type: a NumericDate must be a JSON number (a numeric string is refused,
/// RFC 7519 §2), `aud` a string or an array of strings.
public struct JWTClaims: Sendable {
    /// Every claim, as sent.
    public let object: JSONObject

    public init(_ object: JSONObject) {
        self.object = object
    }

    /// Any claim, as sent.
    public subscript(name: String) -> JSONValue? { object[name] }

    // MARK: Registered claims (RFC 7519 §4.1)

    /// `iss`: who issued the token.
    public var issuer: String? { get throws(AuthJWTError) { try string("iss") } }
    /// `sub`: whom the token is about.
    public var subject: String? { get throws(AuthJWTError) { try string("sub") } }
    /// `aud`: who the token is for, from a single string or an array of strings (RFC 7519 §4.1.3).
    /// Empty when absent.
    public var audience: [String] {
        get throws(AuthJWTError) {
            guard let value = object["aud"] else { return [] }
            if let single = value.stringValue { return [single] }
            guard let array = value.arrayValue else { throw .invalidClaim("aud", expected: "a string or an array of strings") }
            var audiences: [String] = []
            for element in array {
                guard let text = element.stringValue else { throw .invalidClaim("aud", expected: "a string or an array of strings") }
                audiences.append(text)
            }
            return audiences
        }
    }
    /// `exp`: the time on or after which the token must not be accepted.
    public var expiration: NumericDate? { get throws(AuthJWTError) { try date("exp") } }
    /// `nbf`: the time before which the token must not be accepted.
    public var notBefore: NumericDate? { get throws(AuthJWTError) { try date("nbf") } }
    /// `iat`: when the token was issued.
    public var issuedAt: NumericDate? { get throws(AuthJWTError) { try date("iat") } }
    /// `jti`: a unique identifier for the token.
    public var jwtID: String? { get throws(AuthJWTError) { try string("jti") } }

    // MARK: OpenID Connect (Core §2, §5.1)

    /// `nonce`: the value the client sent in the authentication request.
    public var nonce: String? { get throws(AuthJWTError) { try string("nonce") } }
    /// `azp`: the party the token was issued to.
    public var authorizedParty: String? { get throws(AuthJWTError) { try string("azp") } }
    /// `auth_time`: when the user authenticated.
    public var authenticationTime: NumericDate? { get throws(AuthJWTError) { try date("auth_time") } }
    /// `at_hash`: half of the access token's hash (Core §3.2.2.9).
    public var accessTokenHash: String? { get throws(AuthJWTError) { try string("at_hash") } }
    /// `c_hash`: half of the authorization code's hash (Core §3.3.2.11).
    public var codeHash: String? { get throws(AuthJWTError) { try string("c_hash") } }
    /// `email`.
    public var email: String? { get throws(AuthJWTError) { try string("email") } }
    /// `email_verified`. Apple sends it as the string `"true"` or `"false"`; both forms are read.
    public var emailVerified: Bool? { get throws(AuthJWTError) { try flag("email_verified") } }

    // MARK: Sign in with Apple

    /// `is_private_email`: whether the address is an Apple private relay address (boolean or `"true"`/`"false"`).
    public var isPrivateEmail: Bool? { get throws(AuthJWTError) { try flag("is_private_email") } }
    /// `real_user_status`: 0 unsupported, 1 unknown, 2 likely real.
    public var realUserStatus: Int? {
        get throws(AuthJWTError) {
            guard let value = object["real_user_status"] else { return nil }
            guard let status = value.numberValue?.int64Value, (0...2).contains(status) else {
                throw .invalidClaim("real_user_status", expected: "0, 1 or 2")
            }
            return Int(status)
        }
    }
    /// `nonce_supported`: whether the platform could carry the nonce (boolean or `"true"`/`"false"`).
    public var nonceSupported: Bool? { get throws(AuthJWTError) { try flag("nonce_supported") } }

    // MARK: Reading by type

    /// The claim as a string; nil when absent.
    public func string(_ name: String) throws(AuthJWTError) -> String? {
        guard let value = object[name] else { return nil }
        guard let text = value.stringValue else { throw .invalidClaim(name, expected: "a string") }
        return text
    }

    /// The claim as a NumericDate: a JSON number, never a numeric string (RFC 7519 §2); nil when absent.
    public func date(_ name: String) throws(AuthJWTError) -> NumericDate? {
        guard let value = object[name] else { return nil }
        guard let number = value.numberValue, let date = NumericDate(number) else {
            throw .invalidClaim(name, expected: "a NumericDate (a JSON number of seconds)")
        }
        return date
    }

    /// The claim as a Boolean, also from the strings `"true"` and `"false"` that Apple sends; nil when absent.
    public func flag(_ name: String) throws(AuthJWTError) -> Bool? {
        guard let value = object[name] else { return nil }
        if let flag = value.boolValue { return flag }
        if let text = value.stringValue {
            if text.hasSameBytes(as: "true") { return true }
            if text.hasSameBytes(as: "false") { return false }
        }
        throw .invalidClaim(name, expected: "a boolean")
    }
}
