// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthJWT
import AuthTesting
import Testing

@Suite("resumeLastUser offline: discovery and JWKS from the credential store, refreshed when the network is back")
struct ProviderCacheResumeTests {
    private struct Offline {
        let provider: FakeOpenIDProvider
        let time = ManualWallClock(Fixture.start)
        let store = InMemoryCredentialStore()

        init() {
            var configuration = FakeOpenIDProvider.Configuration()
            configuration.signingKey = .es256
            provider = FakeOpenIDProvider(configuration, clock: .manual(time))
        }

        func discover() async throws -> AuthClient {
            var configuration = try provider.clientConfiguration
            configuration.allowedAlgorithms = [.es256]
            return try await AuthClient.discover(configuration, transport: provider, store: store, clock: .manual(time))
        }
    }

    @Test("a login caches the documents; with the provider unreachable, a new client resumes the user with their claims")
    func offlineResume() async throws {
        let offline = Offline()
        let online = try await offline.discover()
        #expect(!online.isUsingProviderCache)
        _ = try await online.login(with: offline.provider.browser())
        let cache = try #require(try await offline.store.providerCache(for: offline.provider.configuration.issuer))
        #expect(cache.keySet != nil)

        offline.provider.fail(.discovery, with: .noResponse)
        let relaunched = try await offline.discover()
        #expect(relaunched.isUsingProviderCache)
        #expect(relaunched.metadata.tokenEndpoint == offline.provider.url(of: .token))
        let jwksRequests = offline.provider.requestCount(.jwks)
        let user = try #require(try await relaunched.resumeLastUser())
        #expect(user.subject == "alice")
        #expect(relaunched.loginState == .loggedIn(user))
        let claims = try #require(await user.idTokenClaims)
        #expect(try claims.name == "Alice Example")
        #expect(try claims.email == "alice@example.com" && claims.emailVerified == true)

        // The keys came from the cache: a refreshed ID token is validated without fetching the JWK Set.
        _ = try await user.refreshTokens()
        #expect(offline.provider.requestCount(.jwks) == jwksRequests)
    }

    @Test("a 503 from discovery falls back too; without a cache, the discovery error is thrown")
    func fallbackRules() async throws {
        let offline = Offline()
        offline.provider.fail(.discovery, with: .status(503))
        await #expect { try await offline.discover() } throws: { ($0 as? AuthClientError)?.code == 10006 }
        _ = try await offline.discover().login(with: offline.provider.browser())
        offline.provider.fail(.discovery, with: .status(503))
        #expect(try await offline.discover().isUsingProviderCache)
        offline.provider.fail(.discovery, with: .status(404))  // not transient: no fallback
        await #expect { try await offline.discover() } throws: { ($0 as? AuthClientError)?.code == 10006 }
    }

    @Test("back online, a rotated key is fetched and the cached JWK Set is refreshed")
    func refreshedWhenBack() async throws {
        let offline = Offline()
        _ = try await offline.discover().login(with: offline.provider.browser())
        let before = try #require(try await offline.store.providerCache(for: offline.provider.configuration.issuer))
        offline.provider.fail(.discovery, with: .noResponse)
        let relaunched = try await offline.discover()
        let user = try #require(try await relaunched.resumeLastUser())
        offline.provider.rotateSigningKey(to: .es256.withKeyID("rotated-key"))
        _ = try await user.refreshTokens()
        let after = try #require(try await offline.store.providerCache(for: offline.provider.configuration.issuer))
        #expect(after.keySet != before.keySet)
        #expect(after.keySet?.contains("rotated-key") == true)
    }
}
