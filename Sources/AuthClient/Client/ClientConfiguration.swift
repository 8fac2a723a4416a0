// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
public import AuthJWT

/// Who the client is and how it talks to one OpenID Provider or OAuth 2.0 authorization server: issuer,
/// client id and authentication, redirect URI, scopes, and the client's security choices. Checked when
/// created.
///
/// ```swift
/// let configuration = try ClientConfiguration(
///     issuer: "https://login.example.com",
///     clientID: "my-app",
///     redirectURI: "com.example.app:/oauth/callback",
///     scopes: [.openID, .email, .offlineAccess])
/// let client = try await AuthClient.discover(configuration, transport: URLSessionTransport())
/// ```
///
/// With `openid` among the scopes the client is an OpenID Connect client (``isOpenIDConnect``): its
/// authorization requests carry a `nonce` and a login needs an ID token (Core §3.1.2.1, §3.1.3.3).
/// Without it, it is a plain OAuth 2.0 client (RFC 6749 §4.1): no `nonce`, no ID token expected, and the
/// provider's metadata may lack `jwks_uri` (RFC 8414 §2) — as at an MCP authorization server that is
/// OAuth-only.
///
/// ```swift
/// let oauth = try ClientConfiguration(issuer: "https://auth.example.com", clientID: "my-agent",
///                                     redirectURI: "http://127.0.0.1:53682/callback", scopes: [Scope(rawValue: "mcp:tools")])
/// oauth.isOpenIDConnect   // false
/// ```
///
/// Checked at creation:
/// - the issuer is an https URL without query or fragment (OpenID Connect Discovery §2), or `http` to a
///   loopback address (127.0.0.1, [::1], localhost) when `allowsInsecureLoopbackIssuer` is true — meant for
///   local test providers only, off by default;
/// - the redirect URI is a private-use scheme, an https URL or a loopback http URL with the IP literal
///   `127.0.0.1` or `[::1]` and the listener's port (RFC 8252 §7.3; `localhost` is refused, §8.3); the
///   ``callback`` that matches it is derived from it;
/// - the scopes are valid scope tokens (RFC 6749 §3.3); they may be empty, and then no `scope` is sent
///   (the server's default applies, RFC 6749 §3.3).
public struct ClientConfiguration: Sendable {
    /// The issuer identifier, exactly as the provider's discovery document and ID tokens state it.
    public let issuer: String
    /// The client id registered with the provider.
    public let clientID: String
    /// How the client authenticates at the token endpoint. Default: public client (`.none`).
    public var clientAuthentication: ClientAuthentication
    /// The registered redirect URI, sent as `redirect_uri`.
    public let redirectURI: String
    /// The callback matcher for ``redirectURI`` (RFC 8252 §7.1–7.3).
    public let callback: Callback
    /// The scopes requested; `openid` among them makes this an OpenID Connect client (``isOpenIDConnect``).
    public let scopes: [Scope]
    /// Whether an `http` issuer (and endpoints) on a loopback address are accepted. Default false.
    public let allowsInsecureLoopbackIssuer: Bool
    /// Refresh this many seconds before the access token expires, when sending a request. Default 60.
    public var refreshWindowSeconds: Int64 = 60
    /// Clock skew tolerated when validating ID tokens, in seconds. Default 60.
    public var leewaySeconds: Int64 = 60
    /// The ID-token signature algorithms accepted. Default `JWSAlgorithm.asymmetric`: RS256, RS384, RS512,
    /// PS256, PS384, PS512, ES256 and EdDSA (`none` is never accepted).
    public var allowedAlgorithms: [JWSAlgorithm] = JWSAlgorithm.asymmetric
    /// Whether to ask the user agent for a private browsing session.
    public var prefersEphemeralWebBrowserSession = false
    /// When a refresh that failed for a transient reason (no response, 5xx, 429) is tried again. Default
    /// ``RetryPolicy/default`` (3 attempts, 1 s then 2 s apart); ``RetryPolicy/none`` turns retries off.
    public var retryPolicy: RetryPolicy = .default
    /// The resources (RFC 8707 §2) every authorization request, code exchange and refresh asks tokens for,
    /// as `resource` parameters: absolute URIs without a fragment. Default none. A login's own
    /// `AuthorizationRequest.Options.resources` replace them for that login.
    public var resources: [String] = []
    /// The key that signs request objects (RFC 9101), registered with the provider (its public JWK in the
    /// client's `jwks`). Nil: the `private_key_jwt` key of ``clientAuthentication``, if it is one. Default nil.
    ///
    /// ```swift
    /// configuration.requestObjectSigningKey = ClientAssertionKey(P256PrivateKey.generate(keyID: "jar-1", using: &generator))
    /// ```
    public var requestObjectSigningKey: ClientAssertionKey? = nil
    /// Where `client_secret_jwt` assertions draw their `jti` (see ``ClientAssertionIDGenerator``).
    public var assertionIDs: ClientAssertionIDGenerator = .system

    // MARK: ID-token keys
    /// How long, in seconds of the client's `WallClock`, no refetch of the JWK Set is made after a refetch
    /// that did not help: one made because a token named a `kid` the cached set lacks, which still lacked it
    /// (or failed). Within it such a token fails with `noMatchingKey` without a request. The first unknown
    /// `kid` is always fetched at once, whatever the age of the set (a key rotation minutes after a login
    /// never fails the next login), and a refetch that found the key starts no cooldown. Default 60; 0
    /// refetches every time.
    public var keySetRefetchCooldownSeconds: Int64 = 60
    /// How old, in seconds of the client's `WallClock`, the fetched JWK Set may be when an ID token is
    /// validated: an older set is fetched again first, so a key the provider removed (a compromised one)
    /// stops verifying within this time. If that fetch fails, the older set is used (offline, a resumed
    /// session still validates) and no fetch is tried for 5 seconds. A set read from the provider cache is
    /// as old as the cache's `savedAt`. Default 600 (10 minutes); nil: kept until an unknown `kid`
    /// refetches it. Must be positive.
    public var keySetMaximumAgeSeconds: Int64? = 600
    /// How many usable keys one ID token's signature is tried with (a token without `kid` makes every key
    /// of the right type a candidate). Must be at least 1. Default 4.
    public var maximumCandidateKeys = JWS.defaultMaximumCandidateKeys
    /// If set, ID tokens whose `iat` is more than this many seconds old are refused
    /// (`issuedTooLongAgo`, Core §3.1.3.7 step 10). Must not be negative. Default nil: not checked.
    public var maximumIDTokenAgeSeconds: Int64? = nil
    /// Whether tokens are DPoP-bound (RFC 9449): each login (and device authorization) makes a new P-256
    /// key, sends its thumbprint as `dpop_jkt`, proves it at the token endpoint and on every resource
    /// request, and saves it with the tokens. Default false: Bearer tokens. See Docs/DPoP.md.
    public var usesDPoP = false
    /// Whether every token response to a DPoP request must be DPoP-bound (`token_type: DPoP`). RFC 9449 §5
    /// lets a server answer a DPoP request with a Bearer token; by default (false) the client keeps such
    /// tokens as Bearer. When true, a Bearer (or any other non-DPoP) answer to the code exchange, a refresh
    /// (also one for a resource's token), or the device grant throws
    /// ``AuthClientError/dpopBindingRequired(tokenType:)`` before anything is stored: a login saves nothing,
    /// and a refresh leaves the session exactly as it was (a refresh token that answer rotated is not kept).
    /// Requires ``usesDPoP``. Tokens saved without a DPoP key (before DPoP was turned on) are refreshed
    /// without a proof, as before; a new login binds them. See Docs/DPoP.md.
    ///
    /// ```swift
    /// configuration.usesDPoP = true
    /// configuration.requiresDPoPBoundTokens = true   // a Bearer answer is an error, not a silent downgrade
    /// ```
    public var requiresDPoPBoundTokens = false
    /// How long each signed request object (RFC 9101) is valid, `exp` − `nbf`, in seconds. Default 300 (five
    /// minutes: enough for a slow browser). Must be positive; FAPI 2.0 Message Signing allows at most 3600.
    public var requestObjectLifetimeSeconds: Int64 = 300
    /// The FAPI 2.0 profile the client keeps to, or nil (the default): see ``FAPI2Profile`` and
    /// ``adopt(_:)``, which also sets the profile's defaults. With a profile, each rule it breaks is
    /// ``AuthClientError/fapi2Violation(_:)``, when the ``AuthClient`` is made or a login starts.
    public var fapi2Profile: FAPI2Profile? = nil
    /// The `userinfo_signed_response_alg` the client registered (OpenID Connect Registration §2), if any:
    /// then the userinfo endpoint must answer a JWT signed with exactly this algorithm, and a plain JSON
    /// answer is ``AuthClientError/unsignedUserInfo(expectedAlgorithm:)`` — no downgrade. Default nil: a
    /// signed answer (`Content-Type: application/jwt`) is verified all the same, with any of
    /// ``allowedAlgorithms`` that the provider's `userinfo_signing_alg_values_supported` lists, and plain
    /// JSON is read as it is. Only asymmetric algorithms verify userinfo (`none` and HS256 are refused), and
    /// only one of ``allowedAlgorithms``: a registered algorithm the list lacks verifies nothing.
    ///
    /// ```swift
    /// configuration.userInfoSignedResponseAlgorithm = .rs256   // what the registration said
    /// ```
    public var userInfoSignedResponseAlgorithm: JWSAlgorithm? = nil
    /// Whether ``User/fetchProfile(resolvingClaimSourcesWith:)`` sends the access token in the form body
    /// (RFC 6750 §2.2: `POST`, `application/x-www-form-urlencoded`, `access_token=…`) rather than the
    /// `Authorization: Bearer` header (§2.1, the default), for providers that ask for it. A DPoP-bound
    /// token (RFC 9449) always goes in the `Authorization: DPoP` header with its proof, whatever this says.
    ///
    /// ```swift
    /// configuration.sendsUserInfoTokenInBody = true
    /// ```
    public var sendsUserInfoTokenInBody = false

    /// Creates and checks a configuration (see the type's documentation for the rules).
    public init(
        issuer: String,
        clientID: String,
        clientAuthentication: ClientAuthentication = .none,
        redirectURI: String,
        scopes: [Scope] = [.openID],
        allowsInsecureLoopbackIssuer: Bool = false
    ) throws(AuthClientError) {
        let issuerURI = try SecureURL.check(issuer, name: "issuer", allowsInsecureLoopback: allowsInsecureLoopbackIssuer)
        guard issuerURI.query == nil, issuerURI.fragment == nil else {
            throw .invalidConfiguration("the issuer must not have a query or fragment (OpenID Connect Discovery §2)")
        }
        guard !clientID.isEmpty else { throw .invalidConfiguration("the client id is empty") }
        if let invalid = scopes.first(where: { !$0.isValid }) {
            throw .invalidConfiguration("'\(invalid.rawValue)' is not a scope token (RFC 6749 §3.3)")
        }
        if case .clientSecretBasic(let secret) = clientAuthentication, secret.isEmpty {
            throw .invalidConfiguration("the client secret is empty")
        }
        if case .clientSecretPost(let secret) = clientAuthentication, secret.isEmpty {
            throw .invalidConfiguration("the client secret is empty")
        }
        if case .clientSecretJWT(let secret, _) = clientAuthentication, secret.isEmpty {
            throw .invalidConfiguration("the client secret is empty")
        }
        self.issuer = issuer
        self.clientID = clientID
        self.clientAuthentication = clientAuthentication
        self.redirectURI = redirectURI
        self.callback = try Self.callback(for: redirectURI)
        self.scopes = scopes
        self.allowsInsecureLoopbackIssuer = allowsInsecureLoopbackIssuer
    }

    /// Whether this is an OpenID Connect client: its scopes include `openid` (OpenID Connect Core
    /// §3.1.2.1). Then each authorization request carries a `nonce` and a login requires an ID token (Core
    /// §3.1.3.3); when false, the client is plain OAuth 2.0 (RFC 6749): no `nonce` is sent, no ID token is
    /// required, and one that arrives anyway does not identify the user.
    ///
    /// ```swift
    /// try ClientConfiguration(issuer: "https://login.example.com", clientID: "app",
    ///                         redirectURI: "com.example.app:/cb", scopes: [.openID, .email]).isOpenIDConnect   // true
    /// ```
    public var isOpenIDConnect: Bool { scopes.contains(.openID) }

    /// Refuses an http redirect URI that the loopback callback would never match, saying which rule it breaks:
    /// the host must be the literal `127.0.0.1` or `[::1]` (RFC 8252 §7.3; `localhost` is NOT RECOMMENDED,
    /// §8.3, and the callback does not accept it), and the URI needs the port the listener bound, since it
    /// is sent as `redirect_uri` as written (§7.3: the port is chosen at request time).
    private static func checkLoopbackRedirect(_ uri: URI) throws(AuthClientError) {
        guard let host = uri.host?.lowercased(), SecureURL.loopbackHosts.contains(host) else {
            throw .invalidConfiguration(
                "an http redirect URI must be a loopback IP literal, http://127.0.0.1:PORT/… or http://[::1]:PORT/… "
                    + "(RFC 8252 §7.3, §8.3); for any other host use https or a private-use scheme")
        }
        guard host != "localhost" else {
            throw .invalidConfiguration(
                "the redirect URI uses 'localhost': use the loopback IP literal 127.0.0.1 (or [::1]) instead, with the same "
                    + "port and path (RFC 8252 §8.3: 'localhost' is NOT RECOMMENDED; the name can resolve to another interface "
                    + "than loopback, and is more exposed to firewalls and misconfigured name resolution)")
        }
        guard uri.port != nil else {
            throw .invalidConfiguration(
                "the loopback redirect URI has no port: it is sent as redirect_uri as written, so it needs the port the "
                    + "listener bound (RFC 8252 §7.3), e.g. LoopbackListener's redirectURI, http://127.0.0.1:PORT/path")
        }
    }

    /// The matcher for a redirect URI: loopback http, https, or a private-use scheme (RFC 8252 §7).
    static func callback(for redirectURI: String) throws(AuthClientError) -> Callback {
        do {
            let uri = try URI(parsing: redirectURI)
            guard uri.fragment == nil else {
                throw AuthClientError.invalidConfiguration("the redirect URI must not have a fragment (RFC 6749 §3.1.2)")
            }
            let callback: Callback
            switch uri.scheme.lowercased() {
            case "http":
                try checkLoopbackRedirect(uri)
                callback = try .loopback(path: uri.path.isEmpty ? "/" : uri.path)
            case "https":
                callback = try .https(host: uri.host ?? "", path: uri.path.isEmpty ? "/" : uri.path)
            default:
                callback = try .customScheme(uri.scheme)
            }
            guard callback.matches(uri) else {
                throw AuthClientError.invalidConfiguration("the redirect URI does not match its own callback")
            }
            return callback
        } catch let error as AuthClientError {
            throw error
        } catch let error as AuthCallbackError {
            throw .invalidConfiguration("the redirect URI is not valid: \(error)")
        } catch {
            throw .invalidConfiguration("the redirect URI is not valid")
        }
    }
}
