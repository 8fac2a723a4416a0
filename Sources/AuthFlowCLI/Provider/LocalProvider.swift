// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The options of `authflow provider`.
struct ProviderOptions: Sendable {
    /// The port to listen on; 0 picks a free one.
    var port: UInt16 = 0
    /// The host name in the issuer (`http://HOST:PORT`); it listens on 127.0.0.1 whatever it is.
    var issuerHost = "127.0.0.1"
    /// The users one can sign in as; empty: alice and bob.
    var users: [String] = []
    /// Access-token lifetime in seconds.
    var accessTokenLifetime: Int64 = 3600
    /// Whether a spent refresh token presented again revokes its whole family (RFC 9700 §4.14.2).
    var detectsRefreshTokenReuse = false
    /// A plain OAuth 2.0 authorization server instead of an OpenID Provider (`--oauth2-only`): RFC 8414
    /// metadata only, `invalid_scope` for `openid`, no ID tokens (`FakeOpenIDProvider.Configuration.supportsOpenIDConnect`).
    var oauth2Only = false
    /// The key of the `private_key_jwt` client `authflow-key` (`--private-key-jwt-client FILE`); nil: no such client.
    var privateKeyJWTClientKey: P256PrivateKey?
}

/// What `authflow provider` runs: AuthTesting's `FakeOpenIDProvider` served over HTTP on 127.0.0.1 by
/// `FakeProviderServer` — discovery, the sign-in page, token, userinfo, JWKS, revocation, end-session and
/// the device grant with its verification page — so that `authflow login`, or your own app, can sign in
/// against a local IdP. Four clients are registered: a public one and three confidential ones, one per
/// method of authenticating with the secret (`client_secret_basic`, `client_secret_post`, `client_secret_jwt`), all with the loopback redirect URI `http://127.0.0.1/callback` on any port
/// (RFC 8252 §7.3). For development and tests only: anyone on this machine can sign in as any user.
enum LocalProvider {
    static let publicClientID = "authflow-cli"
    static let confidentialClientID = "authflow-confidential"
    /// The confidential client's secret: a fixed, published test value, since this provider is for tests.
    static let confidentialClientSecret = "authflow-test-secret"
    /// Confidential clients that authenticate with `client_secret_post` and `client_secret_jwt` (same secret).
    static let postClientID = "authflow-post"
    static let jwtClientID = "authflow-jwt"
    /// The `private_key_jwt` client registered with `--private-key-jwt-client FILE`.
    static let privateKeyClientID = "authflow-key"

    /// The provider `options` describe, for a server whose base URL is `issuer`, on `clock` (tests inject one).
    static func provider(_ options: ProviderOptions, issuer: String, clock: WallClock = .system) throws(CLIError) -> FakeOpenIDProvider {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.issuer = issuer
        configuration.clientID = publicClientID
        configuration.clientAuthentication = .none
        configuration.additionalClients = [
            confidentialClientID: .clientSecretBasic(confidentialClientSecret), postClientID: .clientSecretPost(confidentialClientSecret),
            jwtClientID: .clientSecretJWT(confidentialClientSecret),
        ]
        if let key = options.privateKeyJWTClientKey {
            configuration.additionalClients[privateKeyClientID] = .privateKeyJWT(ClientAssertionKey(key))
        }
        configuration.redirectURIs = ["http://127.0.0.1/callback", "http://[::1]/callback"]
        configuration.accessTokenLifetime = options.accessTokenLifetime
        configuration.detectsRefreshTokenReuse = options.detectsRefreshTokenReuse
        configuration.supportsOpenIDConnect = !options.oauth2Only
        var users: [String: JSONObject] = [:]
        for name in options.users.isEmpty ? ["alice", "bob"] : options.users {
            guard !name.isEmpty, name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "@") }) else {
                throw .usage("--user takes a name of visible ASCII characters without '@', not '\(name)'")
            }
            users[name] = FakeOpenIDProvider.claims(email: "\(name)@example.com", name: name.prefix(1).uppercased() + name.dropFirst())
        }
        configuration.users = users
        let provider = FakeOpenIDProvider(configuration, clock: clock)
        // CIBA: the user the hint names approves on "their device" once the first poll has found the request pending.
        provider.scriptBackchannelUser(pendingPolls: 1, then: .approve)
        return provider
    }

    /// Starts the server and returns it with the banner to print; the caller keeps it running.
    static func start(_ options: ProviderOptions) throws(CLIError) -> (FakeProviderServer, String) {
        guard options.issuerHost.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") }), !options.issuerHost.isEmpty else {
            throw .usage("--issuer-host takes a host name, not '\(options.issuerHost)'")
        }
        let server: FakeProviderServer
        do {
            server = try FakeProviderServer(port: options.port, host: options.issuerHost)
        } catch {
            throw .failure("cannot listen on 127.0.0.1 port \(options.port): \(error)")
        }
        let provider = try provider(options, issuer: server.baseURL)
        server.start(serving: StatisticsEndpoint(provider: provider))
        let users = provider.configuration.users.keys.sorted().joined(separator: ", ")
        let banner = """
            authflow provider: a fake OpenID provider for development and tests (AuthTesting's FakeOpenIDProvider).
            Anyone on this machine can sign in as any user: never use it for anything real.

              issuer:        \(server.baseURL)
              \(options.oauth2Only ? "metadata:      \(server.baseURL)/.well-known/oauth-authorization-server (OAuth 2.0 only)" : "discovery:     \(server.baseURL)/.well-known/openid-configuration")
              public client: \(publicClientID)
              confidential:  \(confidentialClientID) (client_secret_basic), \(postClientID) (client_secret_post),
                             \(jwtClientID) (client_secret_jwt); secret '\(confidentialClientSecret)', a published test value\(options.privateKeyJWTClientKey == nil ? "" : "\n               \(privateKeyClientID) (private_key_jwt, the key of --private-key-jwt-client)")
              redirect URIs: http://127.0.0.1:ANY-PORT/callback, http://[::1]:ANY-PORT/callback (RFC 8252 §7.3)
              users:         \(users)
              device page:   \(server.baseURL)/device
              CIBA:          \(server.baseURL)/bc-authorize (poll mode; the user approves after one poll)
              refresh:       rotating, reuse detection \(options.detectsRefreshTokenReuse ? "on" : "off"); counters at \(server.baseURL)\(StatisticsEndpoint.path)

            Log in with:
              authflow login\(options.oauth2Only ? " --oauth2" : "") --issuer \(server.baseURL) --client-id \(publicClientID) --insecure-loopback-issuer

            Serving until interrupted (Ctrl-C).

            """
        return (server, banner)
    }

    /// Runs the provider until the process is interrupted.
    static func run(_ options: ProviderOptions, terminal: inout some Terminal) throws(CLIError) {
        let (server, banner) = try start(options)
        terminal.write(banner, to: .standardOutput)
        withExtendedLifetime(server) {
            while true { pause() }
        }
    }
}

/// `GET /.authflow/stats`: a test-only endpoint of `authflow provider` (not of OpenID Connect, nor of any real
/// provider) that lets a script read what the fake provider saw, as JSON:
/// `{"refresh_grants": N, "refresh_token_reuses": N, "families_revoked": N}` — refresh grants answered with
/// new tokens, spent refresh tokens presented again, and token families revoked for it. It reveals no token.
/// The server listens on 127.0.0.1 only, so only this machine can read it. Every other request goes to the
/// provider.
struct StatisticsEndpoint: HTTPTransport {
    static let path = "/.authflow/stats"
    let provider: FakeOpenIDProvider

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        guard request.url == provider.configuration.issuer + Self.path else { return try await provider.send(request) }
        guard request.method == .get else { return TransportResponse(status: 405) }
        let statistics: JSONValue = [
            "refresh_grants": .number(JSONNumber(provider.refreshGrantCount)),
            "refresh_token_reuses": .number(JSONNumber(provider.refreshTokenReuseCount)),
            "families_revoked": .number(JSONNumber(provider.revokedTokenFamilyCount)),
        ]
        return TransportResponse(
            status: 200,
            headerFields: [
                HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "Cache-Control", value: "no-store"),
            ],
            body: statistics.serialized())
    }
}
