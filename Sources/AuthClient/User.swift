public import AuthCallback
public import AuthCredentials
import AuthJSON
import AuthJWT

/// A signed-in user: their tokens, bearer requests that refresh themselves, the userinfo profile, logout.
///
/// ```swift
/// let user = try await client.login(with: browser)
/// var request = TransportRequest(method: .get, url: "https://api.example.com/orders")
/// let response = try await user.send(request)      // Authorization: Bearer …, refreshed if needed
/// let profile = try await user.fetchProfile()      // OpenID Connect Core §5.3
/// try await user.logout()                          // revokes, forgets, tells logoutEvents()
/// ```
///
/// Refresh rules (RFC 6749 §6, RFC 6750 §3.1):
/// - before a request, the access token is refreshed if it expires within the configuration's
///   `refreshWindowSeconds`;
/// - a request answered 401 is refreshed once and retried once; a second 401 is returned to the caller;
/// - refresh is single-flight: however many requests need it at once, one refresh request is made, and the
///   new tokens (with a rotated refresh token) are saved to the store before any waiting request continues;
/// - when the provider refuses the refresh (an OAuth error such as `invalid_grant`) or there is no refresh
///   token, the user is logged out (store cleared, ``LogoutEvent`` with `.refreshFailed`) and the request
///   throws ``AuthClientError/refreshFailed(_:)``. A network failure or a 5xx does not log out: it throws,
///   and the tokens are kept for the next try.
public actor User {
    /// The client that signed the user in.
    public nonisolated let client: AuthClient
    /// The user's `sub` at the provider.
    public nonisolated let subject: String
    /// The current tokens; nil once logged out.
    public private(set) var tokens: TokenSet?
    /// How many refresh requests this user has made.
    public private(set) var refreshCount = 0
    private var refreshing: Task<Result<TokenSet, AuthClientError>, Never>?

    init(client: AuthClient, subject: String, tokens: TokenSet) {
        self.client = client
        self.subject = subject
        self.tokens = tokens
    }

    /// Whether the user still has tokens.
    public var isLoggedIn: Bool { tokens != nil }

    /// Sends `request` with `Authorization: Bearer <access token>` (RFC 6750 §2.1), refreshing first when
    /// the token is about to expire, and once more on a 401 (see the type's documentation).
    ///
    /// The URL must be https (or loopback http when the configuration allows an insecure loopback issuer):
    /// a bearer token is never sent in the clear (RFC 6750 §5.3). Otherwise ``AuthClientError/insecureURL(name:url:)``.
    public func send(_ request: TransportRequest) async throws(AuthClientError) -> TransportResponse {
        try SecureURL.check(request.url, name: "request URL", allowsInsecureLoopback: client.configuration.allowsInsecureLoopbackIssuer)
        let tokens = try await validTokens()
        let response = try await client.transport.send(Self.authorized(request, with: tokens))
        guard response.status == 401 else { return response }
        let refreshed = try await refresh(replacing: tokens)
        return try await client.transport.send(Self.authorized(request, with: refreshed))
    }

    /// Tokens that are not about to expire: the current ones, or refreshed ones.
    public func validTokens() async throws(AuthClientError) -> TokenSet {
        guard let tokens else { throw .loggedOut }
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
        return try await refresh(replacing: tokens)
    }

    /// Fetches the userinfo claims (OpenID Connect Core §5.3) with the access token, and checks that `sub`
    /// is this user's (§5.3.2: a different `sub` must not be used).
    public func fetchProfile() async throws(AuthClientError) -> UserInfo {
        guard let endpoint = client.metadata.userinfoEndpoint else { throw .endpointNotAvailable("userinfo") }
        var request = TransportRequest(method: .get, url: endpoint)
        request.setHeader("Accept", "application/json")
        let response = try await send(request)
        guard response.status == 200 else {
            throw .unexpectedResponse(endpoint: "userinfo", status: response.status, reason: "no profile")
        }
        let info = try UserInfo(json: response.body)
        guard info.subject.utf8.elementsEqual(subject.utf8) else { throw .invalidUserInfo("its sub is not the signed-in user's") }
        return info
    }

    /// Logs out locally: revokes the refresh token where the provider supports RFC 7009 (best effort — a
    /// failed revocation does not stop the logout), removes the user from the store, and sends a
    /// ``LogoutEvent``. Returns the RP-initiated logout URL to open when the provider has one, so that the
    /// provider's own session ends too.
    @discardableResult
    public func logout(revokeTokens: Bool = true) async throws(AuthClientError) -> URI? {
        guard let tokens else { return nil }
        if revokeTokens {
            if let refreshToken = tokens.refreshToken {
                _ = try? await client.revoke(refreshToken, hint: "refresh_token")
            } else {
                _ = try? await client.revoke(tokens.accessToken, hint: "access_token")
            }
        }
        try await end(.requested)
        return client.endSessionURL(idTokenHint: tokens.idToken)
    }

    // MARK: Internals

    /// Single-flight refresh: `stale` is the token set the caller used. If the user's tokens have changed
    /// since, they are returned at once; if a refresh is running, the caller waits for it.
    private func refresh(replacing stale: TokenSet) async throws(AuthClientError) -> TokenSet {
        guard let current = tokens else { throw .loggedOut }
        if current.accessToken != stale.accessToken { return current }
        let task: Task<Result<TokenSet, AuthClientError>, Never>
        if let running = refreshing {
            task = running
        } else {
            task = Task { await self.performRefresh(current) }
            refreshing = task
        }
        return try await task.value.get()
    }

    /// One refresh request; saves the new tokens before anyone continues; logs out when refused.
    private func performRefresh(_ current: TokenSet) async -> Result<TokenSet, AuthClientError> {
        defer { refreshing = nil }
        refreshCount += 1
        let receivedAt = client.clock.now()
        let response: TokenResponse
        do {
            response = try await client.refreshTokens(current)
        } catch {
            switch error {
            case .tokenEndpoint(.tokenErrorResponse), .refreshFailed:
                let reason = error.description
                try? await end(.refreshFailed(reason))
                return .failure(.refreshFailed(reason))
            default:
                return .failure(error)
            }
        }
        if let idToken = response.idToken {
            // Core §12.2: a refreshed ID token must be for the same user (iss, sub, aud checked; no nonce).
            do {
                let validated = try await client.validateIDToken(idToken, nonce: nil, accessToken: response.accessToken)
                guard validated.subject.utf8.elementsEqual(subject.utf8) else {
                    return .failure(.invalidUserInfo("the refreshed ID token is for another user"))
                }
            } catch {
                return .failure(error)
            }
        }
        let refreshed = current.refreshed(by: response, receivedAt: receivedAt)
        do {
            try await client.store.save(StoredCredential(user: subject, tokens: refreshed))
        } catch {
            return .failure(.store(error))
        }
        tokens = refreshed
        return .success(refreshed)
    }

    /// Forgets the tokens, removes the user from the store and tells the listeners.
    private func end(_ reason: LogoutEvent.Reason) async throws(AuthClientError) {
        tokens = nil
        defer { client.logouts.send(LogoutEvent(subject: subject, reason: reason)) }
        do {
            try await client.store.remove(user: subject)
        } catch {
            throw .store(error)
        }
    }

    static func authorized(_ request: TransportRequest, with tokens: TokenSet) -> TransportRequest {
        var request = request
        request.setHeader("Authorization", "Bearer " + tokens.accessToken)
        return request
    }
}
