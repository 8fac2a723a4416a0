// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
public import AuthCredentials
import AuthJSON
import AuthJWT
import AuthPKCE
public import AuthSession

/// An OpenID Connect client for native apps and CLIs: the authorization code flow with PKCE (RFC 6749
/// §4.1, RFC 7636, RFC 8252), ID-token validation (OpenID Connect Core §3.1.3.7), token storage, and
/// ``User`` sessions that refresh themselves.
///
/// ```swift
/// let configuration = try ClientConfiguration(issuer: "https://login.example.com", clientID: "my-app",
///                                             redirectURI: "com.example.app:/callback", scopes: [.openID, .email])
/// let client = try await AuthClient.discover(configuration, transport: URLSessionTransport(),
///                                            store: FileCredentialStore(path: path))
/// let user = if let saved = try await client.resumeLastUser() { saved } else { try await client.login(with: browser) }
/// let response = try await user.send(TransportRequest(method: .get, url: "https://api.example.com/me"))
/// ```
///
/// The steps of ``login(with:options:using:)``, each in its own method so it can be taught and tested:
/// 1. ``authorizationRequest(_:using:)`` — PKCE S256, state, nonce (Docs/AuthorizationRequest.md);
/// 2. the user agent runs in an `AuthenticationSession` until a redirect matches the callback;
/// 3. ``AuthorizationRequest/response(from:)`` — state and iss checked (Docs/Callback.md);
/// 4. ``exchangeCode(_:for:authorizationDetails:)`` — the code and verifier at the token endpoint (Docs/CodeExchange.md);
/// 5. ``validateIDToken(_:nonce:maxAge:accessToken:)`` — signature against the provider's JWKS, iss,
///    aud, exp, iat, nonce, at_hash (Docs/IDToken.md);
/// 6. the tokens are saved to the `CredentialStore` and a ``User`` is returned (Docs/StorageAndRefresh.md).
///
/// Security notes: the client never uses PKCE `plain`, never accepts `alg: none`, never accepts a
/// discovery document for another issuer, and never sends a bearer token to a non-https URL unless the
/// loopback exception is on. It does not check that the server verified the PKCE verifier (it cannot).
public final class AuthClient: Sendable {
    /// The client's configuration.
    public let configuration: ClientConfiguration
    /// The provider's endpoints and capabilities.
    public let metadata: ProviderMetadata
    /// Where HTTP requests go.
    public let transport: any HTTPTransport
    /// Where users' tokens are kept.
    public let store: any CredentialStore
    /// The time of day, for token expiry and ID-token checks.
    public let clock: WallClock
    /// What the client waits on between retries (see ``RetryPolicy``): a `ContinuousClock` unless a test
    /// injects another.
    public let sleeper: any Clock<Duration>
    /// Where the client reports its steps (see ``AuthLogger``): `.disabled` unless given.
    public let logger: AuthLogger

    let keySet: KeySetCache
    let logouts = LogoutBroadcast()
    /// The ``LoginState`` and its watchers.
    let loginStateBroadcast = LoginStateBroadcast()
    /// Every user's ``UserDelegate``s.
    let userDelegates = UserDelegateRegistry()
    /// The login waiting for its authorization response.
    let pendingLogins = PendingLoginSlot()
    /// The provider's discovery document and JWK Set as last cached in the store (see `AuthClient+ProviderCache`).
    let providerCacheState = ProviderCacheState()
    /// One ``User`` per grant and account, so that every handle on a user shares its tokens and its refresh.
    let users = UserRegistry()
    /// The RFC 8414 `revocation_endpoint`, once looked up (`.some(nil)`: the provider has none).
    let authorizationServerRevocationEndpoint = Locked<String??>(nil)
    /// The RFC 8414 `introspection_endpoint`, once looked up (`.some(nil)`: the provider has none).
    let authorizationServerIntrospectionEndpoint = Locked<String??>(nil)
    /// The latest `DPoP-Nonce` from each server (RFC 9449 §8, §9), by origin.
    let dpopNonces = Locked<[String: String]>([:])
    /// The `jti`s of the logout tokens accepted (Back-Channel Logout 1.0 §2.6 step 8), unless the app passes its own cache.
    let logoutTokenReplays: InMemoryLogoutTokenReplayCache

    /// A client for a provider whose metadata is known. Checks that the metadata is for the configured
    /// issuer, byte for byte (``AuthClientError/issuerMismatch(expected:actual:)`` otherwise), that every
    /// endpoint is https (or loopback http when allowed), and that `requiresDPoPBoundTokens` comes with
    /// `usesDPoP` (``AuthClientError/invalidConfiguration(_:)``); with a ``ClientConfiguration/fapi2Profile``,
    /// that the configuration and the provider keep to it (``AuthClientError/fapi2Violation(_:)``).
    public convenience init(
        configuration: ClientConfiguration, metadata: ProviderMetadata, transport: some HTTPTransport,
        store: some CredentialStore = InMemoryCredentialStore(), clock: WallClock = .system,
        sleeper: any Clock<Duration> = ContinuousClock(), logger: AuthLogger = .disabled
    ) throws(AuthClientError) {
        try self.init(
            configuration: configuration, metadata: metadata, transport: transport, store: store, clock: clock, sleeper: sleeper,
            keySet: nil, logger: logger)
    }

    /// The client, with its JWK Set cache seeded from the provider cache when `keySet` is given.
    init(
        configuration: ClientConfiguration, metadata: ProviderMetadata, transport: any HTTPTransport, store: any CredentialStore,
        clock: WallClock, sleeper: any Clock<Duration>, keySet cachedKeySet: (keys: JWKSet, body: String, savedAt: Int64)?,
        logger: AuthLogger = .disabled
    ) throws(AuthClientError) {
        guard metadata.issuer.utf8.elementsEqual(configuration.issuer.utf8) else {
            throw .issuerMismatch(expected: configuration.issuer, actual: metadata.issuer)
        }
        try metadata.validate(allowsInsecureLoopback: configuration.allowsInsecureLoopbackIssuer)
        if configuration.requiresDPoPBoundTokens, !configuration.usesDPoP {
            throw .invalidConfiguration("requiresDPoPBoundTokens needs usesDPoP: without DPoP no token can be DPoP-bound")
        }
        guard configuration.requestObjectLifetimeSeconds > 0 else {
            throw .invalidConfiguration("requestObjectLifetimeSeconds must be positive")
        }
        try Self.checkFAPI2(configuration, metadata)
        self.configuration = configuration
        self.metadata = metadata
        self.transport = transport
        self.store = store
        self.clock = clock
        self.sleeper = sleeper
        self.logger = logger
        logoutTokenReplays = InMemoryLogoutTokenReplayCache(now: { [clock] in clock.now().secondsSince1970 })
        keySet =
            cachedKeySet.map {
                KeySetCache(
                    url: metadata.jwksURI, cached: $0.keys, body: $0.body, fetchedAt: NumericDate(secondsSince1970: $0.savedAt),
                    observe: KeySetCache.logging(to: logger))
            }
            ?? KeySetCache(url: metadata.jwksURI, observe: KeySetCache.logging(to: logger))
    }

    /// Fetches `/.well-known/openid-configuration` under the issuer (OpenID Connect Discovery §4), checks
    /// it (see ``ProviderMetadata``) and makes a client.
    ///
    /// Offline: when the request gets no response, 5xx or 429, and the store holds a `ProviderCache` for
    /// the issuer (saved at a login), the client is made from the cached discovery document and JWK Set,
    /// checked again as if just fetched, and ``isUsingProviderCache`` is true — so ``resumeLastUser()``
    /// works without a network. When discovery succeeds again, the cache is refreshed (see Docs/StorageAndRefresh.md).
    public static func discover(
        _ configuration: ClientConfiguration, transport: some HTTPTransport,
        store: some CredentialStore = InMemoryCredentialStore(), clock: WallClock = .system,
        sleeper: any Clock<Duration> = ContinuousClock(), logger: AuthLogger = .disabled
    ) async throws(AuthClientError) -> AuthClient {
        let base = configuration.issuer.hasSuffix("/") ? String(configuration.issuer.dropLast()) : configuration.issuer
        var request = TransportRequest(method: .get, url: base + "/.well-known/openid-configuration")
        request.setHeader("Accept", "application/json")
        logger.log(.info, .discovery, "fetching the discovery document", ["url": .url(request.url)])
        let response: TransportResponse
        do {
            response = try await transport.exchange(request)
        } catch {
            logger.log(.error, .discovery, "no discovery document", ["error": .text(error.description)])
            guard isTransient(error), let client = try await cachedClient(configuration, transport, store, clock, sleeper, logger) else {
                throw error
            }
            return client
        }
        guard response.status == 200 else {
            logger.log(.error, .discovery, "no discovery document", ["status": .number(Int64(response.status))])
            if isTransient(.unexpectedResponse(endpoint: "discovery", status: response.status, reason: "")),
                let client = try await cachedClient(configuration, transport, store, clock, sleeper, logger)
            {
                return client
            }
            // The URL is the issuer's, public and free of secrets; showing it makes a wrong issuer (a missing
            // realm or tenant path, a typo) obvious.
            let hint =
                response.status == 404
                ? "; check the issuer, which must be the provider's issuer identifier exactly (the document is at issuer + "
                    + "/.well-known/openid-configuration, OpenID Connect Discovery §4)"
                : ""
            throw .unexpectedResponse(
                endpoint: "discovery", status: response.status, reason: "no discovery document at \(request.url)\(hint)")
        }
        let metadata: ProviderMetadata
        do {
            metadata = try ProviderMetadata(
                json: response.body, expectedIssuer: configuration.issuer,
                allowsInsecureLoopback: configuration.allowsInsecureLoopbackIssuer)
        } catch {
            logger.log(.error, .discovery, "the discovery document was refused", ["error": .text(error.description)])
            throw error
        }
        logger.log(.debug, .discovery, "provider metadata checked", ["issuer": .text(metadata.issuer)])
        let client = try AuthClient(
            configuration: configuration, metadata: metadata, transport: transport, store: store, clock: clock, sleeper: sleeper,
            logger: logger)
        await client.discovered(response.body)
        return client
    }

    // MARK: The flow

    /// Step 1: a new authorization request with fresh PKCE, state and nonce from `generator`. A request that
    /// must be pushed (RFC 9126) throws `pushedAuthorizationUnavailable`: use
    /// ``preparedAuthorizationRequest(_:using:)``, which pushes it.
    public func authorizationRequest(
        _ options: AuthorizationRequest.Options = .init(), using generator: inout some RandomNumberGenerator
    ) throws(AuthClientError) -> AuthorizationRequest {
        if try pushes(options) { throw .pushedAuthorizationUnavailable("this request must be pushed: use preparedAuthorizationRequest") }
        if try signsRequestObject(options) {
            throw .requestObjectUnavailable("this request carries a signed request object: use preparedAuthorizationRequest")
        }
        return try makeAuthorizationRequest(options, using: &generator)
    }

    /// Builds a request (not pushed) and logs it, without its secrets.
    func makeAuthorizationRequest(
        _ options: AuthorizationRequest.Options, using generator: inout some RandomNumberGenerator
    ) throws(AuthClientError) -> AuthorizationRequest {
        let options = try fapi2Options(options)
        let request = try AuthorizationRequest(configuration: configuration, metadata: metadata, options: options, using: &generator)
        logger.log(
            .debug, .authorizationURL, "authorization URL built",
            ["endpoint": .url(request.url.text), "state": .redacted, "nonce": .redacted, "code_challenge": .redacted])
        return request
    }

    /// The whole login: builds the request, runs `userAgent` in an `AuthenticationSession`, checks the
    /// response, exchanges the code, validates the ID token (and the step-up the options ask for), saves
    /// the tokens and returns the user.
    ///
    /// The browser session is private when `options.prefersEphemeralWebBrowserSession` says so, else as the
    /// configuration says. While it runs, the login is the client's ``pendingLogin`` and the state is
    /// ``LoginState/loggingIn``; a redirect that reaches the app some other way (a universal link) completes
    /// it through `handleAuthenticationResponse(url:pending:)`, which also closes the session — this
    /// call then returns that login's user.
    public func login(
        with userAgent: some UserAgent, options: AuthorizationRequest.Options = .init(),
        using generator: inout some RandomNumberGenerator
    ) async throws(AuthClientError) -> User {
        let request = try await preparedAuthorizationRequest(options, using: &generator)
        let session = AuthenticationSession(url: request.url, callback: request.callback, userAgent: userAgent)
        session.expectedRedirect = request.expectedRedirect
        session.prefersEphemeralWebBrowserSession =
            options.prefersEphemeralWebBrowserSession ?? configuration.prefersEphemeralWebBrowserSession
        let id = startPendingLogin(request, session: session)
        let redirect: Redirect
        do {
            redirect = try await session.authenticate()
        } catch {
            if let handOff = pendingLogins.handOff(of: id) { return try await handOff.value.get() }
            loginStateBroadcast.loginEnded(with: nil)
            throw .session(error)
        }
        guard pendingLogins.takeForRedirect(id) else {
            if let handOff = pendingLogins.handOff(of: id) { return try await handOff.value.get() }
            loginStateBroadcast.loginEnded(with: nil)
            throw .session(.canceledLogin)
        }
        return try await finishLogin(request, redirect: redirect)
    }

    /// ``login(with:options:using:)`` with the system's secure random number generator.
    public func login(with userAgent: some UserAgent, options: AuthorizationRequest.Options = .init()) async throws(AuthClientError) -> User
    {
        var generator = SystemRandomNumberGenerator()
        return try await login(with: userAgent, options: options, using: &generator)
    }

    /// Steps 3–6 for a redirect that arrived some other way (a universal link, a form_post your server
    /// forwarded): checks it against `request`, exchanges the code and returns the saved user.
    public func completeLogin(_ request: AuthorizationRequest, redirect: Redirect) async throws(AuthClientError) -> User {
        let response: AuthorizationResponse
        do {
            response = try await authorizationResponse(for: request, redirect: redirect)
        } catch {
            logger.log(.error, .callback, "the redirect was refused", ["error": .text(error.description)])
            throw error
        }
        logger.log(.info, .callback, "authorization response received", ["code": .redacted])
        let tokens = try await exchangeCode(response.code, for: request)
        return try await signIn(
            with: tokens, nonce: request.nonce.value, maxAge: request.options.maxAge, options: request.options, resources: request.resources
        )
    }

    /// Steps 5–6 for tokens from any grant: identifies the account, saves the tokens under the grant and
    /// returns the user. An OpenID Connect client (``ClientConfiguration/isOpenIDConnect``) validates the ID
    /// token (with `nonce` and `maxAge` when the request had them) and takes its `sub`; with
    /// `identifiesByUserInfo`, tokens that came without an ID token are tied to the userinfo `sub` instead
    /// (see ``pollDeviceAuthorization(_:onPoll:)``). A plain OAuth 2.0 client identifies no subject: the
    /// grant alone names the session, and an ID token in the response is not kept (it was not asked for,
    /// so it is not validated either). `resources` are the RFC 8707 resources the tokens were asked for
    /// (nil: the configuration's); they are part of the grant. `checkIDToken` adds a grant's own checks of
    /// the validated ID token (CIBA's `auth_req_id` claim).
    func signIn(
        with tokens: TokenSet, nonce: String?, maxAge: Int64?, options: LoginOptions? = nil, identifiesByUserInfo: Bool = false,
        resources: [String]? = nil, checkIDToken: (IDToken) throws(AuthClientError) -> Void = { _ in }
    ) async throws(AuthClientError) -> User {
        var tokens = tokens
        let subject: String?
        var email: String? = nil
        if !configuration.isOpenIDConnect {
            tokens.idToken = nil
            subject = nil
        } else if let idToken = tokens.idToken {
            let validated = try await validateIDToken(idToken, nonce: nonce, maxAge: maxAge, accessToken: tokens.accessToken)
            if let options { try checkAuthentication(of: validated, against: options) }
            try checkIDToken(validated)
            subject = validated.subject
            email = try? validated.claims.email
        } else if identifiesByUserInfo, let endpoint = metadata.userinfoEndpoint {
            var request = TransportRequest(method: .get, url: endpoint)
            request.setHeader("Accept", "application/json, application/jwt")
            let response = try await send(request, authorizedWith: tokens, tokenInBody: configuration.sendsUserInfoTokenInBody)
            guard response.status == 200 else {
                throw .unexpectedResponse(
                    endpoint: "userinfo", status: response.status, reason: "no profile to identify the user (OpenID Connect Core §5.3)")
            }
            let info = try await userInfo(from: response, expectedSubject: nil)
            subject = info.subject
            email = try? info.claims.email
        } else {
            throw .missingIDToken
        }
        let grant = GrantIdentity(
            issuer: configuration.issuer, clientID: configuration.clientID, resources: resources ?? configuration.resources)
        do {
            try await store.save(StoredCredential(user: subject ?? "", grant: grant, email: email, tokens: tokens))
        } catch {
            throw .store(error)
        }
        await saveProviderCache()
        let user = await users.user(subject, grant: grant, client: self, signedInWith: tokens)
        loginStateBroadcast.userArrived(user)
        return user
    }

    /// The grant this client's sessions belong to by default: the configured issuer, client id and
    /// resources (RFC 8707). ``resumeLastUser()`` resumes the account of this grant saved last; a login
    /// whose options name other resources is a grant of its own.
    public var grant: GrantIdentity {
        GrantIdentity(issuer: configuration.issuer, clientID: configuration.clientID, resources: configuration.resources)
    }

    /// The account of this client's ``grant`` saved last, with its tokens, or nil when there is none (or
    /// its tokens were removed). The tokens are used as stored; an expired access token is refreshed on the
    /// first request. When this client already has a ``User`` for that account, that same object is
    /// returned, so that two handles never refresh the same refresh token twice.
    ///
    /// Only a record of this grant is resumed: a store shared with other issuers, clients or resources
    /// never hands their tokens to this client. A record written before grants were kept (a version-1 store,
    /// keyed by `sub` alone) is taken over once, and only when its ID token names this client's issuer
    /// (`iss`) and client (`aud`, and `azp` when present) — the ID token was validated when it was saved; a
    /// record without an ID token, or of another issuer, stays where it is.
    public func resumeLastUser() async throws(AuthClientError) -> User? {
        let grant = grant
        var stored: StoredCredential?
        do {
            stored = try await store.lastCredential(for: grant)
            if stored == nil { stored = try await claimLegacyRecord(for: grant) }
        } catch {
            throw .store(error)
        }
        guard let stored, let tokens = stored.tokens else { return nil }
        let user = await users.user(stored.subject, grant: grant, client: self, resumingWith: tokens)
        loginStateBroadcast.userArrived(user)
        return user
    }

    /// The last record without a grant, tied to `grant` when its ID token was issued by this client's
    /// issuer to this client; under the refresh lock, so that no refresh of the grant runs meanwhile.
    private func claimLegacyRecord(for grant: GrantIdentity) async throws(AuthCredentialsError) -> StoredCredential? {
        guard let legacy = try await store.lastCredential(for: nil), let tokens = legacy.tokens, let idToken = tokens.idToken,
            Self.idToken(idToken, names: grant, subject: legacy.user)
        else {
            // Another client (or process) may have claimed it since this one looked for the grant.
            return try await store.lastCredential(for: grant)
        }
        let store = store
        let claimed = try await store.withRefreshLock(for: grant) { () async -> Result<StoredCredential?, AuthCredentialsError> in
            do throws(AuthCredentialsError) {
                // Only the record whose ID token was checked: compared again in the same step as the claim.
                return .success(try await store.claimLegacyCredential(user: legacy.user, for: grant, ifTokensAre: tokens))
            } catch {
                return .failure(error)
            }
        }
        if let claimed = try claimed.get() {
            logger.log(.info, .resume, "a record saved before grants were kept now belongs to this grant", ["user": .text(claimed.user)])
            return claimed
        }
        return try await store.lastCredential(for: grant)
    }

    /// Whether the (already validated when saved) ID token `token` names `grant`'s issuer and client and
    /// the subject `subject`. Its signature is not checked again: this only attributes a stored record.
    static func idToken(_ token: String, names grant: GrantIdentity, subject: String) -> Bool {
        guard let jws = try? JWS(compact: token), let object = try? JSONValue(parsing: jws.payload).objectValue else { return false }
        let claims = JWTClaims(object)
        guard let issuer = try? claims.issuer, issuer.utf8.elementsEqual(grant.issuer.utf8),
            let sub = try? claims.subject, sub.utf8.elementsEqual(subject.utf8),
            let audience = try? claims.audience, audience.contains(where: { $0.utf8.elementsEqual(grant.clientID.utf8) })
        else { return false }
        if let party = try? claims.authorizedParty, !party.utf8.elementsEqual(grant.clientID.utf8) { return false }
        return true
    }

    /// A stream of every logout from now on: requested by the app, or forced by a failed refresh.
    public func logoutEvents() -> AsyncStream<LogoutEvent> {
        logouts.stream()
    }

    /// The RP-initiated logout URL (OpenID Connect RP-Initiated Logout 1.0 §2) to open in the user agent, or
    /// nil when the provider has no `end_session_endpoint`.
    public func endSessionURL(idTokenHint: String?, postLogoutRedirectURI: String? = nil, state: String? = nil) -> URI? {
        guard let endpoint = metadata.endSessionEndpoint else { return nil }
        var parameters = [FormParameter(name: "client_id", value: configuration.clientID)]
        if let idTokenHint { parameters.append(FormParameter(name: "id_token_hint", value: idTokenHint)) }
        if let postLogoutRedirectURI { parameters.append(FormParameter(name: "post_logout_redirect_uri", value: postLogoutRedirectURI)) }
        if let state { parameters.append(FormParameter(name: "state", value: state)) }
        return try? URI(parsing: SecureURL.appending(parameters, to: endpoint))
    }
}
