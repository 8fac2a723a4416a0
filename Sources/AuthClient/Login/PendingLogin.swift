// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback

/// A login that was started and waits for its authorization response: the request (with its PKCE
/// verifier, state and nonce), the options, and whom it is for. `Codable`, so that a login survives an app
/// relaunch: encode it when the app goes to the background, decode it on launch, and complete it with the
/// redirect URL that arrives through the app's URL handler.
///
/// ```swift
/// var generator = SystemRandomNumberGenerator()
/// let pending = try await client.beginLogin(LoginOptions(loginHint: "ada@example.com"), using: &generator)
/// open(pending.url)                                          // any browser, any way
/// let saved = try JSONEncoder().encode(pending)              // keep it with the tokens (it holds secrets)
/// // … the app is killed; on the next launch …
/// let restored = try JSONDecoder().decode(PendingLogin.self, from: saved)
/// let user = try await client.handleAuthenticationResponse(url: callbackURL, pending: restored)
/// ```
///
/// The encoding holds the verifier, state and nonce in clear: store it as you store tokens (the Keychain,
/// a `0600` file), and delete it once the login completes. The ``description`` redacts them. A pending
/// login completes once; its authorization code is single-use at the provider anyway (RFC 6749 §4.1.2).
public struct PendingLogin: Sendable, Codable {
    /// The authorization request: URL, PKCE pair, state, nonce and options.
    public let request: AuthorizationRequest
    /// The client id it was made for; completing it with another client fails.
    public let clientID: String
    /// When it started, in seconds since 1970 on the client's clock (for your own expiry policy).
    public let startedAt: Int64

    /// A pending login for `request`, made by the client `clientID` at `startedAt`.
    public init(request: AuthorizationRequest, clientID: String, startedAt: Int64) {
        self.request = request
        self.clientID = clientID
        self.startedAt = startedAt
    }

    /// The URL to open in the user agent.
    public var url: URI { request.url }
    /// The options of the login.
    public var options: LoginOptions { request.options }

    private enum CodingKeys: String, CodingKey {
        case version, request
        case clientID = "client_id"
        case startedAt = "started_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version == 1 else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: container, debugDescription: "unknown version \(version)")
        }
        request = try container.decode(AuthorizationRequest.self, forKey: .request)
        clientID = try container.decode(String.self, forKey: .clientID)
        startedAt = try container.decode(Int64.self, forKey: .startedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(1, forKey: .version)
        try container.encode(request, forKey: .request)
        try container.encode(clientID, forKey: .clientID)
        try container.encode(startedAt, forKey: .startedAt)
    }
}

extension PendingLogin: CustomStringConvertible {
    /// The endpoint and client; the verifier, state and nonce are redacted.
    public var description: String {
        "PendingLogin(client: \(clientID), started: \(startedAt), \(request))"
    }
}
