// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthSession

extension FakeOpenIDProvider {
    /// How many refresh grants the token endpoint answered with new tokens (failed ones not counted).
    ///
    /// ```swift
    /// _ = try await user.refreshTokens()
    /// #expect(provider.refreshGrantCount == 1)
    /// ```
    public var refreshGrantCount: Int {
        state.withLock { $0.refreshGrants }
    }

    /// How many times a refresh token that a rotation had already replaced (a spent one) was presented again
    /// — what two processes sharing one token cache without a lock do when both refresh with the same token.
    /// Counted with or without ``Configuration/detectsRefreshTokenReuse``.
    ///
    /// ```swift
    /// #expect(provider.refreshTokenReuseCount == 0, "a client refreshed twice with the same refresh token")
    /// ```
    public var refreshTokenReuseCount: Int {
        state.withLock { $0.refreshTokenReuses }
    }

    /// How many token families (the refresh tokens descended from one login) were revoked because one of
    /// their spent refresh tokens was presented again, with ``Configuration/detectsRefreshTokenReuse`` on.
    /// A family is counted once, however many reuses follow.
    public var revokedTokenFamilyCount: Int {
        state.withLock { $0.revokedFamilies.count }
    }

    /// The answer to a spent refresh token of `family` (RFC 9700 §4.14.2): counted, and with reuse
    /// detection on, every refresh token of the family is revoked. Access tokens already issued stay valid
    /// until they expire, as at Auth0 and Okta.
    func reuse(of family: Int, in state: inout ProviderState) -> TransportResponse {
        state.refreshTokenReuses += 1
        guard configuration.detectsRefreshTokenReuse else {
            return Self.oauthError(.invalidGrant, "the refresh token was already used (rotated)")
        }
        if state.revokedFamilies.insert(family).inserted {
            state.refreshTokens = state.refreshTokens.filter { $0.value.family != family }
        }
        return Self.oauthError(
            .invalidGrant, "the refresh token was already used: every refresh token of this login is revoked (reuse detection)")
    }
}
