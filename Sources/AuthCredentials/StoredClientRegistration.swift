// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A client registered dynamically with one authorization server (RFC 7591 §3.2.1), as a
/// ``CredentialStore`` keeps it: the `client_id` and what the server issued with it.
///
/// ```swift
/// try await store.saveClientRegistration(registration)
/// let saved = try await store.clientRegistration(forIssuer: "https://login.example.com")
/// saved?.isSecretExpired(atSecondsSince1970: now)   // false when the secret never expires
/// ```
///
/// A client id is unique to the server that issued it (RFC 6749 §2.2), so a store keeps one registration per
/// issuer. The description redacts `client_secret` and `registration_access_token`; both are kept in the
/// store as in plain text, protected as the store's tokens are. Not checked here: that the server still
/// knows the client (it may have deleted it).
public struct StoredClientRegistration: Hashable, Codable, Sendable {
    /// The issuer of the authorization server that registered the client.
    public var issuer: String
    /// `client_id`.
    public var clientID: String
    /// `client_secret`, if the server issued one (a confidential client).
    public var clientSecret: String?
    /// `client_id_issued_at`, seconds since 1970, if sent.
    public var clientIDIssuedAt: Int64?
    /// `client_secret_expires_at`, seconds since 1970; 0 means it never expires (RFC 7591 §3.2.1).
    public var clientSecretExpiresAt: Int64?
    /// `registration_access_token` (RFC 7592), if sent.
    public var registrationAccessToken: String?
    /// `registration_client_uri` (RFC 7592), if sent.
    public var registrationClientURI: String?
    /// The registered `redirect_uris`, as the server returned them.
    public var redirectURIs: [String]
    /// The registered `token_endpoint_auth_method` (`none`, `client_secret_basic`, …).
    public var tokenEndpointAuthMethod: String
    /// The registered `client_name`, if any.
    public var clientName: String?

    public init(
        issuer: String, clientID: String, clientSecret: String? = nil, clientIDIssuedAt: Int64? = nil, clientSecretExpiresAt: Int64? = nil,
        registrationAccessToken: String? = nil, registrationClientURI: String? = nil, redirectURIs: [String] = [],
        tokenEndpointAuthMethod: String = "none", clientName: String? = nil
    ) {
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.clientIDIssuedAt = clientIDIssuedAt
        self.clientSecretExpiresAt = clientSecretExpiresAt
        self.registrationAccessToken = registrationAccessToken
        self.registrationClientURI = registrationClientURI
        self.redirectURIs = redirectURIs
        self.tokenEndpointAuthMethod = tokenEndpointAuthMethod
        self.clientName = clientName
    }

    /// Whether the client secret has expired at `now` (seconds since 1970): false without a secret, or when
    /// `client_secret_expires_at` is absent or 0 (never).
    public func isSecretExpired(atSecondsSince1970 now: Int64) -> Bool {
        guard clientSecret != nil, let expiry = clientSecretExpiresAt, expiry != 0 else { return false }
        return now >= expiry
    }
}

extension StoredClientRegistration: CustomStringConvertible {
    /// The issuer, the client id and what is held; never the secret or the registration access token.
    public var description: String {
        "StoredClientRegistration(issuer: \(issuer), clientID: \(clientID), tokenEndpointAuthMethod: \(tokenEndpointAuthMethod), "
            + "clientSecret: \(clientSecret == nil ? "none" : "<redacted>"), "
            + "registrationAccessToken: \(registrationAccessToken == nil ? "none" : "<redacted>"), redirectURIs: \(redirectURIs.count))"
    }
}
