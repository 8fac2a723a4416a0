// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJSON
public import AuthJWT

/// An authorization server's answer about a token (OAuth 2.0 Token Introspection, RFC 7662 §2.2): whether it
/// is active, and what the server says about it. The one reading of that answer, shared by the client
/// (`AuthClient.introspect`) and the resource server (`TokenIntrospector`); the signed form (RFC 9701) is
/// ``init(verifying:keys:issuer:audiences:leewaySeconds:now:)``.
///
/// ```swift
/// let answer = try TokenIntrospectionResponse(response)        // a 200 with a JSON object
/// if answer.isActive { print(answer.scopes, answer.clientID ?? "-", answer.expiresAt?.secondsSince1970 ?? 0) }
/// ```
///
/// `active: false` is an answer, not an error: the token is expired, revoked, unknown or not for this caller
/// (§2.2 does not say which, on purpose). An inactive answer's other members are dropped (§2.2: the server
/// SHOULD NOT send any), so nothing is read from them.
///
/// Checked: the response is 200, at most 64 KiB, a JSON object with a boolean `active` (§2.2). Members read by
/// the accessors are nil when absent or of another type. Not checked here: `exp`, `iss` or `aud` against
/// expectations — the caller decides (the resource server does, RFC 7662 §4).
public struct TokenIntrospectionResponse: Sendable, Hashable {
    /// The media type of a signed answer (RFC 9701 §4, §5), and the `Accept` that asks for one.
    public static let jwtMediaType = "application/token-introspection+jwt"
    /// The largest answer read, in bytes.
    public static let maximumBytes = 64 * 1024

    /// `active`.
    public let isActive: Bool
    /// The members of an active answer (an inactive one's are dropped).
    public let members: JSONObject

    /// The answer in `members`: `active` must be a boolean (RFC 7662 §2.2).
    public init(members: JSONObject) throws(AuthHTTPError) {
        guard let active = members["active"]?.boolValue else {
            throw .invalidIntrospectionResponse("the answer has no boolean 'active' (RFC 7662 §2.2)")
        }
        isActive = active
        self.members = active ? members : JSONObject()
    }

    /// The answer in a plain JSON response (RFC 7662 §2.2).
    public init(_ response: TransportResponse) throws(AuthHTTPError) {
        try Self.checkStatus(response)
        guard let object = try? JSONValue(parsing: response.body).objectValue else {
            throw .invalidIntrospectionResponse("the answer is not a JSON object (RFC 7662 §2.2)")
        }
        try self.init(members: object)
    }

    /// Status 200 and at most ``maximumBytes``.
    static func checkStatus(_ response: TransportResponse) throws(AuthHTTPError) {
        guard response.status == 200 else {
            throw .invalidIntrospectionResponse("the endpoint answered \(response.status), not 200")
        }
        guard response.body.count <= maximumBytes else { throw .invalidIntrospectionResponse("the answer is over 64 KiB") }
    }

    /// `scope`, split at spaces (empty when absent).
    public var scopes: [String] {
        (members["scope"]?.stringValue ?? "").split(separator: " ").map(String.init)
    }
    /// `client_id`: the client the token was issued to.
    public var clientID: String? { members["client_id"]?.stringValue }
    /// `username`: a human-readable identifier of the resource owner.
    public var username: String? { members["username"]?.stringValue }
    /// `token_type` (e.g. `Bearer`, `DPoP`).
    public var tokenType: String? { members["token_type"]?.stringValue }
    /// `sub`.
    public var subject: String? { members["sub"]?.stringValue }
    /// `iss`.
    public var issuer: String? { members["iss"]?.stringValue }
    /// `aud`: one string or an array of strings (nil when absent or of another shape).
    public var audiences: [String]? {
        if let one = members["aud"]?.stringValue { return [one] }
        guard let array = members["aud"]?.arrayValue else { return nil }
        let strings = array.compactMap(\.stringValue)
        return strings.count == array.count ? strings : nil
    }
    /// `exp`.
    public var expiresAt: NumericDate? { date("exp") }
    /// `iat`.
    public var issuedAt: NumericDate? { date("iat") }
    /// `nbf`.
    public var notBefore: NumericDate? { date("nbf") }
    /// `jti`.
    public var jwtID: String? { members["jti"]?.stringValue }
    /// `cnf.jkt`: the thumbprint of the DPoP key the token is bound to (RFC 9449 §6.2).
    public var confirmationThumbprint: String? { members["cnf"]?.objectValue?["jkt"]?.stringValue }

    private func date(_ name: String) -> NumericDate? {
        try? JWTClaims(members).date(name)
    }
}

extension TokenIntrospectionResponse: CustomStringConvertible {
    /// Whether active, the client id, scopes and expiry; never a token (an answer holds none, but members a
    /// server adds might).
    public var description: String {
        guard isActive else { return "TokenIntrospectionResponse(active: false)" }
        return "TokenIntrospectionResponse(active: true, client_id: \(clientID ?? "-"), scope: \(scopes.joined(separator: " ")), "
            + "exp: \(expiresAt.map { String($0.secondsSince1970) } ?? "-"))"
    }
}
