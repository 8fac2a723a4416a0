// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJSON
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
    /// The `authorization_details` the provider granted with the access token (RFC 9396 §7), each entry the
    /// JSON object as sent (a `type` and that type's members); nil when no token response named any.
    ///
    /// ```swift
    /// let granted = tokens.grantedAuthorizationDetails?.map { $0["type"]?.stringValue }   // ["payment_initiation"]
    /// ```
    ///
    /// AuthClient reads them as `[AuthorizationDetail]` (`TokenSet.authorizationDetails`). What the
    /// provider sent, never what the client asked for: a refresh whose response omits them keeps these (as
    /// RFC 6749 §6 keeps `scope`); a response that names them replaces them. Saved with the tokens. Only
    /// entries that are JSON objects with a non-empty string `type` (RFC 9396 §2) are kept; the client
    /// refuses a response whose `authorization_details` are anything else before it gets here.
    public var grantedAuthorizationDetails: [JSONObject]?

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
        grantedAuthorizationDetails = Self.authorizationDetails(of: response)
    }

    /// Whether the access token is DPoP-bound (`token_type` DPoP, RFC 9449 §5): it is then sent as
    /// `Authorization: DPoP` with a proof, never as a bearer token.
    public var isDPoPBound: Bool {
        tokenType?.lowercased() == "dpop"
    }

    /// The set after a refresh (RFC 6749 §6): the new access token and expiry; the new refresh token if one
    /// was issued (rotation), else the old one is kept; likewise the ID token, the scopes and the granted
    /// `authorization_details` (RFC 9396 §7: a response that omits them keeps the previous ones).
    public func refreshed(by response: TokenResponse, receivedAt now: NumericDate) -> TokenSet {
        var set = TokenSet(
            accessToken: response.accessToken, expiresAt: response.expiresIn.map { Self.expiry(now, $0) },
            refreshToken: response.refreshToken ?? refreshToken, scopes: response.scope.map(Self.scopes) ?? scopes,
            idToken: response.idToken ?? idToken)
        set.tokenType = Self.recordedType(response.tokenType)
        set.dpopKey = dpopKey
        set.grantedAuthorizationDetails = Self.authorizationDetails(of: response) ?? grantedAuthorizationDetails
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

    /// The response's `authorization_details` when it is an array of objects, each with a non-empty string
    /// `type` (RFC 9396 §2); nil when absent, null or anything else.
    private static func authorizationDetails(of response: TokenResponse) -> [JSONObject]? {
        guard let member = response.additionalParameters["authorization_details"] else { return nil }
        return authorizationDetails(member)
    }

    private static func authorizationDetails(_ value: JSONValue) -> [JSONObject]? {
        guard let array = value.arrayValue else { return nil }
        var objects: [JSONObject] = []
        for element in array {
            guard let object = element.objectValue, let type = object["type"]?.stringValue, !type.isEmpty else { return nil }
            objects.append(object)
        }
        return objects
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
        case authorizationDetails = "authorization_details"
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
        // The JSON text of the array (RFC 9396 §7); absent in sets saved before it was kept.
        if let text = try container.decodeIfPresent(String.self, forKey: .authorizationDetails) {
            guard let value = try? JSONValue(parsing: Array(text.utf8)), let details = Self.authorizationDetails(value) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .authorizationDetails, in: container,
                    debugDescription: "authorization_details is not a JSON array of objects with a type (RFC 9396 §2)")
            }
            grantedAuthorizationDetails = details
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
        try container.encodeIfPresent(
            grantedAuthorizationDetails.map { String(decoding: JSONValue.array($0.map(JSONValue.object)).serialized(), as: UTF8.self) },
            forKey: .authorizationDetails)
    }
}

extension TokenSet: CustomStringConvertible {
    /// The expiry and which tokens are held; the tokens are redacted.
    public var description: String {
        "TokenSet(access_token: <redacted>, expires_at: \(expiresAt.map { "\($0)" } ?? "unknown"), "
            + "refresh_token: \(refreshToken == nil ? "none" : "<redacted>"), id_token: \(idToken == nil ? "none" : "<redacted>")"
            + (dpopKey == nil ? "" : ", dpop_key: <redacted>")
            + (grantedAuthorizationDetails.map { ", authorization_details: \($0.count) granted" } ?? "") + ")"
    }
}
