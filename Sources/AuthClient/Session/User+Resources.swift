// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCredentials

extension User {
    /// An access token for one resource (RFC 8707 §2.2): asked of the token endpoint with the user's refresh
    /// token and `resource`, then kept until it is about to expire.
    ///
    /// ```swift
    /// let token = try await user.accessToken(forResource: "https://api.example.com/")
    /// var request = TransportRequest(method: .get, url: "https://api.example.com/orders")
    /// request.setHeader("Authorization", "Bearer " + token)
    /// ```
    ///
    /// The main token set stays as it was — except its refresh token when the provider rotated it in the
    /// answer: the new refresh token replaces the old in memory and in the store at once (the old one may be
    /// spent) — even when the rest of a 200 answer is refused (its error is thrown after the token is kept).
    /// Resource tokens are kept in memory only, never stored: after a restart they are asked for
    /// again with the stored refresh token. A login or logout forgets them.
    ///
    /// One refresh-token use at a time per user: a resource request waits for a running refresh and the
    /// other way round. Throws `invalidResource` for a resource that is not an absolute URI without a
    /// fragment, `resourceTokenUnavailable` when there is no refresh token, and the token endpoint's refusal
    /// as sent (`invalid_target` when the provider does not know the resource). A refusal does not end the
    /// session; the next ordinary refresh decides that.
    public func accessToken(forResource resource: String) async throws(AuthClientError) -> String {
        try await tokens(forResource: resource).accessToken
    }

    /// The token set for one resource (see ``accessToken(forResource:)``): access token, expiry, scopes;
    /// never a refresh token.
    public func tokens(forResource resource: String) async throws(AuthClientError) -> TokenSet {
        try ResourceIndicator.check([resource])
        while true {
            guard tokens != nil else { throw .loggedOut }
            if let cached = resourceTokens[resource], cached.generation == generation,
                !cached.tokens.needsRefresh(at: client.clock.now(), window: client.configuration.refreshWindowSeconds)
            {
                return cached.tokens
            }
            guard await awaitRunningRefresh() else { break }
        }
        let task = Task {
            await self.fetchUnderLock { () async -> Result<TokenSet, AuthClientError> in
                await self.fetchSideTokens(
                    resources: [resource], authorizationDetails: [], unavailable: .resourceTokenUnavailable(resource: resource),
                    cachingFor: resource)
            }
        }
        resourceRefreshing = task
        return try await task.value.get()
    }

    /// An access token narrowed to `authorizationDetails` (RFC 9396 §6.1): asked of the token endpoint with
    /// the user's refresh token and the `authorization_details` parameter, for one use — to send a token that
    /// carries one payment rather than everything the user authorized, say.
    ///
    /// ```swift
    /// let payment = AuthorizationDetail(type: "payment_initiation", members)
    /// let narrowed = try await user.tokens(authorizationDetails: [payment])
    /// narrowed.authorizationDetails           // what the provider granted this token (§7)
    /// ```
    ///
    /// As with ``tokens(forResource:)``: the user's own token set stays as it was, except a refresh token the
    /// provider rotated, saved at once (even when the rest of a 200 answer is refused); the answer has access
    /// token, expiry, scopes and the granted details, never a refresh token; one refresh-token use at a time.
    /// It is not kept: each call asks the provider. Throws ``AuthClientError/invalidAuthorizationDetails(_:)``
    /// for an empty list, a type the provider does not list (§10, before any request), or an answer that does
    /// not name what it granted (§7); the provider's refusal (`invalid_authorization_details` for details the
    /// grant does not cover) as sent, which does not end the session.
    public func tokens(authorizationDetails: [AuthorizationDetail]) async throws(AuthClientError) -> TokenSet {
        guard !authorizationDetails.isEmpty else {
            throw .invalidAuthorizationDetails("narrowing needs at least one entry (RFC 9396 §6)")
        }
        try client.metadata.checkAuthorizationDetailsTypes(authorizationDetails)
        while true {
            guard tokens != nil else { throw .loggedOut }
            guard await awaitRunningRefresh() else { break }
        }
        let task = Task {
            await self.fetchUnderLock { () async -> Result<TokenSet, AuthClientError> in
                await self.fetchSideTokens(
                    resources: nil, authorizationDetails: authorizationDetails, unavailable: .reauthorizationRequired, cachingFor: nil)
            }
        }
        resourceRefreshing = task
        return try await task.value.get()
    }

    /// `body` under the store's refresh lock for the grant (it spends the grant's refresh token, like a
    /// refresh); the running side request is cleared when it ends.
    private func fetchUnderLock(_ body: @escaping @Sendable () async -> Result<TokenSet, AuthClientError>) async
        -> Result<TokenSet, AuthClientError>
    {
        let result: Result<TokenSet, AuthClientError>
        do throws(AuthCredentialsError) {
            result = try await client.store.withRefreshLock(for: grant) { await body() }
        } catch {
            result = .failure(.store(error))
        }
        resourceRefreshing = nil
        return result
    }

    /// A token set from the refresh grant for `resources` (nil: the grant's) and `authorizationDetails`,
    /// without a refresh token, kept as the token of `resource` when given; a rotated refresh token replaces
    /// the user's at once.
    private func fetchSideTokens(
        resources: [String]?, authorizationDetails: [AuthorizationDetail], unavailable: AuthClientError, cachingFor resource: String?
    ) async -> Result<TokenSet, AuthClientError> {
        guard var current = tokens else { return .failure(.loggedOut) }
        let started = generation
        // Under the lock, the store may hold a refresh token another client or process rotated since: spend
        // that one, never the spent copy held in memory.
        if let newer = await newerStoredTokens(than: current) {
            guard generation == started else { return .failure(.loggedOut) }
            adopt(newer)
            current = newer
        }
        guard let refreshToken = current.refreshToken else { return .failure(unavailable) }
        let receivedAt = client.clock.now()
        let response: TokenResponse
        switch await client.refreshTokensSalvaging(
            current, resources: resources ?? grant.resources, authorizationDetails: authorizationDetails)
        {
        case (.success(let answer), _):
            response = answer
        case (.failure(let error), let salvaged?):
            // A 200 refused after it arrived may still have rotated the refresh token: keep the new one (the
            // old may be spent), then fail with the refusal. A failed save leaves it unsaved, for the next
            // `validTokens()` to save.
            guard generation == started, var main = tokens, main.refreshToken == refreshToken else { return .failure(error) }
            main.refreshToken = salvaged
            tokens = main
            _ = await persist(main)
            return .failure(error)
        case (.failure(let error), nil):
            return .failure(error)
        }
        // A login or logout happened meanwhile: the answer belongs to tokens that are gone.
        guard generation == started, var main = tokens else { return .failure(.loggedOut) }
        let issued = TokenSet(response, receivedAt: receivedAt)
        var sideTokens = TokenSet(accessToken: issued.accessToken, expiresAt: issued.expiresAt, scopes: issued.scopes)
        sideTokens.grantedAuthorizationDetails = issued.grantedAuthorizationDetails
        if let resource { resourceTokens[resource] = (generation, sideTokens) }
        if let rotated = response.refreshToken, rotated != refreshToken {
            main.refreshToken = rotated
            tokens = main
            if let failure = await persist(main) { return .failure(failure) }
        }
        return .success(sideTokens)
    }
}
