// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJSON
import AuthJWT
import AuthTesting

/// `authflow demo --userinfo`: the userinfo endpoint's signed answer (OpenID Connect Core §5.3.2), asked with
/// the access token in the body (RFC 6750 §2.2), and its aggregated and distributed claims (Core §5.6.2)
/// resolved with a ``ClaimSourcePolicy``, offline against the fake provider. `--fail` shows an answer about
/// another user, a bad signature, and a claim source signed by an issuer nobody trusts.
struct UserInfoDemoFlow: Sendable {
    /// What `--fail` can show in the userinfo flow.
    enum Failure: String, CaseIterable, Sendable {
        case wrongSubject = "wrong-subject"
        case badSignature = "bad-signature"
        case untrustedSource = "untrusted-source"

        var explanation: String {
            switch self {
            case .wrongSubject: "the signed answer is about another user: its sub is not the ID token's (Core §5.3.2)"
            case .badSignature: "the answer's signature does not verify: no claim of it is used (Core §5.3.2, RFC 7515 §5.2)"
            case .untrustedSource: "the aggregated claims are signed by an issuer the policy does not trust (Core §5.6.2)"
            }
        }
    }

    let failure: Failure?

    func run() async -> (text: String, asExpected: Bool) {
        var tier = JSONObject()
        try? tier.append("loyalty_tier", "gold")
        var score = JSONObject()
        try? score.append("credit_score", 650)
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.signingKey = .es256
        configuration.signedUserInfoClients = [configuration.clientID]
        configuration.claimSources = [.init(name: "loyalty", claims: tier), .init(name: "bureau", claims: score, isDistributed: true)]
        let time = ManualWallClock(NumericDate(secondsSince1970: 1_800_000_000))
        let provider = FakeOpenIDProvider(configuration, clock: .manual(time), seed: 532)
        let wire = DemoTransport(provider)
        return await Narration.demo(
            [
                "AuthFlow demo: a signed userinfo answer (OpenID Connect Core §5.3.2) asked with the token in the body (RFC 6750 §2.2),",
                "and its aggregated and distributed claims (Core §5.6.2), offline, against AuthTesting's fake provider. Time is simulated.",
            ], flag: "--userinfo", failures: Failure.allCases.map(\.rawValue), showing: failure.map { ($0.rawValue, $0.explanation) }
        ) { out in
            try await flow(provider: provider, wire: wire, out: &out)
        }
    }

    private func flow(provider: FakeOpenIDProvider, wire: DemoTransport, out: inout Narration) async throws {
        let demo = DemoFlow(failure: nil, verifierOctets: nil)
        out.step(
            1, "Discovery and login", "OpenID Connect Discovery 1.0 §3; Core §3.1",
            "AuthClient.discover, AuthClient.login — Sources/AuthClient/Client/AuthClient.swift")
        var clientConfiguration = try provider.clientConfiguration
        clientConfiguration.allowedAlgorithms = [.es256]
        clientConfiguration.userInfoSignedResponseAlgorithm = .es256
        clientConfiguration.sendsUserInfoTokenInBody = true
        let configuration = clientConfiguration
        let client = try await demo.attempt(1, &out, wire) {
            try await AuthClient.discover(configuration, transport: wire, clock: provider.clock)
        }
        out.exchanges(wire.takeExchanges())
        out.value(
            "userinfo_signing_alg_values_supported", (client.metadata.userinfoSigningAlgorithmsSupported ?? []).joined(separator: " "),
            "the client registered userinfo_signed_response_alg ES256")
        out.value("userInfoSignedResponseAlgorithm", "ES256", "so a plain JSON answer would be refused (no downgrade)")
        out.value("sendsUserInfoTokenInBody", "true", "the token as a form parameter, not a header")
        let user = try await out.login(1, at: client, through: provider, wire, seed: 532)

        out.step(
            2, "A signed userinfo answer, asked with the token in the body", "Core §5.3.1, §5.3.2; RFC 6750 §2.2",
            "User.fetchProfile, AuthClient.userInfo(from:expectedSubject:) — Sources/AuthClient/Tokens/AuthClient+UserInfo.swift")
        switch failure {
        case .wrongSubject?: provider.spoilNextUserInfo(.wrongSubject)
        case .badSignature?: provider.spoilNextUserInfo(.badSignature)
        case .untrustedSource?: provider.spoilNextClaimSources(.untrustedIssuer)
        case nil: break
        }
        let profile = try await demo.attempt(2, &out, wire) { try await user.fetchProfile() }
        let exchanges = wire.takeExchanges()
        out.exchanges(exchanges)
        if let answer = exchanges.last?.1 { out.decoded("answer", String(decoding: answer.body, as: UTF8.self)) }
        out.value("token sent in", provider.lastUserInfoTokenPlacement ?? "", "a POST form with access_token, no Authorization header")
        out.value("algorithm", profile.signingAlgorithm?.rawValue ?? "none", "the one registered; none and HS256 never")
        out.value("key id", profile.signingKeyID ?? "", "a key of the provider's JWK Set, the one the ID token uses")
        out.check("iss = \(client.metadata.issuer), the issuer")
        out.check("aud contains \(client.configuration.clientID), this client")
        out.check("sub = \(profile.subject), the ID token's sub")

        out.step(
            3, "The claim sources the answer points to", "Core §5.6.2",
            "UserInfo.claimSources — Sources/AuthClient/Tokens/UserInfo.swift, ClaimSource.swift")
        let sources = try await demo.attempt(3, &out, wire) { try profile.claimSources }
        for source in sources {
            let kind =
                if case .aggregated = source.location { "aggregated: a JWT inside the answer" } else {
                    "distributed: an endpoint and its own access token"
                }
            out.value(source.name, source.claimNames.joined(separator: ", "), kind)
        }
        out.check("nothing is fetched, verified or merged yet: that needs a policy naming the issuers trusted to sign claims")

        out.step(
            4, "Resolving them with a ClaimSourcePolicy", "Core §5.6.2; Discovery §4; RFC 6750 §2.1",
            "AuthClient.resolvingClaimSources(of:policy:) — Sources/AuthClient/Tokens/AuthClient+ClaimSources.swift")
        let policy = ClaimSourcePolicy(trustedIssuers: [provider.configuration.claimsProviderIssuer])
        out.value("trusted issuers", policy.trustedIssuers.joined(separator: " "), "the claims provider; nobody else")
        let merged = try await demo.attempt(4, &out, wire) { try await client.resolvingClaimSources(of: profile, policy: policy) }
        out.exchanges(wire.takeExchanges())
        out.check("each source JWT's iss is a trusted issuer, checked before any key is fetched")
        out.check("each signature verified with the claims provider's keys (its discovery document, then its jwks_uri)")
        out.check(
            "the distributed endpoint was asked with the source's own token: \(provider.claimsEndpointAuthorizations.last.flatMap { $0 } ?? "none") — never the user's"
        )
        for source in sources {
            for claim in source.claimNames {
                let value = merged.claims[claim].map { String(decoding: $0.serialized(), as: UTF8.self) } ?? "missing"
                out.value(claim, value, "from \(source.name)")
            }
        }
        out.value(
            "name", merged.claims["name"].map { String(decoding: $0.serialized(), as: UTF8.self) } ?? "",
            "the answer's own claim, never overwritten")
        out.check(
            "_claim_names and _claim_sources are gone from the merged UserInfo: \(merged.claims["_claim_names"] == nil && merged.claims["_claim_sources"] == nil)"
        )
    }
}
