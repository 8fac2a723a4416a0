// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthDPoP
public import AuthJSON

/// Who a validated access token speaks for, and what it allows: the claims of an RFC 9068 JWT access
/// token or of an RFC 7662 introspection response, checked.
///
/// ```swift
/// let principal = try await server.authenticate(request, requiring: ["mcp:tools"])
/// principal.subject       // "user-42"
/// principal.clientID      // "mcp-client"
/// principal.scopes        // ["mcp:tools", "mcp:resources"]
/// principal.confirmation  // the RFC 7638 thumbprint of the DPoP key, for a bound token
/// ```
///
/// For a JWT access token, `subject`, `clientID`, `expiresAt`, `issuedAt` and `jwtID` are always present
/// (RFC 9068 §2.2 requires them and the validator refuses a token without them); an introspection response
/// may leave them out (RFC 7662 §2.2), so they are optional. ``claims`` holds every claim as sent.
public struct AccessPrincipal: Sendable, Hashable {
    /// `sub`: the user, or the client itself for a client-credentials token.
    public var subject: String?
    /// `client_id`: the client the token was issued to.
    public var clientID: String?
    /// `scope`, split on spaces (RFC 9068 §2.2.3); empty when absent.
    public var scopes: [String]
    /// `iss`: the authorization server that issued the token (for introspection: the one that answered).
    public var issuer: String
    /// `aud`: the audiences, this resource among them.
    public var audiences: [String]
    /// `exp`, in seconds since 1970.
    public var expiresAt: Int64?
    /// `iat`, in seconds since 1970.
    public var issuedAt: Int64?
    /// `auth_time`: when the user last authenticated (for step-up decisions, RFC 9470), if sent.
    public var authTime: Int64?
    /// `acr`: the authentication context class the login satisfied (RFC 9470), if sent.
    public var acr: String?
    /// `jti`: the token's identifier.
    public var jwtID: String?
    /// `cnf.jkt`: the RFC 7638 thumbprint of the key the token is bound to (RFC 9449 §6.1); nil for a
    /// bearer token. When set, the request was checked to carry a DPoP proof by that key.
    public var confirmation: String?
    /// The DPoP proof that came with a bound token, verified: its key's thumbprint equals ``confirmation``.
    public var dpop: VerifiedDPoPProof?
    /// Every claim as sent (JWT payload or introspection response).
    public var claims: JSONObject

    public init(
        subject: String?, clientID: String?, scopes: [String], issuer: String, audiences: [String], expiresAt: Int64?,
        issuedAt: Int64?, authTime: Int64? = nil, acr: String? = nil, jwtID: String? = nil, confirmation: String? = nil,
        dpop: VerifiedDPoPProof? = nil, claims: JSONObject = JSONObject()
    ) {
        self.subject = subject
        self.clientID = clientID
        self.scopes = scopes
        self.issuer = issuer
        self.audiences = audiences
        self.expiresAt = expiresAt
        self.issuedAt = issuedAt
        self.authTime = authTime
        self.acr = acr
        self.jwtID = jwtID
        self.confirmation = confirmation
        self.dpop = dpop
        self.claims = claims
    }

    /// Whether the token grants every scope in `required`.
    public func hasScopes(_ required: [String]) -> Bool {
        required.allSatisfy { scope in scopes.contains { $0.hasSameBytes(as: scope) } }
    }
}
