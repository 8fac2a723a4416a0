// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
public import AuthJWT

/// The tokens a client keeps for a user: what a ``TokenResponse`` gave, with `expires_in` turned into an
/// absolute expiry at the moment the response arrived (the injected `now`).
///
/// ```swift
/// var tokens = TokenSet(try TokenResponse(json: body), receivedAt: clock.now())
/// if tokens.needsRefresh(at: clock.now(), window: 60) { tokens = tokens.refreshed(by: newResponse, receivedAt: clock.now()) }
/// ```
///
/// The description redacts every token. Times are `NumericDate` seconds, so the set is `Codable` as plain
/// numbers and strings.
public struct TokenSet: Hashable, Codable, Sendable {
    /// The access token, sent as `Authorization: Bearer …` (RFC 6750 §2.1).
    public var accessToken: String
    /// When the access token expires, if the server said (`expires_in`); nil means unknown, not never.
    public var expiresAt: NumericDate?
    /// The refresh token (RFC 6749 §6), if any.
    public var refreshToken: String?
    /// The granted scopes, if the server listed them.
    public var scopes: [String]?
    /// The latest ID token, if any.
    public var idToken: String?
    /// The `token_type` of the access token when it is not Bearer: `DPoP` for a sender-constrained token
    /// (RFC 9449 §5). Nil means Bearer (RFC 6750).
    public var tokenType: String?
    /// The DPoP key the tokens are bound to (RFC 9449): proofs for refresh and resource requests are
    /// signed with it. Saved with the tokens, so a refresh after relaunch proves the same key. A secret.
    public var dpopKey: P256PrivateKey?

    public init(
        accessToken: String, expiresAt: NumericDate? = nil, refreshToken: String? = nil, scopes: [String]? = nil, idToken: String? = nil
    ) {
        self.accessToken = accessToken
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
        self.scopes = scopes
        self.idToken = idToken
    }

    /// The tokens of a response received at `now`, bound to `dpopKey` when the request proved one.
    public init(_ response: TokenResponse, receivedAt now: NumericDate, dpopKey: P256PrivateKey? = nil) {
        self.init(
            accessToken: response.accessToken, expiresAt: response.expiresIn.map { Self.expiry(now, $0) },
            refreshToken: response.refreshToken, scopes: response.scope.map(Self.scopes), idToken: response.idToken)
        tokenType = Self.recordedType(response.tokenType)
        self.dpopKey = dpopKey
    }

    /// Whether the access token is DPoP-bound (`token_type` DPoP, RFC 9449 §5): it is then sent as
    /// `Authorization: DPoP` with a proof, never as a bearer token.
    public var isDPoPBound: Bool {
        tokenType?.lowercased() == "dpop"
    }

    /// The set after a refresh (RFC 6749 §6): the new access token and expiry; the new refresh token if one
    /// was issued (rotation), else the old one is kept; likewise the ID token and scopes.
    public func refreshed(by response: TokenResponse, receivedAt now: NumericDate) -> TokenSet {
        var set = TokenSet(
            accessToken: response.accessToken, expiresAt: response.expiresIn.map { Self.expiry(now, $0) },
            refreshToken: response.refreshToken ?? refreshToken, scopes: response.scope.map(Self.scopes) ?? scopes,
            idToken: response.idToken ?? idToken)
        set.tokenType = Self.recordedType(response.tokenType)
        set.dpopKey = dpopKey
        return set
    }

    /// Whether the access token has expired at `now` (false when the expiry is unknown).
    public func isExpired(at now: NumericDate) -> Bool {
        expiresAt.map { now >= $0 } ?? false
    }

    /// Whether the access token expires within `window` seconds of `now`: time to refresh proactively.
    public func needsRefresh(at now: NumericDate, window: Int64) -> Bool {
        expiresAt.map { now.adding(seconds: window) >= $0 } ?? false
    }

    /// Whole seconds, rounded down (earlier is the safe side), so the set survives `Codable` exactly.
    private static func expiry(_ now: NumericDate, _ seconds: Int64) -> NumericDate {
        NumericDate(secondsSince1970: now.adding(seconds: seconds).secondsSince1970)
    }

    /// Nil for Bearer, so Bearer sets compare and encode as before DPoP existed.
    private static func recordedType(_ type: String) -> String? {
        type.lowercased() == "bearer" ? nil : type
    }

    private static func scopes(_ text: String) -> [String] {
        text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }

    private enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case expiresAt = "expires_at"
        case refreshToken = "refresh_token"
        case scopes
        case idToken = "id_token"
        case tokenType = "token_type"
        case dpopKey = "dpop_key"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try container.decode(String.self, forKey: .accessToken)
        expiresAt = try container.decodeIfPresent(Int64.self, forKey: .expiresAt).map(NumericDate.init(secondsSince1970:))
        refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken)
        scopes = try container.decodeIfPresent([String].self, forKey: .scopes)
        idToken = try container.decodeIfPresent(String.self, forKey: .idToken)
        tokenType = try container.decodeIfPresent(String.self, forKey: .tokenType)
        // The private JWK as JSON text (RFC 7517 §B.1-style `d`); absent in sets saved before DPoP.
        if let jwk = try container.decodeIfPresent(String.self, forKey: .dpopKey) {
            do {
                dpopKey = try P256PrivateKey(jwk: Array(jwk.utf8))
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .dpopKey, in: container, debugDescription: "the DPoP key cannot be read")
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(accessToken, forKey: .accessToken)
        try container.encodeIfPresent(expiresAt?.secondsSince1970, forKey: .expiresAt)
        try container.encodeIfPresent(refreshToken, forKey: .refreshToken)
        try container.encodeIfPresent(scopes, forKey: .scopes)
        try container.encodeIfPresent(idToken, forKey: .idToken)
        try container.encodeIfPresent(tokenType, forKey: .tokenType)
        try container.encodeIfPresent(
            dpopKey.map { String(decoding: JSONValue.object($0.privateJWK).serialized(), as: UTF8.self) }, forKey: .dpopKey)
    }
}

extension TokenSet: CustomStringConvertible {
    /// The expiry and which tokens are held; the tokens are redacted.
    public var description: String {
        "TokenSet(access_token: <redacted>, expires_at: \(expiresAt.map { "\($0)" } ?? "unknown"), "
            + "refresh_token: \(refreshToken == nil ? "none" : "<redacted>"), id_token: \(idToken == nil ? "none" : "<redacted>")"
            + (dpopKey == nil ? "" : ", dpop_key: <redacted>") + ")"
    }
}
