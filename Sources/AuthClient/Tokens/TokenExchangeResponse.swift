// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
public import AuthJWT

/// A successful token exchange response (RFC 8693 §2.2.1).
///
/// ```swift
/// let exchanged = try await client.exchangeToken(request)
/// if exchanged.issuedTokenType == .accessToken { /* send it as a bearer token */ }
/// ```
///
/// Checked: `access_token` (the issued token, whatever its type), `issued_token_type` and `token_type` are
/// present strings; `expires_in`, when present, is a non-negative whole number; `token_type` is kept as
/// sent (`Bearer`, or `N_A` when the issued token is not an access token, §2.2.1). The issued and refresh
/// tokens are redacted from the description.
public struct TokenExchangeResponse: Sendable, Hashable {
    /// `access_token`: the issued security token (named so whatever its type, §2.2.1).
    public let accessToken: String
    /// `issued_token_type`.
    public let issuedTokenType: TokenType
    /// `token_type`: `Bearer`, `N_A`, or another access token type.
    public let tokenType: String
    /// `expires_in`, in seconds, if sent.
    public let expiresIn: Int64?
    /// When the token expires by the client's clock, if `expires_in` was sent.
    public let expiresAt: NumericDate?
    /// `scope`, if sent.
    public let scope: String?
    /// `refresh_token`, if sent.
    public let refreshToken: String?

    /// Reads a 200 body received at `receivedAt`.
    public init(json body: some Sequence<UInt8>, receivedAt: NumericDate) throws(AuthClientError) {
        guard let object = (try? JSONValue(parsing: body))?.objectValue else {
            throw .invalidTokenExchangeResponse("the body is not a JSON object")
        }
        func string(_ name: String) throws(AuthClientError) -> String? {
            guard let member = object[name], !member.isNull else { return nil }
            guard let text = member.stringValue else { throw .invalidTokenExchangeResponse("'\(name)' is not a string") }
            return text
        }
        guard let accessToken = try string("access_token"), !accessToken.isEmpty else {
            throw .invalidTokenExchangeResponse("'access_token' is missing")
        }
        guard let issued = try string("issued_token_type"), !issued.isEmpty else {
            throw .invalidTokenExchangeResponse("'issued_token_type' is missing")
        }
        guard let tokenType = try string("token_type"), !tokenType.isEmpty else {
            throw .invalidTokenExchangeResponse("'token_type' is missing")
        }
        if let member = object["expires_in"], !member.isNull {
            guard let seconds = member.numberValue?.int64Value, seconds >= 0 else {
                throw .invalidTokenExchangeResponse("'expires_in' is not a non-negative whole number of seconds")
            }
            expiresIn = seconds
            expiresAt = receivedAt.adding(seconds: seconds)
        } else {
            expiresIn = nil
            expiresAt = nil
        }
        self.accessToken = accessToken
        issuedTokenType = TokenType(rawValue: issued)
        self.tokenType = tokenType
        scope = try string("scope")
        refreshToken = try string("refresh_token")
    }
}

extension TokenExchangeResponse: CustomStringConvertible {
    public var description: String {
        "TokenExchangeResponse(issued: <redacted> \(issuedTokenType), token_type: \(tokenType), expires_in: "
            + "\(expiresIn.map(String.init) ?? "none"), refresh_token: \(refreshToken == nil ? "none" : "<redacted>"))"
    }
}
