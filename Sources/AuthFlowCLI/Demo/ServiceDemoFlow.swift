// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthTesting

/// `authflow demo --service`: a service's tokens without a user, offline against the fake provider — the client
/// credentials grant through `ClientCredentialsSession` (cache, single flight, renewal before expiry), the JWT
/// bearer grant with an assertion signed here, and introspection of the tokens (plain, signed, inactive).
struct ServiceDemoFlow: Sendable {
    func run() async -> (text: String, asExpected: Bool) {
        var out = Narration()
        var generator = SystemRandomNumberGenerator()
        let workloadKey = P256PrivateKey.generate(keyID: "workload-1", using: &generator)
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.clientAuthentication = .clientSecretJWT("a-demo-client-secret")
        configuration.jwtBearerIssuers = ["https://workload.example": workloadKey.publicJWK]
        let time = ManualWallClock(NumericDate(secondsSince1970: 1_800_000_000))
        let provider = FakeOpenIDProvider(configuration, clock: .manual(time))
        let wire = DemoTransport(provider)
        out.line("AuthFlow demo: a service's tokens, no user and no browser, offline against AuthTesting's fake provider.")
        out.line("The client authenticates with client_secret_jwt, so no secret is ever sent. Time is simulated.")
        do {
            try await flow(provider: provider, time: time, wire: wire, workloadKey: workloadKey, out: &out)
            out.line("\nDone. See Docs/ClientCredentials.md.")
            return (out.text, true)
        } catch {
            out.line("\n✗ Unexpected error: \(error)")
            return (out.text, false)
        }
    }

    private func flow(
        provider: FakeOpenIDProvider, time: ManualWallClock, wire: DemoTransport, workloadKey: P256PrivateKey, out: inout Narration
    ) async throws {
        let clientConfiguration = try provider.clientConfiguration
        let client = try AuthClient(configuration: clientConfiguration, metadata: provider.metadata, transport: wire, clock: .manual(time))
        let session = ClientCredentialsSession(client: client, refreshMarginSeconds: 60)
        let reports = [Scope(rawValue: "reports:read")]
        let api = ["https://api.authflow.test/"]

        out.step(
            1, "The client credentials grant", "RFC 6749 §4.4, RFC 8707",
            "ClientCredentialsSession — Sources/AuthClient/Tokens/ClientCredentialsSession.swift")
        let first = try await session.tokens(scopes: reports, resources: api)
        out.exchanges(wire.takeExchanges())
        out.value("expires_in", "\(provider.configuration.accessTokenLifetime) s", "cached until 60 s before that (the margin)")
        out.check("no refresh token (§4.4.3): the service asks again with its own credentials")

        out.step(2, "Twenty callers at once, nothing cached", "single flight", "ClientCredentialsSession.tokens(scopes:resources:)")
        await session.invalidateAll()
        out.line("    … the cache is emptied (as after a 401 for a revoked token), then twenty tasks ask at once")
        let tokens = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<20 { group.addTask { try? await session.tokens(scopes: reports, resources: api).accessToken } }
            return await group.reduce(into: Set<String?>()) { $0.insert($1) }
        }
        out.value("token requests", "\(wire.takeExchanges().count)", "one grant, shared by all twenty")
        out.check(tokens.count == 1 && tokens != [first.accessToken] ? "every caller got the same new token" : "the callers differ")

        out.step(3, "Renewal before expiry", "refreshMarginSeconds", "ClientCredentialsSession")
        time.advance(by: provider.configuration.accessTokenLifetime - 30)
        out.line("    … \(provider.configuration.accessTokenLifetime - 30) s later: 30 s left, inside the 60 s margin")
        let renewed = try await session.tokens(scopes: reports, resources: api)
        out.value("token requests", "\(wire.takeExchanges().count)", "one new grant")
        out.check(renewed.accessToken != first.accessToken ? "a new token, before the old one expired" : "the same token")

        out.step(
            4, "The JWT bearer grant", "RFC 7523 §2.1, §3",
            "JWTBearerAssertion, AuthClient.requestJWTBearerToken — Sources/AuthClient/Tokens/")
        var generator = SystemRandomNumberGenerator()
        let assertion = JWTBearerAssertion(
            issuer: "https://workload.example", subject: "alice", audience: client.metadata.tokenEndpoint, issuedAt: client.clock.now(),
            using: &generator)
        out.value("assertion claims", String(decoding: JSONValue.object(assertion.claims).serialized(), as: UTF8.self), "")
        let delegated = try await client.requestJWTBearerToken(assertion: try await assertion.signed(by: workloadKey), scopes: reports)
        out.exchanges(wire.takeExchanges())
        out.check("a token for alice, vouched for by the workload's ES256 signature; the provider refuses a replay (jti)")

        out.step(5, "Introspection", "RFC 7662 §2, RFC 9701", "AuthClient.introspect, TokenIntrospectionResponse — AuthHTTP")
        let answer = try await client.introspect(delegated.accessToken)
        out.exchanges(wire.takeExchanges())
        out.value("active", "\(answer.isActive)", "sub \(answer.subject ?? "-"), scope \(answer.scopes.joined(separator: " "))")
        let signed = try await client.introspect(renewed.accessToken, signed: true)
        _ = wire.takeExchanges()
        out.value(
            "signed answer", "active \(signed.isActive), client_id \(signed.clientID ?? "-")",
            "a JWT verified with the provider's keys: typ, alg, iss, aud, iat")
        let unknown = try await client.introspect("a-token-nobody-issued")
        _ = wire.takeExchanges()
        out.value("unknown token", "active \(unknown.isActive)", "an answer, not an error")
    }
}
