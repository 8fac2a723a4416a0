// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCredentials
public import AuthJWT

/// A service's access tokens from the client credentials grant (RFC 6749 §4.4), kept in memory and asked for
/// again a margin before they expire: what a daemon, a CI job or a backend calls before each API request.
///
/// ```swift
/// let session = ClientCredentialsSession(client: client, refreshMarginSeconds: 60)
/// let tokens = try await session.tokens(scopes: [Scope(rawValue: "reports:read")], resources: ["https://api.example.com/"])
/// request.setHeader("Authorization", "Bearer " + tokens.accessToken)
/// // a 401 from the API for a token it revoked early:
/// await session.invalidate(scopes: [Scope(rawValue: "reports:read")], resources: ["https://api.example.com/"])
/// ```
///
/// Each distinct request — its scopes (as a set) and its RFC 8707 `resource`s — has its own cached token. A
/// cached token is returned while it is good for more than `refreshMarginSeconds` on the client's clock; after
/// that the grant is made again. Callers that ask at the same time while no good token is cached share one
/// token request (single flight): a hundred concurrent callers make one request, and all get its answer or
/// its error.
///
/// No refresh token is used or kept. RFC 6749 §4.4.3 says one SHOULD NOT be issued for this grant, and the
/// client can always ask again with its own credentials; a refresh token a server sends anyway is dropped from
/// the cached set (never held in memory longer than the response). A token without `expires_in` (its lifetime
/// unknown, RFC 6749 §5.1) is kept for `unknownLifetimeSeconds` (default 300), then asked for again.
///
/// When the client uses DPoP (``ClientConfiguration/usesDPoP``), the session proves one key for its whole life
/// — the given `dpopKey`, or one it makes before its first request — so every token, whatever its scopes and
/// however many requests start at once, is bound to the same key (RFC 9449 §5).
///
/// Faults: when a new token cannot be had because the provider did not answer (no response, a 5xx or 429,
/// after the configuration's ``RetryPolicy``), a cached token that has not yet expired is returned instead and
/// the next call asks again; once it has expired, the failure is thrown. An OAuth error from the token endpoint
/// (`invalid_client`, `invalid_scope`, `unauthorized_client`, `unsupported_grant_type`, `invalid_target`) is
/// always thrown, as ``AuthClientError/tokenEndpoint(_:)`` with the server's `error` and `error_description`
/// exactly as sent, and the cached token for that request is dropped. Errors and descriptions never contain the
/// client secret or a token.
///
/// Not checked: that the token's scopes are those asked for (a server may grant fewer, RFC 6749 §3.3; read
/// `TokenSet.scopes`).
public actor ClientCredentialsSession {
    /// The client that makes the grant.
    public nonisolated let client: AuthClient
    /// How long before expiry a cached token is replaced, in seconds.
    public nonisolated let refreshMarginSeconds: Int64
    /// How long a token sent without `expires_in` is used, in seconds.
    public nonisolated let unknownLifetimeSeconds: Int64

    private struct Key: Hashable {
        let scopes: Set<String>
        let resources: [String]?
    }

    private struct Entry {
        var tokens: TokenSet
        var expiresAt: NumericDate
    }

    private var entries: [Key: Entry] = [:]
    private var inFlight: [Key: Task<Result<TokenSet, AuthClientError>, Never>] = [:]
    private var dpopKey: P256PrivateKey?
    private var requests = 0

    /// A session over `client`, replacing a token `refreshMarginSeconds` before it expires (clamped to 0 or more).
    public init(client: AuthClient, refreshMarginSeconds: Int64 = 60, unknownLifetimeSeconds: Int64 = 300, dpopKey: P256PrivateKey? = nil) {
        self.client = client
        self.refreshMarginSeconds = max(0, refreshMarginSeconds)
        self.unknownLifetimeSeconds = max(1, unknownLifetimeSeconds)
        self.dpopKey = dpopKey
    }

    /// A token for `scopes` and `resources` (nil: the configuration's ``ClientConfiguration/resources``): the
    /// cached one while it is good for more than the margin, else a new one (shared with concurrent callers).
    public func tokens(scopes: [Scope] = [], resources: [String]? = nil) async throws(AuthClientError) -> TokenSet {
        let key = Key(scopes: Set(scopes.map(\.rawValue)), resources: resources)
        let now = client.clock.now()
        if let entry = entries[key], now.adding(seconds: refreshMarginSeconds) < entry.expiresAt { return entry.tokens }
        let task: Task<Result<TokenSet, AuthClientError>, Never>
        if let running = inFlight[key] {
            task = running
        } else {
            if dpopKey == nil, client.configuration.usesDPoP {
                // One key before any request, so that concurrent first requests (other scopes) prove the same key.
                var generator = SystemRandomNumberGenerator()
                dpopKey = P256PrivateKey.generate(using: &generator)
            }
            let client = client
            let provenKey = dpopKey
            requests += 1
            task = Task {
                do throws(AuthClientError) {
                    return .success(
                        try await client.requestClientCredentialsToken(scopes: scopes, resources: resources, dpopKey: provenKey))
                } catch {
                    return .failure(error)
                }
            }
            inFlight[key] = task
        }
        let result = await task.value
        if inFlight[key] == task { inFlight[key] = nil }
        switch result {
        case .success(var tokens):
            tokens.refreshToken = nil
            let receivedAt = client.clock.now()
            let expiresAt = tokens.expiresAt ?? receivedAt.adding(seconds: unknownLifetimeSeconds)
            entries[key] = Entry(tokens: tokens, expiresAt: expiresAt)
            return tokens
        case .failure(let error):
            if Self.isUnavailable(error), let entry = entries[key], client.clock.now() < entry.expiresAt { return entry.tokens }
            if case .tokenEndpoint = error { entries[key] = nil }
            throw error
        }
    }

    /// Forgets the cached token for `scopes` and `resources` (for one the resource refused early, e.g. revoked):
    /// the next call asks for a new one.
    public func invalidate(scopes: [Scope] = [], resources: [String]? = nil) {
        entries[Key(scopes: Set(scopes.map(\.rawValue)), resources: resources)] = nil
    }

    /// Forgets every cached token.
    public func invalidateAll() {
        entries = [:]
    }

    /// How many token requests this session has started (one per single flight): for metrics and tests.
    public var tokenRequestCount: Int { requests }

    /// A failure of the provider's availability, not an answer: no response, or a status that is not an OAuth error.
    private static func isUnavailable(_ error: AuthClientError) -> Bool {
        switch error {
        case .transportFailed, .unexpectedResponse: true
        default: false
        }
    }
}

extension ClientCredentialsSession: CustomStringConvertible {
    /// The client id and the margin; never a token or the client's secret.
    public nonisolated var description: String {
        "ClientCredentialsSession(client: \(client.configuration.clientID), refreshMargin: \(refreshMarginSeconds)s)"
    }
}

extension ClientCredentialsSession: CustomReflectable {
    /// As the description: `dump` and debuggers never show a cached token, the DPoP key or the client's secret.
    public nonisolated var customMirror: Mirror {
        Mirror(
            self, children: ["client": client.configuration.clientID, "refreshMarginSeconds": refreshMarginSeconds], displayStyle: .class,
            ancestorRepresentation: .suppressed)
    }
}
