// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
public import AuthClient
public import AuthJSON
public import AuthJWT
import AuthSession

/// An OpenID Provider that runs in your process: discovery, authorization, token (authorization code with
/// PKCE, refresh, token exchange RFC 8693), pushed authorization requests (RFC 9126), resource indicators
/// (RFC 8707), userinfo, JWKS, revocation (RFC 7009) and end-session — issuing real signed ID tokens and
/// verifying `client_secret_jwt` assertions (RFC 7523) — plus switches to make each step fail. It is an `HTTPTransport`, so a client talks to it directly;
/// ``browser(_:)`` is the user agent that signs the user in.
///
/// ```swift
/// let provider = FakeOpenIDProvider()                                  // RS256, user "alice"
/// let client = try await AuthClient.discover(try provider.clientConfiguration, transport: provider)
/// let user = try await client.login(with: provider.browser(.approve(subject: "alice")))
/// provider.fail(.token, with: .oauthError(.invalidGrant))              // the next token request fails
/// provider.expireAccessTokens()                                        // the next bearer request gets 401
/// ```
///
/// Unlike some test servers it **does** check PKCE: the `code_verifier` must hash to the challenge (RFC
/// 7636 §4.6), a code works once (a second use gets `invalid_grant` and revokes what the first issued,
/// RFC 6749 §4.1.2), and the redirect URI and client authentication must match. Times come from the
/// injected wall clock plus ``clockSkewSeconds``; delays use the injected `Clock`.
public final class FakeOpenIDProvider: HTTPTransport, Sendable {
    /// How the provider is set up.
    public struct Configuration: Sendable {
        /// The issuer; endpoints live under it.
        public var issuer = "https://fake-provider.authflow.test"
        /// The one registered client.
        public var clientID = "demo-app"
        /// How the client must authenticate at the token endpoint; the secret, if any, must match.
        public var clientAuthentication: ClientAuthentication = .none
        /// More registered clients, by client id, each with how it authenticates (a public client and a
        /// confidential one side by side, say). They share the redirect URIs, users and keys; ID tokens name
        /// the client a grant was for as `aud`.
        public var additionalClients: [String: ClientAuthentication] = [:]
        /// The registered redirect URIs.
        public var redirectURIs = ["com.example.app:/oauth/callback"]
        /// Signs ID tokens. For HS256 use ``TestSigningKey/hs256(secret:keyID:)`` with the client secret.
        public var signingKey: TestSigningKey = .rs256
        /// Access-token lifetime in seconds.
        public var accessTokenLifetime: Int64 = 3600
        /// ID-token lifetime in seconds.
        public var idTokenLifetime: Int64 = 600
        /// Whether refresh tokens are issued.
        public var issuesRefreshTokens = true
        /// Whether each refresh replaces the refresh token (the old one stops working).
        public var rotatesRefreshTokens = true
        /// Whether presenting a refresh token that was already rotated away revokes its whole family — every
        /// refresh token descended from the same login — and answers `invalid_grant`, as Auth0 and Okta do
        /// (RFC 9700 §4.14.2: the server cannot tell the thief from the client, so it ends both). Needs
        /// ``rotatesRefreshTokens``. Off by default: a spent token then only gets `invalid_grant` itself.
        /// Either way ``refreshTokenReuseCount`` counts it.
        ///
        /// ```swift
        /// var configuration = FakeOpenIDProvider.Configuration()
        /// configuration.detectsRefreshTokenReuse = true
        /// let provider = FakeOpenIDProvider(configuration)
        /// ```
        public var detectsRefreshTokenReuse = false
        /// Whether an ID token comes with refreshed tokens (OpenID Connect Core §12.2).
        public var issuesIDTokenOnRefresh = true
        /// Whether authorization responses carry `iss` (RFC 9207), advertised in discovery.
        public var sendsIssuerInAuthorizationResponse = true
        /// Whether the OpenID discovery document lists `revocation_endpoint`. When false, only the RFC 8414
        /// metadata at `/.well-known/oauth-authorization-server` does (as some providers do).
        public var listsRevocationEndpointInDiscovery = true
        /// How long a device code lives (RFC 8628 §3.2 `expires_in`), in seconds.
        public var deviceCodeLifetime: Int64 = 600
        /// The polling interval it announces (§3.2 `interval`), in seconds; a poll sooner gets `slow_down`.
        public var devicePollingInterval: Int64 = 5
        /// Whether the device grant's token response carries an ID token (RFC 8628 defines none; some
        /// providers, e.g. django-oauth-toolkit, send none).
        public var issuesIDTokenForDeviceGrant = true
        /// Whether every authorization request must be pushed first (RFC 9126 §5
        /// `require_pushed_authorization_requests`); a plain one gets `invalid_request`.
        public var requiresPushedAuthorizationRequests = false
        /// Whether every authorization request must carry a signed request object (RFC 9101 §10.5
        /// `require_signed_request_object`); a plain one gets `invalid_request`.
        public var requiresSignedRequestObject = false
        /// The algorithms accepted for request objects, advertised as `request_object_signing_alg_values_supported`.
        public var requestObjectSigningAlgorithms: [JWSAlgorithm] = [.es256, .edDSA, .rs256, .ps256]
        /// The public JWKs each client registered for request objects (its `jwks`, RFC 7591 §2), by client id;
        /// a `private_key_jwt` client's own key counts too.
        public var requestObjectKeys: [String: [JSONObject]] = [:]
        /// How long a pushed request's `request_uri` lives, in seconds (RFC 9126 §2.2 `expires_in`).
        public var pushedRequestLifetime: Int64 = 60
        /// The resources (RFC 8707) the provider issues tokens for; any other gets `invalid_target`.
        public var resources = ["https://api.authflow.test/", "https://files.authflow.test/"]
        /// The `issued_token_type` a token exchange answers with (RFC 8693 §2.2.1); change it to see the
        /// client refuse a type it did not ask for.
        public var tokenExchangeIssuedTokenType = TokenType.accessToken
        /// Claims of each user, by `sub`, returned in the ID token (email when asked) and from userinfo.
        public var users: [String: JSONObject] = ["alice": FakeOpenIDProvider.claims(email: "alice@example.com", name: "Alice Example")]
        /// Dynamic client registration (RFC 7591) at ``Endpoint/registration``; see ``RegistrationPolicy``.
        public var registration: RegistrationPolicy = .open
        /// Whether the metadata documents list `code_challenge_methods_supported: ["S256"]` (RFC 8414 §2); an
        /// MCP client refuses a server that does not. PKCE S256 is required either way.
        public var advertisesS256 = true
        /// Whether RFC 8414 metadata is served at `/.well-known/oauth-authorization-server` (path inserted
        /// for an issuer with a path); when false that URL answers 404, as at an OpenID-only provider.
        public var servesAuthorizationServerMetadata = true
        /// Whether the token endpoint and userinfo refuse requests without a DPoP proof (RFC 9449).
        public var requiresDPoP = false
        /// Whether DPoP proofs must carry the provider's nonce (RFC 9449 §8, §9): a proof without it gets
        /// `use_dpop_nonce` and a `DPoP-Nonce` header.
        public var requiresDPoPNonce = false
        /// How far a proof's `iat` may be from the provider's time, either way, in seconds.
        public var dpopProofMaximumAgeSeconds: Int64 = 60
        /// Whether the provider is an OpenID Provider (the default). When false it is a plain OAuth 2.0
        /// authorization server, as the MCP Python SDK's example server is: no discovery document at
        /// `/.well-known/openid-configuration` (404), RFC 8414 metadata without `jwks_uri`, `userinfo_endpoint`,
        /// `end_session_endpoint`, `scopes_supported` or ID-token members, `invalid_scope` for an authorization
        /// request with `openid`, no ID token from any grant, and 404 at the JWKS, userinfo and end-session
        /// URLs. ``clientConfiguration`` then has no scopes.
        ///
        /// ```swift
        /// var configuration = FakeOpenIDProvider.Configuration()
        /// configuration.supportsOpenIDConnect = false
        /// let provider = FakeOpenIDProvider(configuration)
        /// let metadata = try await ProviderMetadata.fetch(issuer: provider.configuration.issuer, transport: provider)
        /// metadata.jwksURI   // nil
        /// ```
        public var supportsOpenIDConnect = true
        /// Whether the provider takes an https URL as `client_id` and fetches the client's metadata document
        /// from it (draft-ietf-oauth-client-id-metadata-document, MCP 2025-11-25): its metadata then says
        /// `client_id_metadata_document_supported: true`. The documents come through ``clientMetadataDocumentHost``.
        ///
        /// ```swift
        /// var configuration = FakeOpenIDProvider.Configuration()
        /// configuration.supportsClientIDMetadataDocuments = true
        /// configuration.clientMetadataDocumentHost = ScriptedTransport(...)   // serves the client's document
        /// ```
        public var supportsClientIDMetadataDocuments = false
        /// The transport the provider fetches client ID metadata documents with (the app's hosting, in a
        /// test); nil: none can be fetched.
        public var clientMetadataDocumentHost: (any HTTPTransport)? = nil
        /// Whether the token endpoint answers the client credentials grant (RFC 6749 §4.4); when false it is
        /// `unsupported_grant_type` (§5.2), as at a provider that does not offer it.
        public var supportsClientCredentialsGrant = true
        /// The scopes a client credentials or JWT bearer grant may ask for; a scope outside them is
        /// `invalid_scope` (RFC 6749 §5.2). nil: any scope.
        public var grantableScopes: Set<String>? = nil
        /// The trusted issuers of JWT bearer grant assertions (RFC 7523 §2.1, §3) and each one's public
        /// JWK: an assertion must be signed by its `iss`'s key (ES256 or RS256), have this provider's
        /// issuer or token endpoint in `aud`, a `sub`, and an `exp` not passed. Empty: the grant is
        /// `unsupported_grant_type`.
        public var jwtBearerIssuers: [String: JSONObject] = [:]
        /// How the introspection endpoint (RFC 7662) misbehaves, for a client's failing-first tests.
        public var introspectionMisbehaviour: IntrospectionMisbehaviour? = nil
        /// How the provider misbehaves at every login (see ``Misbehaviour``): one misbehaving provider per
        /// conformance-suite RP test. Default none.
        public var misbehaviours: Set<Misbehaviour> = []
        /// How long a backchannel authentication request lives (CIBA §7.3 `expires_in`) when the client asks
        /// for no shorter `requested_expiry`, in seconds.
        public var backchannelRequestLifetime: Int64 = 120
        /// The polling interval it announces for backchannel requests (CIBA §7.3 `interval`), in seconds; a
        /// poll sooner gets `slow_down`.
        public var backchannelPollingInterval: Int64 = 5
        /// Each user's `user_code` (CIBA §7.1), by `sub`: a backchannel request for a user listed here must
        /// carry it (`missing_user_code`, `invalid_user_code`, §13).
        public var backchannelUserCodes: [String: String] = [:]
        /// How the backchannel authentication endpoint misbehaves, for a client's failing-first tests.
        public var backchannelMisbehaviour: BackchannelMisbehaviour? = nil
        /// The CIBA token delivery mode the client registered (CIBA §4 `backchannel_token_delivery_mode`): in
        /// `ping` and `push` mode a request must carry a `client_notification_token` (§7.1), and
        /// ``notifyBackchannelClient(_:through:)`` POSTs the ping or the tokens to
        /// ``backchannelClientNotificationEndpoint``. Default poll.
        public var backchannelTokenDeliveryMode = BackchannelTokenDeliveryMode.poll
        /// The client's registered `backchannel_client_notification_endpoint` (CIBA §4), where pings and pushes go.
        public var backchannelClientNotificationEndpoint = "https://client.example.com/ciba/notify"
        /// The modes the metadata lists in `backchannel_token_delivery_modes_supported` (CIBA §4). Default all three.
        public var backchannelTokenDeliveryModesSupported: [BackchannelTokenDeliveryMode] = [.poll, .ping, .push]
        /// The clients whose userinfo answer is a signed JWT (`Content-Type: application/jwt`, OpenID Connect
        /// Core §5.3.2), as if each had registered `userinfo_signed_response_alg`: signed with the ID-token
        /// key, with `iss` and `aud`. Other clients get JSON.
        public var signedUserInfoClients: Set<String> = []
        /// Claims userinfo points to rather than holds (OpenID Connect Core §5.6.2): each source's claims are
        /// signed by the claims provider at ``claimsProviderIssuer`` (with ``claimsProviderKey``), inside the
        /// answer (aggregated) or at its claims endpoint (distributed).
        public var claimSources: [ClaimSourceSetup] = []
        /// The claims provider's signing key; its JWK Set is at ``claimsProviderIssuer`` + `/jwks`.
        public var claimsProviderKey: TestSigningKey = .es256.withKeyID("authflow-claims-provider")
        /// The authorization details types (RFC 9396 §10) listed as `authorization_details_types_supported`;
        /// nil lists none. The provider grants whatever `authorization_details` the request carried, echoed
        /// in the token response (§7); a code exchange or refresh that names some gets those, when the grant
        /// has an entry of each type (§6.1), else `invalid_authorization_details`.
        public var authorizationDetailsTypes: [String]? = nil
        /// The claims provider's issuer: a path under the provider's issuer, with its own discovery document.
        public var claimsProviderIssuer: String { issuer + "/claims-provider" }
        /// Whether ID tokens carry `sid`, the provider's session of the user (one per subject, shared by every
        /// client, as one browser session is), and discovery lists back- and front-channel logout with
        /// sessions (OpenID Connect Back-Channel Logout 1.0 §2.1, Front-Channel Logout 1.0 §3). Off by default.
        public var issuesSessionIDs = false
        /// Where the provider fetches a request object passed by reference (an https `request_uri`, RFC 9101
        /// §5.2): the app's server, or a double of it. Nil: such a `request_uri` is an error page.
        public var requestURIHost: (any HTTPTransport)? = nil

        public init() {}
    }

    /// The provider's endpoints.
    public enum Endpoint: String, CaseIterable, Hashable, Sendable {
        case discovery = "/.well-known/openid-configuration"
        case authorizationServerMetadata = "/.well-known/oauth-authorization-server"
        case authorization = "/authorize"
        case token = "/token"
        case userinfo = "/userinfo"
        case jwks = "/jwks"
        case revocation = "/revoke"
        case endSession = "/logout"
        case deviceAuthorization = "/device_authorization"
        /// The page where the user enters a device's user code (RFC 8628 §3.3).
        case deviceVerification = "/device"
        /// The client registration endpoint (RFC 7591 §3).
        case registration = "/register"
        /// A protected resource (an API) that accepts this provider's access tokens and answers RFC 6750
        /// and RFC 9470 challenges: see ``protectResource(acrValues:maxAge:scope:)``.
        case resource = "/resource"
        /// The pushed authorization request endpoint (RFC 9126 §2).
        case pushedAuthorization = "/par"
        /// The token introspection endpoint (RFC 7662 §2), which answers JSON or, asked for
        /// `application/token-introspection+jwt`, a signed JWT (RFC 9701).
        case introspection = "/introspect"
        /// The backchannel authentication endpoint (OpenID CIBA Core 1.0 §7).
        case backchannelAuthentication = "/bc-authorize"
        /// The WebFinger resource (RFC 7033 §4), which names this provider as the issuer of any account or
        /// URL on its host (OpenID Connect Discovery 1.0 §2).
        case webFinger = "/.well-known/webfinger"
    }

    /// A failure to inject at an endpoint.
    public enum Failure: Sendable {
        /// A 400 with this OAuth error (RFC 6749 §5.2), e.g. `invalid_grant`.
        case oauthError(OAuthErrorCode)
        /// This status with an empty body, e.g. 500 or 503.
        case status(Int)
        /// This status with these header fields and an empty body, e.g. 429 with `Retry-After: 7`.
        case response(status: Int, headerFields: [HeaderField])
        /// Wait this long on the provider's clock, then answer normally.
        case delay(Duration)
        /// No response at all: the transport throws `AuthClientError.transportFailed(_:)`.
        case noResponse
    }

    /// Something wrong with the next ID token, to see the client refuse it.
    public enum IDTokenDefect: String, CaseIterable, Sendable {
        case wrongNonce, wrongAudience, wrongIssuer, badSignature, expired, wrongAccessTokenHash, unknownKey
    }

    /// What the user does on the authorization page.
    public enum Authorization: Sendable {
        /// Signs in as `subject` and approves.
        case approve(subject: String)
        /// Denies: `error=access_denied` (RFC 6749 §4.1.2.1).
        case deny
        /// The provider redirects with this error.
        case error(OAuthErrorCode)
        /// Approves, but an attacker's redirect with another state arrives instead (CSRF, RFC 6749 §10.12).
        case forgedState
        /// Closes the page: the session ends with `canceledLogin`.
        case cancel
    }

    public let configuration: Configuration
    /// The provider's time of day (tokens' `iat`, `exp`), before ``clockSkewSeconds``.
    public let clock: WallClock
    let sleeper: any Clock<Duration>
    let state: Locked<ProviderState>

    /// A provider with `configuration`, reading time from `clock`, sleeping on `sleeper` for injected delays,
    /// and drawing codes and tokens from a generator seeded with `seed` (the same seed gives the same tokens).
    public init(
        _ configuration: Configuration = Configuration(), clock: WallClock = .system, sleeper: any Clock<Duration> = ContinuousClock(),
        seed: UInt64 = 0x5eed
    ) {
        self.configuration = configuration
        self.clock = clock
        self.sleeper = sleeper
        state = Locked(ProviderState(generator: SeededRandomNumberGenerator(seed: seed), signingKey: configuration.signingKey))
    }

    /// The URL of an endpoint.
    public func url(of endpoint: Endpoint) -> String {
        // RFC 8414 §3.1: the well-known path goes between the host and the issuer's path.
        guard endpoint == .authorizationServerMetadata, let split = Self.originAndPath(configuration.issuer), !split.path.isEmpty else {
            return configuration.issuer + endpoint.rawValue
        }
        return split.origin + endpoint.rawValue + split.path
    }

    /// A client configuration that matches this provider: its issuer (loopback http allowed, for
    /// ``FakeProviderServer``), client id and authentication, first redirect URI, and `openid email profile`
    /// (no scopes when ``Configuration/supportsOpenIDConnect`` is false: a plain OAuth 2.0 client).
    /// Throws when the provider's own configuration is not one a client accepts.
    public var clientConfiguration: ClientConfiguration {
        get throws(AuthClientError) {
            try ClientConfiguration(
                issuer: configuration.issuer, clientID: configuration.clientID, clientAuthentication: configuration.clientAuthentication,
                redirectURI: configuration.redirectURIs.first ?? "",
                scopes: configuration.supportsOpenIDConnect ? [.openID, .email, .profile] : [],
                allowsInsecureLoopbackIssuer: true)
        }
    }

    /// The metadata its discovery document describes (its RFC 8414 metadata, for a plain OAuth 2.0 provider).
    public var metadata: ProviderMetadata {
        let openID = configuration.supportsOpenIDConnect
        var metadata = ProviderMetadata(
            issuer: configuration.issuer, authorizationEndpoint: url(of: .authorization), tokenEndpoint: url(of: .token),
            jwksURI: openID ? url(of: .jwks) : nil, userinfoEndpoint: openID ? url(of: .userinfo) : nil,
            endSessionEndpoint: openID ? url(of: .endSession) : nil,
            revocationEndpoint: configuration.listsRevocationEndpointInDiscovery ? url(of: .revocation) : nil,
            deviceAuthorizationEndpoint: url(of: .deviceAuthorization),
            authorizationResponseIssuerParameterSupported: configuration.sendsIssuerInAuthorizationResponse)
        metadata.pushedAuthorizationRequestEndpoint = url(of: .pushedAuthorization)
        metadata.requiresPushedAuthorizationRequests = configuration.requiresPushedAuthorizationRequests
        metadata.introspectionEndpoint = url(of: .introspection)
        metadata.backchannelAuthenticationEndpoint = url(of: .backchannelAuthentication)
        metadata.backchannelTokenDeliveryModesSupported = backchannelDeliveryModes
        metadata.backchannelUserCodeParameterSupported = true
        metadata.backchannelAuthenticationRequestSigningAlgorithmsSupported = configuration.requestObjectSigningAlgorithms.map(\.rawValue)
        metadata.requestObjectSigningAlgorithmsSupported = configuration.requestObjectSigningAlgorithms.map(\.rawValue)
        metadata.requiresSignedRequestObject = configuration.requiresSignedRequestObject
        metadata.responseModesSupported = Self.responseModes
        metadata.authorizationSigningAlgorithmsSupported = [configuration.signingKey.algorithm.rawValue]
        metadata.userinfoSigningAlgorithmsSupported = [configuration.signingKey.algorithm.rawValue]
        metadata.authorizationDetailsTypesSupported = configuration.authorizationDetailsTypes
        return metadata
    }

    /// The user agent that performs the authorization step against this provider.
    public func browser(_ authorization: Authorization = .approve(subject: "alice")) -> FakeBrowser {
        FakeBrowser(provider: self, authorization: authorization)
    }

    /// A user agent whose redirect reaches the app instead of the session, as a universal link does: the
    /// redirect URL goes to `handler` (the app's URL handler) and the page stays open until the session is
    /// cancelled — by `AuthClient.handleAuthenticationResponse(url:pending:)`.
    ///
    /// ```swift
    /// let browser = provider.browser(.approve(subject: "alice"), deliveringToApp: { url in links.yield(url) })
    /// ```
    public func browser(_ authorization: Authorization, deliveringToApp handler: @escaping @Sendable (String) -> Void) -> FakeBrowser {
        FakeBrowser(provider: self, authorization: authorization, deliverToApp: handler)
    }

    // MARK: Switches

    /// Makes the next `times` requests to `endpoint` fail with `failure`.
    public func fail(_ endpoint: Endpoint, with failure: Failure, times: Int = 1) {
        state.withLock { $0.failures[endpoint, default: []] += Array(repeating: failure, count: times) }
    }

    /// Makes the next ID token defective.
    public func spoilNextIDToken(_ defect: IDTokenDefect) {
        state.withLock { $0.defect = defect }
    }

    /// Puts `subject` in the next ID token's `sub`, whoever the grant is for: a provider that hands a refresh
    /// back with another user's ID token (OpenID Connect Core §12.2 says the client must refuse it).
    public func issueNextIDToken(forSubject subject: String) {
        state.withLock { $0.nextIDTokenSubject = subject }
    }

    /// Signs from now on with `key` (its `kid` must differ), publishing it alongside the old one.
    public func rotateSigningKey(to key: TestSigningKey) {
        state.withLock { state in
            state.publishedKeys.append(key)
            state.signingKey = key
        }
    }

    /// How far the provider's clock is ahead of ``clock`` (negative: behind), in seconds.
    public var clockSkewSeconds: Int64 {
        get { state.withLock { $0.skew } }
        set { state.withLock { $0.skew = newValue } }
    }

    /// Ends every access token issued so far: the next bearer request gets 401.
    public func expireAccessTokens() {
        state.withLock { $0.accessTokens.removeAll() }
    }

    /// Ends every refresh token issued so far: the next refresh gets `invalid_grant`.
    public func revokeRefreshTokens() {
        state.withLock { $0.refreshTokens.removeAll() }
    }

    /// How many requests reached `endpoint` (authorization counts the browser's visits).
    public func requestCount(_ endpoint: Endpoint) -> Int {
        state.withLock { $0.counts[endpoint, default: 0] }
    }

    /// Standard claims for a user (OpenID Connect Core §5.1).
    public static func claims(email: String, name: String) -> JSONObject {
        var object = JSONObject()
        try? object.append("email", .string(email))
        try? object.append("email_verified", true)
        try? object.append("name", .string(name))
        return object
    }
}
