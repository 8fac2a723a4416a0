// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
public import AuthJSON

/// A token endpoint's successful response (RFC 6749 §5.1), read strictly from its JSON body; an error
/// body (RFC 6749 §5.2) is thrown as ``AuthCredentialsError/tokenErrorResponse(_:)``.
///
/// ```swift
/// let response = try TokenResponse(json: body)
/// let tokens = TokenSet(response, receivedAt: now)   // expires_in becomes an absolute time
/// ```
///
/// Checked: the body is a JSON object; `access_token` and `token_type` are present strings;
/// `token_type` is `Bearer` in any case (RFC 6750 §4 — others are refused, not silently sent as bearer);
/// `expires_in` is a non-negative whole number of seconds (a JSON number, or a string of digits as some
/// servers send); `refresh_token`, `scope` and `id_token` are strings when present. Other members are kept
/// in ``additionalParameters``. Not checked here: the ID token, which AuthJWT validates.
public struct TokenResponse: Sendable {
    /// `access_token`.
    public let accessToken: String
    /// `token_type`, as sent (compared case-insensitively with `Bearer`).
    public let tokenType: String
    /// `expires_in`, in seconds, when sent.
    public let expiresIn: Int64?
    /// `refresh_token`, when sent.
    public let refreshToken: String?
    /// `scope`: the granted scopes, space-separated (RFC 6749 §3.3), when they differ from those requested.
    public let scope: String?
    /// `id_token` (OpenID Connect Core §3.1.3.3), when sent.
    public let idToken: String?
    /// Every other member, in order.
    public let additionalParameters: JSONObject

    /// Reads a token endpoint response body.
    public init(json body: some Sequence<UInt8>) throws(AuthCredentialsError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: body)
        } catch {
            throw .invalidTokenResponse("the body is not JSON (\(error.code))")
        }
        guard let object = value.objectValue else { throw .invalidTokenResponse("the body is not a JSON object") }
        func string(_ name: String) throws(AuthCredentialsError) -> String? {
            guard let member = object[name] else { return nil }
            guard let text = member.stringValue else { throw .invalidTokenResponse("'\(name)' is not a string") }
            return text
        }
        if let error = try string("error") {
            throw .tokenErrorResponse(
                OAuthErrorResponse(
                    error: OAuthErrorCode(rawValue: error), errorDescription: try string("error_description"),
                    errorURI: try string("error_uri")))
        }
        guard let accessToken = try string("access_token"), !accessToken.isEmpty else {
            throw .invalidTokenResponse("'access_token' is missing")
        }
        guard let tokenType = try string("token_type") else { throw .invalidTokenResponse("'token_type' is missing") }
        // Bearer (RFC 6750) or DPoP (RFC 9449 §5); the client checks that DPoP came only when it asked.
        guard ["bearer", "dpop"].contains(tokenType.lowercased()) else { throw .unsupportedTokenType(tokenType) }
        var expiresIn: Int64? = nil
        if let member = object["expires_in"], !member.isNull {
            if let seconds = member.numberValue?.int64Value, seconds >= 0 {
                expiresIn = seconds
            } else if let text = member.stringValue, !text.isEmpty, text.utf8.count <= 18,
                text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let seconds = Int64(text)
            {
                expiresIn = seconds
            } else {
                throw .invalidTokenResponse("'expires_in' is not a non-negative whole number of seconds")
            }
        }
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        refreshToken = try string("refresh_token")
        scope = try string("scope")
        idToken = try string("id_token")
        var additional = JSONObject()
        let known = ["access_token", "token_type", "expires_in", "refresh_token", "scope", "id_token"]
        for (name, member) in object.members where !known.contains(name) {
            try? additional.append(name, member)  // names are unique in a parsed object
        }
        additionalParameters = additional
    }
}

extension TokenResponse {
    /// The `refresh_token` of a successful (HTTP 200) refresh response body, read before anything else in
    /// the body is checked — so a rotated refresh token is not lost when the rest of the response is refused
    /// (an unknown `token_type`, an odd `expires_in`, a missing `access_token`, `token_type` DPoP to a client
    /// that sent no proof).
    ///
    /// ```swift
    /// do {
    ///     response = try TokenResponse(json: body)
    /// } catch {
    ///     if status == 200, let rotated = TokenResponse.salvagedRefreshToken(fromJSON: body) {
    ///         store(rotated)   // the old one may be spent (RFC 9700 §4.14.2): keep the new one, then fail
    ///     }
    /// }
    /// ```
    ///
    /// Nil unless the body is a JSON object with a non-empty string `refresh_token` (RFC 6749 §5.1) and no
    /// `error` member: an error body's members (§5.2) are never taken. Read it only from a 200 response;
    /// the status is the caller's to check. The token is a secret: do not log it or put it in an error.
    public static func salvagedRefreshToken(fromJSON body: some Sequence<UInt8>) -> String? {
        guard let object = (try? JSONValue(parsing: body))?.objectValue, object["error"] == nil,
            let refreshToken = object["refresh_token"]?.stringValue, !refreshToken.isEmpty
        else { return nil }
        return refreshToken
    }
}

extension TokenResponse: CustomStringConvertible {
    /// The token type, lifetime and which tokens came; the tokens themselves are redacted.
    public var description: String {
        "TokenResponse(token_type: \(tokenType), expires_in: \(expiresIn.map(String.init) ?? "none"), access_token: <redacted>, "
            + "refresh_token: \(refreshToken == nil ? "none" : "<redacted>"), id_token: \(idToken == nil ? "none" : "<redacted>"))"
    }
}
