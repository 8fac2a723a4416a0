// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthJSON
import AuthTesting
import Testing

/// The fake provider's refresh-token reuse detection (RFC 9700 §4.14.2), as Auth0 and Okta do it: a spent
/// (rotated) refresh token presented again revokes its whole family. What two processes sharing one token
/// cache without a lock trigger (issue 27).
@Suite("FakeOpenIDProvider: refresh-token reuse detection")
struct RefreshTokenReuseTests {
    static func provider(detectsReuse: Bool) -> FakeOpenIDProvider {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.detectsRefreshTokenReuse = detectsReuse
        return FakeOpenIDProvider(configuration)
    }

    /// A fresh login's refresh token: the first of a new family.
    static func login(_ provider: FakeOpenIDProvider) async throws -> String {
        let client = try await AuthClient.discover(try provider.clientConfiguration, transport: provider)
        let user = try await client.login(with: provider.browser(.approve(subject: "alice")))
        return try #require(await user.tokens?.refreshToken)
    }

    /// A refresh grant with `token`: the new refresh token, or the OAuth error code.
    static func refresh(_ provider: FakeOpenIDProvider, _ token: String) async throws -> Result<String, RefreshRefused> {
        var request = TransportRequest(
            method: .post, url: provider.url(of: .token),
            body: Array("grant_type=refresh_token&refresh_token=\(token)&client_id=demo-app".utf8))
        request.setHeader("Content-Type", "application/x-www-form-urlencoded")
        let response = try await provider.send(request)
        let body = try #require(try JSONValue(parsing: response.body).objectValue)
        if response.status == 200 { return .success(try #require(body["refresh_token"]?.stringValue)) }
        return .failure(RefreshRefused(status: response.status, error: body["error"]?.stringValue))
    }

    struct RefreshRefused: Error, Equatable {
        var status: Int
        var error: String?
        static let invalidGrant = RefreshRefused(status: 400, error: "invalid_grant")
    }

    @Test("a spent refresh token presented again revokes every refresh token of its login, and only of that login")
    func reuseRevokesTheFamily() async throws {
        let provider = Self.provider(detectsReuse: true)
        let first = try await Self.login(provider)
        let other = try await Self.login(provider)  // another login: another family
        let second = try await Self.refresh(provider, first).get()
        let third = try await Self.refresh(provider, second).get()
        #expect(provider.refreshGrantCount == 2)
        #expect(provider.refreshTokenReuseCount == 0 && provider.revokedTokenFamilyCount == 0)

        // The first token is spent: presenting it again is a reuse, and ends the family.
        #expect(try await Self.refresh(provider, first) == .failure(.invalidGrant))
        #expect(provider.refreshTokenReuseCount == 1)
        #expect(provider.revokedTokenFamilyCount == 1)
        #expect(try await Self.refresh(provider, third) == .failure(.invalidGrant), "the family's live token is revoked too")
        // Another spent token of the revoked family is another reuse, but the same family.
        #expect(try await Self.refresh(provider, second) == .failure(.invalidGrant))
        #expect(provider.refreshTokenReuseCount == 2)
        #expect(provider.revokedTokenFamilyCount == 1)
        #expect(provider.refreshGrantCount == 2, "refused grants are not counted")

        // The other login's family is untouched.
        _ = try await Self.refresh(provider, other).get()
        #expect(provider.refreshGrantCount == 3)
    }

    @Test("without reuse detection (the default) a spent token fails alone; the reuse is still counted")
    func withoutDetection() async throws {
        let provider = Self.provider(detectsReuse: false)
        #expect(!FakeOpenIDProvider.Configuration().detectsRefreshTokenReuse)
        let first = try await Self.login(provider)
        let second = try await Self.refresh(provider, first).get()
        #expect(try await Self.refresh(provider, first) == .failure(.invalidGrant))
        #expect(provider.refreshTokenReuseCount == 1)
        #expect(provider.revokedTokenFamilyCount == 0)
        _ = try await Self.refresh(provider, second).get()
        #expect(provider.refreshGrantCount == 2)
    }

    @Test("an unknown or revoked token is not a reuse; without rotation nothing is ever spent")
    func notReuses() async throws {
        let provider = Self.provider(detectsReuse: true)
        let first = try await Self.login(provider)
        #expect(try await Self.refresh(provider, "not-a-token") == .failure(.invalidGrant))
        provider.revokeRefreshTokens()
        #expect(try await Self.refresh(provider, first) == .failure(.invalidGrant))
        #expect(provider.refreshTokenReuseCount == 0 && provider.revokedTokenFamilyCount == 0)

        var configuration = FakeOpenIDProvider.Configuration()
        configuration.rotatesRefreshTokens = false
        configuration.detectsRefreshTokenReuse = true
        let keeping = FakeOpenIDProvider(configuration)
        let token = try await Self.login(keeping)
        #expect(try await Self.refresh(keeping, token) == .success(token))
        #expect(try await Self.refresh(keeping, token) == .success(token))
        #expect(keeping.refreshTokenReuseCount == 0 && keeping.refreshGrantCount == 2)
    }

    @Test("two refreshes racing with the same token: one wins, the other is a reuse that logs both out")
    func racingRefreshes() async throws {
        let provider = Self.provider(detectsReuse: true)
        let first = try await Self.login(provider)
        async let a = Self.refresh(provider, first)
        async let b = Self.refresh(provider, first)
        let results = try await [a, b]
        let winners = results.compactMap { try? $0.get() }
        #expect(winners.count == 1)
        #expect(provider.refreshTokenReuseCount == 1)
        #expect(try await Self.refresh(provider, try #require(winners.first)) == .failure(.invalidGrant))
    }
}
