// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
public import AuthCredentials
import AuthJSON
import AuthJWT

/// A signed-in user: their tokens, bearer requests that refresh themselves, the userinfo profile, logout.
///
/// ```swift
/// let user = try await client.login(with: browser)
/// let request = TransportRequest(method: .get, url: "https://api.example.com/orders")
/// let response = try await user.send(request)      // Authorization: Bearer …, refreshed if needed
/// let profile = try await user.fetchProfile()      // OpenID Connect Core §5.3
/// let result = try await user.logout()             // revokes, forgets, tells logoutEvents()
/// ```
///
/// Refresh rules (RFC 6749 §6, RFC 6750 §3.1), each tested with the fault injected:
/// - before a request, the access token is refreshed if it expires within the configuration's
///   `refreshWindowSeconds`; a request answered 401 is refreshed once and retried once;
/// - the tokens belong to one grant (``grant``: issuer, client, resources) and are read, saved and removed
///   under it only, so a store shared by several issuers, clients or MCP servers never mixes them;
/// - refresh is single-flight per user of a client: however many requests (and however many handles from
///   ``AuthClient/resumeLastUser()``) need it at once, one refresh is made;
/// - a refresh holds the store's refresh lock for the grant (`CredentialStore.withRefreshLock(for:_:)`;
///   across processes for `FileCredentialStore`) and reads the store again inside it: tokens another client
///   or process saved since are used instead of refreshing a refresh token that may already be spent;
/// - a rotated refresh token is saved to the store **as soon as it arrives**, before the refreshed ID token
///   is validated; if validation then fails (a JWKS outage, another user's `sub`), the new access token is not
///   used, but the new refresh token is kept, so the next refresh works;
/// - transient failures (no response, 5xx, 429, `server_error`, `temporarily_unavailable`) are retried
///   under the configuration's ``RetryPolicy`` and then thrown; the user stays signed in;
/// - a 401 (or `refreshTokens()`) without a refresh token throws ``AuthClientError/reauthorizationRequired``
///   and changes nothing: the tokens stay stored, the user signed in;
/// - a 200 refresh answer refused after it arrived keeps the refresh token it rotated (saved first);
/// - only `invalid_grant` (the refresh token is invalid, expired or revoked: RFC 6749 §5.2) ends the
///   session: the user's tokens are removed from the store — unless the store holds
///   newer tokens than the refused ones, which are then used instead — a ``LogoutEvent`` is sent, and the
///   request throws ``AuthClientError/refreshFailed(_:)``. Other OAuth errors (`invalid_client`, …) point
///   at the client's configuration, not the user: they are thrown and the user stays signed in;
/// - when a save fails, the tokens are kept in memory. If the store then lacks the newest refresh token,
///   every call first saves again and throws ``AuthClientError/store(_:)`` until it succeeds, so that no
///   refresh token lives only in memory unnoticed; if only a newer access token is unsaved, calls go on.
///
/// Not guaranteed: a process killed between the token response and the save loses the rotated refresh
/// token (the store still holds the previous one, which works again only where the provider allows reuse).
public actor User {
    /// The client that signed the user in.
    public nonisolated let client: AuthClient
    /// The grant the tokens belong to: the client's issuer and client id, and the resources (RFC 8707) the
    /// login asked for. The store keeps the tokens under it; they are never sent to another issuer.
    public nonisolated let grant: GrantIdentity
    /// The user's `sub` at the provider: from the validated ID token, or the userinfo response; nil for a
    /// plain OAuth 2.0 grant, whose provider names no subject (the grant alone identifies the session).
    public nonisolated let subject: String?
    /// The account within the grant, as the store keys it: the subject, or the empty string without one.
    nonisolated var account: String { subject ?? "" }
    /// What one client's registries (users, delegates, login state) key this user by: grant and account.
    nonisolated var registryKey: String { Self.registryKey(grant, account) }

    static func registryKey(_ grant: GrantIdentity, _ account: String) -> String {
        grant.description + "\u{0}" + account
    }
    /// The current tokens; nil once logged out.
    public internal(set) var tokens: TokenSet?
    /// How many refreshes this user has made (each may have taken several attempts: see ``RetryPolicy``).
    public private(set) var refreshCount = 0
    private(set) var refreshing: Task<Result<TokenSet, AuthClientError>, Never>?
    /// The callers waiting for the running refresh, each resumed once: by its result, or by the caller's
    /// own cancellation (the refresh goes on for the others).
    private var waiters: [Int: CheckedContinuation<Result<TokenSet, AuthClientError>, Never>] = [:]
    private var nextWaiter = 0
    /// Tokens the store does not have yet because a save failed; saved again before the next use.
    private var unsaved: TokenSet?
    /// The refresh token the store is known to hold.
    private var storedRefreshToken: String?
    /// Changes when the user logs in or out, so that a refresh that was running then does not bring old
    /// tokens back.
    private(set) var generation = 0
    /// Access tokens for single resources (RFC 8707), by resource, with the generation they belong to.
    var resourceTokens: [String: (generation: Int, tokens: TokenSet)] = [:]
    /// The resource token request in flight: it spends the refresh token too, so it and a refresh never overlap.
    var resourceRefreshing: Task<Result<TokenSet, AuthClientError>, Never>?

    init(client: AuthClient, grant: GrantIdentity, subject: String?, tokens: TokenSet) {
        self.client = client
        self.grant = grant
        self.subject = subject
        self.tokens = tokens
        storedRefreshToken = tokens.refreshToken
    }

    /// Whether the user still has tokens.
    public var isLoggedIn: Bool { tokens != nil }

    /// Sends `request` with `Authorization: Bearer <access token>` (RFC 6750 §2.1) — or, for a DPoP-bound
    /// token, `Authorization: DPoP` with a `DPoP` proof (RFC 9449 §7.1, see
    /// ``AuthClient/send(_:authorizedWith:)``) — refreshing first when the token is about to expire, and
    /// once more on a 401 (see the type's documentation).
    ///
    /// A refusal is read from its `WWW-Authenticate` challenges (see `User+Challenges.swift`): a 401
    /// `invalid_token` (or a 401 without an error code) is refreshed once and retried once;
    /// `insufficient_user_authentication` (RFC 9470) throws ``AuthClientError/stepUpRequired(acrValues:maxAge:)``
    /// and `insufficient_scope` (RFC 6750 §3.1) ``AuthClientError/insufficientScope(scope:)``, and a DPoP
    /// `invalid_dpop_proof` (RFC 9449 §7.1) ``AuthClientError/dpopProofRefused(reason:)``, without a
    /// refresh, which could not help. A 401 without a refresh token throws
    /// ``AuthClientError/reauthorizationRequired`` and keeps the tokens. Every other response is returned as it came.
    ///
    /// The URL must be https (or loopback http when the configuration allows an insecure loopback issuer):
    /// a bearer token is never sent in the clear (RFC 6750 §5.3). Otherwise ``AuthClientError/insecureURL(name:url:)``,
    /// before any refresh. The rule is ``AuthClient/send(_:authorizedWith:)``'s, checked in one place.
    public func send(_ request: TransportRequest) async throws(AuthClientError) -> TransportResponse {
        try await send(request, tokenInBody: false)
    }

    /// ``send(_:)``, with a Bearer token in the form body (RFC 6750 §2.2) when `tokenInBody` is true.
    func send(_ request: TransportRequest, tokenInBody: Bool) async throws(AuthClientError) -> TransportResponse {
        try client.checkTokenDestination(request.url)
        let tokens = try await validTokens()
        let response = try await client.send(request, authorizedWith: tokens, tokenInBody: tokenInBody)
        try Self.classifyRefusal(response)
        guard response.status == 401 else { return response }
        client.logger.log(.info, .retry, "the request was answered 401: refreshing, then trying once more", ["url": .url(request.url)])
        let refreshed = try await refresh(replacing: tokens)
        let retried = try await client.send(request, authorizedWith: refreshed, tokenInBody: tokenInBody)
        try Self.classifyRefusal(retried)
        return retried
    }

    /// Tokens that are not about to expire: the current ones, or refreshed ones.
    public func validTokens() async throws(AuthClientError) -> TokenSet {
        guard let tokens else { throw .loggedOut }
        try await saveUnsaved()
        if tokens.refreshToken != nil,
            tokens.needsRefresh(at: client.clock.now(), window: client.configuration.refreshWindowSeconds)
        {
            return try await refresh(replacing: tokens)
        }
        return tokens
    }

    /// Refreshes now, whatever the expiry, unless a refresh is already running (then waits for it).
    @discardableResult
    public func refreshTokens() async throws(AuthClientError) -> TokenSet {
        guard let tokens else { throw .loggedOut }
        try await saveUnsaved()
        return try await refresh(replacing: tokens)
    }

    /// Fetches the userinfo claims (OpenID Connect Core §5.3) with the access token, checks them, and — given
    /// a `policy` — merges the aggregated and distributed claims they point to (Core §5.6.2).
    ///
    /// ```swift
    /// let profile = try await user.fetchProfile()
    /// let merged = try await user.fetchProfile(resolvingClaimSourcesWith: ClaimSourcePolicy(trustedIssuers: [
    ///     "https://claims.example.com"]))
    /// ```
    ///
    /// The token goes in the `Authorization` header, or in the form body of a POST when the configuration's
    /// ``ClientConfiguration/sendsUserInfoTokenInBody`` says so (RFC 6750 §2.2; a DPoP-bound token keeps the
    /// header). The answer is read by ``AuthClient/userInfo(from:expectedSubject:)``: a signed JWT is verified
    /// (`alg`, signature with the provider's keys, `iss`, `aud` when present), an encrypted one refused, and
    /// `sub` must be this user's (§5.3.2: ``AuthClientError/userInfoSubjectMismatch``). With a `policy`, see
    /// ``AuthClient/resolvingClaimSources(of:policy:)``.
    public func fetchProfile(resolvingClaimSourcesWith policy: ClaimSourcePolicy? = nil) async throws(AuthClientError) -> UserInfo {
        guard let endpoint = client.metadata.userinfoEndpoint else { throw .endpointNotAvailable("userinfo") }
        var request = TransportRequest(method: .get, url: endpoint)
        request.setHeader("Accept", "application/json, application/jwt")
        let response = try await send(request, tokenInBody: client.configuration.sendsUserInfoTokenInBody)
        guard response.status == 200 else {
            throw .unexpectedResponse(endpoint: "userinfo", status: response.status, reason: "no profile")
        }
        let info = try await client.userInfo(from: response, expectedSubject: subject)
        guard let policy else { return info }
        return try await client.resolvingClaimSources(of: info, policy: policy)
    }

    /// Logs out: revokes the refresh token (or the access token when there is none) where the provider
    /// supports RFC 7009 — found in discovery or in the RFC 8414 metadata — then, whatever the revocation
    /// did, forgets the tokens, removes the user from the store and sends a ``LogoutEvent``.
    ///
    /// ```swift
    /// let result = try await user.logout()
    /// if !result.didRevoke { print("not revoked: \(result.revocation)") }
    /// if let url = result.endSessionURL { open(url) }    // ends the provider's own session too
    ///
    /// // Back to the app after the provider's logout, with a state to check on return:
    /// let back = try await user.logout(postLogoutRedirectURI: "com.example.app:/logged-out", state: logoutState)
    /// ```
    ///
    /// The result's ``LogoutResult/endSessionURL`` (OpenID Connect RP-Initiated Logout 1.0 §2) carries
    /// `client_id`, the ID token as `id_token_hint` when there is one, and `post_logout_redirect_uri` and
    /// `state` when given — built by ``AuthClient/endSessionURL(idTokenHint:postLogoutRedirectURI:state:)``.
    /// The provider, not the client, checks that the redirect URI is registered for the client; the app
    /// compares the `state` that comes back with the one it sent.
    ///
    /// The result says whether the provider revoked the token; a revocation that failed or was not possible
    /// does not stop the logout, and is never reported as done. Throws only when the store cannot be written
    /// (the user is logged out in memory all the same). A user already logged out gets `.skipped`.
    @discardableResult
    public func logout(
        revokeTokens: Bool = true, postLogoutRedirectURI: String? = nil, state: String? = nil
    ) async throws(AuthClientError) -> LogoutResult {
        // A refresh in flight may rotate the refresh token: wait for it, so that the live one is revoked and
        // the refresh cannot bring tokens back after the logout.
        await waitForRefreshes()
        guard let tokens else { return LogoutResult(revocation: .skipped, endSessionURL: nil) }
        generation += 1
        self.tokens = nil
        unsaved = nil
        var revocation = LogoutResult.Revocation.skipped
        if revokeTokens {
            let (token, hint) = tokens.refreshToken.map { ($0, "refresh_token") } ?? (tokens.accessToken, "access_token")
            do {
                revocation = try await client.revoke(token, hint: hint) ? .revoked(tokenTypeHint: hint) : .notSupported
            } catch {
                revocation = .failed(error)
            }
        }
        client.logger.log(
            .info, .logout, "logged out",
            ["user": .text(account), "revoked": .flag(LogoutResult(revocation: revocation, endSessionURL: nil).didRevoke)])
        try await end(.requested)
        return LogoutResult(
            revocation: revocation,
            endSessionURL: client.endSessionURL(idTokenHint: tokens.idToken, postLogoutRedirectURI: postLogoutRedirectURI, state: state))
    }

    /// The provider ended this session (a back-channel or front-channel logout): forgotten, removed from
    /// the store, listeners told; nothing is revoked, and no request is made. False when already logged out.
    func endedByProvider(sessionID: String?) async throws(AuthClientError) -> Bool {
        await waitForRefreshes()
        guard tokens != nil else { return false }
        client.logger.log(.info, .logout, "the provider ended the session", ["user": .text(account)])
        try await end(.providerLoggedOut(sessionID: sessionID))
        return true
    }

    /// Waits until no refresh (of the user's tokens or of a resource's) is running.
    private func waitForRefreshes() async {
        while await awaitRunningRefresh() {}
    }

    /// Waits for the refresh that is running (the user's tokens first, else a resource's), if any; false
    /// when none was running.
    func awaitRunningRefresh() async -> Bool {
        if let running = refreshing {
            _ = await running.value
        } else if let running = resourceRefreshing {
            _ = await running.value
        } else {
            return false
        }
        return true
    }

    // MARK: Handles (see UserRegistry)

    /// A new login for this subject: its tokens replace ours.
    func signedIn(with fresh: TokenSet) {
        generation += 1
        tokens = fresh
        unsaved = nil
        storedRefreshToken = fresh.refreshToken
    }

    /// Tokens read from the store by another handle: used only when this user has none.
    func resumed(with stored: TokenSet) {
        guard tokens == nil else { return }
        signedIn(with: stored)
    }

    // MARK: Refresh

    /// Single-flight refresh: `stale` is the token set the caller used. If the user's tokens have changed
    /// since, they are returned at once; if a refresh is running, the caller waits for it. A caller whose
    /// task is cancelled stops waiting at once (`TransportFailure.Kind.cancelled`); the refresh goes on
    /// for the others.
    private func refresh(replacing stale: TokenSet) async throws(AuthClientError) -> TokenSet {
        while refreshing == nil, let running = resourceRefreshing { _ = await running.value }
        guard let current = tokens else { throw .loggedOut }
        if current.accessToken != stale.accessToken { return current }
        if refreshing == nil {
            client.logger.log(.info, .refresh, "refreshing the tokens", ["user": .text(account), "refresh_token": .redacted])
            refreshing = Task {
                let result = await self.performRefresh(current)
                self.finishRefresh(result)
                return result
            }
        }
        let id = nextWaiter
        nextWaiter += 1
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<TokenSet, AuthClientError>, Never>) in
                if Task.isCancelled {
                    continuation.resume(returning: .failure(.transportFailed(TransportFailure(.cancelled))))
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
        return try result.get()
    }

    /// The refresh is over: every waiter gets its result, and the next refresh may start.
    private func finishRefresh(_ result: Result<TokenSet, AuthClientError>) {
        refreshing = nil
        switch result {
        case .success: client.logger.log(.info, .refresh, "tokens refreshed", ["user": .text(account), "access_token": .redacted])
        case .failure(let error):
            client.logger.log(.error, .refresh, "the refresh failed", ["user": .text(account), "error": .text(error.description)])
        }
        let waiting = waiters
        waiters.removeAll()
        for continuation in waiting.values { continuation.resume(returning: result) }
    }

    private func cancelWaiter(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume(returning: .failure(.transportFailed(TransportFailure(.cancelled))))
    }

    /// One refresh (with its retries) under the store's refresh lock for this grant, so that no other
    /// client or process sharing the store spends the same refresh token meanwhile (see
    /// `CredentialStore.withRefreshLock(for:_:)`). A lock that cannot be had is a store error: the user
    /// stays signed in.
    private func performRefresh(_ start: TokenSet) async -> Result<TokenSet, AuthClientError> {
        do {
            return try await client.store.withRefreshLock(for: grant) { await self.performLockedRefresh(start) }
        } catch {
            return .failure(.store(error))
        }
    }

    /// The refresh itself, holding the lock: newer stored tokens first (read again now that no one else can
    /// change them), then the token endpoint; a refusal ends the session unless the store has moved on; a
    /// success goes through `accept(_:replacing:receivedAt:started:)`.
    private func performLockedRefresh(_ start: TokenSet) async -> Result<TokenSet, AuthClientError> {
        let started = generation
        var current = start
        if let newer = await newerStoredTokens(than: current) {
            guard generation == started else { return superseded() }
            adopt(newer)
            if !needsRefresh(newer) { return .success(newer) }
            current = newer
        }
        guard generation == started else { return superseded() }
        // No refresh token: nothing to spend and nothing to end. The tokens stay (a 401 may be the
        // resource server's own outage); the app decides when to log in again.
        guard current.refreshToken != nil else { return .failure(.reauthorizationRequired) }
        var adoptedAfterRefusal = false
        while true {
            refreshCount += 1
            let receivedAt = client.clock.now()
            let response: TokenResponse
            switch await client.refreshTokensSalvaging(current, resources: grant.resources) {
            case (.success(let answer), _):
                response = answer
            case (.failure(let error), let salvaged?):
                // A 200 refused after it arrived (an odd token_type or expires_in) may have rotated the refresh
                // token, and the old one may be spent: keep the new one, durable first, then fail. The user
                // stays signed in; a failed save leaves it unsaved, for the next call to save.
                guard generation == started else { return superseded() }
                var kept = current
                kept.refreshToken = salvaged
                tokens = kept
                _ = await persist(kept)
                guard generation == started else { return superseded() }
                return .failure(error)
            case (.failure(let error), nil):
                guard generation == started else { return superseded() }
                guard let refusal = Self.refusal(error) else { return .failure(error) }
                // Refused. If another client saved newer tokens meanwhile, the refusal was about a spent copy.
                if !adoptedAfterRefusal, let newer = await newerStoredTokens(than: current) {
                    guard generation == started else { return superseded() }
                    adoptedAfterRefusal = true
                    adopt(newer)
                    if !needsRefresh(newer) { return .success(newer) }
                    current = newer
                    continue
                }
                return await endSession(after: refusal, refused: current, started: started)
            }
            guard generation == started else { return superseded() }
            return await accept(response, replacing: current, receivedAt: receivedAt, started: started)
        }
    }

    /// A refresh response: the rotated refresh token made durable first, then the ID token checked (Core
    /// §12.2), then the whole new set used and saved. A user without a subject (plain OAuth 2.0) keeps no
    /// ID token: one in the response is not used.
    private func accept(
        _ response: TokenResponse, replacing current: TokenSet, receivedAt: NumericDate, started: Int
    ) async -> Result<TokenSet, AuthClientError> {
        var refreshed = current.refreshed(by: response, receivedAt: receivedAt)
        if subject == nil { refreshed.idToken = current.idToken }
        if let idToken = response.idToken, let subject {
            if refreshed.refreshToken != current.refreshToken {
                var provisional = current
                provisional.refreshToken = refreshed.refreshToken
                tokens = provisional
                let failure = await persist(provisional)
                guard generation == started else { return superseded() }
                if let failure { return .failure(failure) }
            }
            do {
                // Core §12.2: iss, aud, exp, iat and the signature as at login (no nonce), and the same sub.
                let validated = try await client.validateIDToken(idToken, nonce: nil, accessToken: response.accessToken)
                guard validated.subject.utf8.elementsEqual(subject.utf8) else { return .failure(.refreshedIDTokenForAnotherUser) }
            } catch {
                return .failure(error)
            }
            guard generation == started else { return superseded() }
        }
        tokens = refreshed
        if let failure = await persist(refreshed), refreshed.refreshToken != storedRefreshToken { return .failure(failure) }
        return .success(refreshed)
    }

    /// What a refresh answers when a login or logout replaced the tokens it started from: the tokens now.
    private func superseded() -> Result<TokenSet, AuthClientError> {
        tokens.map { .success($0) } ?? .failure(.loggedOut)
    }

    /// The session ends after a refusal: tokens removed from the store unless it holds others by now
    /// (compare before remove), the user logged out in memory, listeners told. If the store does hold newer
    /// tokens — another client refreshed between our refresh and the removal — they are used instead and
    /// the refresh succeeds with them; if a login or logout happened meanwhile, its tokens stand.
    private func endSession(after refusal: RefreshFailure, refused: TokenSet, started: Int) async -> Result<TokenSet, AuthClientError> {
        let removed: Bool
        do {
            removed = try await client.store.remove(user: account, grant: grant, ifTokensAre: refused)
        } catch {
            removed = false
        }
        guard generation == started else { return superseded() }
        if !removed, let newer = await newerStoredTokens(than: refused) {
            guard generation == started else { return superseded() }
            adopt(newer)
            return .success(newer)
        }
        generation += 1
        tokens = nil
        unsaved = nil
        client.logger.log(.warning, .logout, "the refresh token was refused: the user is logged out", ["user": .text(account)])
        client.userLoggedOut(LogoutEvent(subject: subject, reason: .refreshFailed(refusal)), key: registryKey)
        return .failure(.refreshFailed(refusal))
    }

    /// What ends a session: the token endpoint's `invalid_grant`. Nil for everything else (no refresh
    /// token is `reauthorizationRequired`, decided before any request, which keeps the tokens).
    private static func refusal(_ error: AuthClientError) -> RefreshFailure? {
        guard case .tokenEndpoint(.tokenErrorResponse(let response)) = error, response.error == .invalidGrant else { return nil }
        return .refused(response)
    }

    // MARK: Store

    /// The stored tokens when they differ from `tokens` and this user has nothing unsaved: another client
    /// or process refreshed (or signed in) since. A store that cannot be read is no reason not to refresh.
    func newerStoredTokens(than tokens: TokenSet) async -> TokenSet? {
        guard unsaved == nil, let stored = try? await client.store.credential(for: account, grant: grant)?.tokens, stored != tokens else {
            return nil
        }
        return stored
    }

    func adopt(_ stored: TokenSet) {
        tokens = stored
        storedRefreshToken = stored.refreshToken
    }

    private func needsRefresh(_ tokens: TokenSet) -> Bool {
        tokens.refreshToken != nil && tokens.needsRefresh(at: client.clock.now(), window: client.configuration.refreshWindowSeconds)
    }

    /// Saves `set`; on failure keeps it as unsaved and returns the error. A save that lands after the
    /// tokens changed may have overwritten newer ones, or brought back a user who logged out: then the
    /// tokens now are saved again, or the saved ones removed.
    func persist(_ set: TokenSet) async -> AuthClientError? {
        let started = generation
        do {
            try await client.store.save(StoredCredential(user: account, grant: grant, tokens: set))
            if unsaved == set { unsaved = nil }
            storedRefreshToken = set.refreshToken
            guard let current = tokens else {
                if generation != started { _ = try? await client.store.remove(user: account, grant: grant, ifTokensAre: set) }
                return nil
            }
            if current != set { return await persist(current) }
            return nil
        } catch {
            unsaved = set
            return .store(error)
        }
    }

    /// Saves tokens a failed save left in memory; throws only while the store lacks the newest refresh token.
    private func saveUnsaved() async throws(AuthClientError) {
        guard let pending = unsaved, pending == tokens else {
            unsaved = nil
            return
        }
        if let failure = await persist(pending), pending.refreshToken != storedRefreshToken { throw failure }
    }

    /// Forgets the tokens, removes the user from the store and tells the listeners.
    private func end(_ reason: LogoutEvent.Reason) async throws(AuthClientError) {
        generation += 1
        tokens = nil
        unsaved = nil
        defer { client.userLoggedOut(LogoutEvent(subject: subject, reason: reason), key: registryKey) }
        do {
            try await client.store.remove(user: account, grant: grant)
        } catch {
            throw .store(error)
        }
    }

    static func authorized(_ request: TransportRequest, with tokens: TokenSet) -> TransportRequest {
        var request = request
        request.setHeader("Authorization", "Bearer " + tokens.accessToken)
        return request
    }

    /// The request as a form POST with `access_token` appended to its form body (RFC 6750 §2.2): method POST,
    /// `Content-Type: application/x-www-form-urlencoded`, and no `Authorization` header (§2: one method only).
    static func authorizedInBody(_ request: TransportRequest, with tokens: TokenSet) -> TransportRequest {
        var request = request
        request.method = .post
        request.setHeader("Content-Type", "application/x-www-form-urlencoded")
        let parameter = FormParameter.encode([FormParameter(name: "access_token", value: tokens.accessToken)])
        request.body += (request.body.isEmpty ? [] : Array("&".utf8)) + Array(parameter.utf8)
        return request
    }
}
