// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
import AuthJWT
import AuthTesting
import Testing

@testable import AuthClient

@Suite("Aggregated and distributed claims (OpenID Connect Core §5.6.2): each source verified, nothing of the user's overwritten")
struct ClaimSourceTests {
    static func claims(_ pairs: [(String, JSONValue)]) -> JSONObject {
        var object = JSONObject()
        for (name, value) in pairs { try? object.append(name, value) }
        return object
    }

    /// alice's userinfo points to an aggregated source (`src1`: address) and a distributed one (`src2`: credit score).
    static func fixture(aggregated: Bool = true, distributed: Bool = true, signed: Bool = false) throws -> Fixture {
        try Fixture(
            signingKey: .es256,
            configure: { configuration in
                if aggregated {
                    configuration.claimSources.append(
                        .init(name: "src1", claims: claims([("address", ["country": "NL"]), ("phone_number", "+31 20 000 0000")])))
                }
                if distributed {
                    configuration.claimSources.append(.init(name: "src2", claims: claims([("credit_score", 650)]), isDistributed: true))
                }
                if signed { configuration.signedUserInfoClients = [configuration.clientID] }
            })
    }

    static func policy(_ fixture: Fixture) -> ClaimSourcePolicy {
        ClaimSourcePolicy(trustedIssuers: [fixture.provider.configuration.claimsProviderIssuer])
    }

    @Test("without a policy the sources are listed, not fetched or merged")
    func listed() async throws {
        let fixture = try Self.fixture()
        let profile = try await fixture.login().fetchProfile()
        let sources = try profile.claimSources
        #expect(sources.map(\.name) == ["src1", "src2"])
        #expect(sources[0].claimNames == ["address", "phone_number"])
        #expect(
            sources[1].location
                == .distributed(
                    endpoint: fixture.provider.configuration.claimsProviderIssuer + "/claims/src2", accessToken: "claims-token-src2"))
        #expect(profile.claims["credit_score"] == nil)
        #expect(fixture.provider.claimsEndpointAuthorizations.isEmpty)
        for source in sources {
            var dumped = ""
            dump(source, to: &dumped)
            for text in ["\(source)", dumped] {
                #expect(!text.contains("claims-token-src2") && !text.contains("eyJ"), "\(text)")
            }
        }
    }

    @Test(
        "rp-claims-aggregated: the source JWT is verified with its issuer's discovered keys and its claims merged",
        arguments: [false, true])
    func aggregated(signed: Bool) async throws {
        let fixture = try Self.fixture(distributed: false, signed: signed)
        let profile = try await fixture.login().fetchProfile(resolvingClaimSourcesWith: Self.policy(fixture))
        #expect(profile.claims["address"]?.objectValue?["country"] == "NL")
        #expect(profile.claims["phone_number"] == "+31 20 000 0000")
        #expect(profile.claims["_claim_names"] == nil)
        #expect(profile.claims["_claim_sources"] == nil)
        #expect(try profile.claimSources.isEmpty)
        #expect(try profile.claims.email == "alice@example.com")
        #expect(profile.signingAlgorithm == (signed ? .es256 : nil))
    }

    @Test("rp-claims-distributed: the endpoint is called with the source's own access token, never the user's; its JWT verified and merged")
    func distributed() async throws {
        let fixture = try Self.fixture(aggregated: false)
        let user = try await fixture.login()
        let profile = try await user.fetchProfile(resolvingClaimSourcesWith: Self.policy(fixture))
        #expect(profile.claims["credit_score"] == 650)
        #expect(fixture.provider.claimsEndpointAuthorizations == ["Bearer claims-token-src2"])
    }

    @Test("a source signed by an issuer the policy does not trust is refused; with no trusted issuer no endpoint is called")
    func untrusted() async throws {
        let fixture = try Self.fixture(distributed: false)
        let user = try await fixture.login()
        fixture.provider.spoilNextClaimSources(.untrustedIssuer)
        await #expect(throws: AuthClientError.untrustedClaimSource(source: "src1", issuer: "https://untrusted-claims.authflow.test")) {
            _ = try await user.fetchProfile(resolvingClaimSourcesWith: Self.policy(fixture))
        }
        let both = try Self.fixture()
        let other = try await both.login()
        await #expect(
            throws: AuthClientError.untrustedClaimSource(source: "src1", issuer: both.provider.configuration.claimsProviderIssuer)
        ) {
            _ = try await other.fetchProfile(resolvingClaimSourcesWith: ClaimSourcePolicy(trustedIssuers: []))
        }
        #expect(both.provider.claimsEndpointAuthorizations.isEmpty)
    }

    @Test("a source JWT whose signature does not verify is refused, aggregated or distributed", arguments: [false, true])
    func badSignature(distributed: Bool) async throws {
        let fixture = try Self.fixture(aggregated: !distributed, distributed: distributed)
        let user = try await fixture.login()
        fixture.provider.spoilNextClaimSources(.badSignature)
        await #expect(
            throws: AuthClientError.invalidClaimSource(
                source: distributed ? "src2" : "src1", reason: "its JWT failed its checks", cause: .invalidSignature)
        ) {
            _ = try await user.fetchProfile(resolvingClaimSourcesWith: Self.policy(fixture))
        }
    }

    @Test("a source that would overwrite the user's own claim is refused: the merge never replaces it silently")
    func conflict() async throws {
        let fixture = try Self.fixture(distributed: false)
        let user = try await fixture.login()
        fixture.provider.spoilNextClaimSources(.overwritesOwnClaim)
        await #expect(throws: AuthClientError.claimSourceConflict(claim: "name")) {
            _ = try await user.fetchProfile(resolvingClaimSourcesWith: Self.policy(fixture))
        }
    }

    @Test("a source JWT without a claim mapped to it, or an endpoint refusing the source's token, is refused")
    func missingClaimAndRefusedToken() async throws {
        let fixture = try Self.fixture(distributed: false)
        let user = try await fixture.login()
        fixture.provider.spoilNextClaimSources(.missingClaim)
        await #expect(
            throws: AuthClientError.invalidClaimSource(
                source: "src1", reason: "its JWT lacks 'address', which _claim_names maps to it", cause: nil)
        ) { _ = try await user.fetchProfile(resolvingClaimSourcesWith: Self.policy(fixture)) }
        let distributed = try Self.fixture(aggregated: false)
        let other = try await distributed.login()
        distributed.provider.spoilNextClaimSources(.refusesAccessToken)
        await #expect(throws: AuthClientError.invalidClaimSource(source: "src2", reason: "its endpoint answered 401", cause: nil)) {
            _ = try await other.fetchProfile(resolvingClaimSourcesWith: Self.policy(distributed))
        }
    }

    @Test("malformed _claim_names / _claim_sources are refused when the sources are read")
    func malformed() throws {
        func info(_ json: String) throws -> UserInfo { try UserInfo(json: Array(json.utf8)) }
        #expect(throws: AuthClientError.invalidClaimSource(source: "_claim_sources", reason: "not a JSON object", cause: nil)) {
            _ = try info(#"{"sub":"a","_claim_names":{"x":"s"}}"#).claimSources
        }
        #expect(
            throws: AuthClientError.invalidClaimSource(source: "s", reason: "'x' is mapped to it, and _claim_sources lacks it", cause: nil)
        ) {
            _ = try info(#"{"sub":"a","_claim_names":{"x":"s"},"_claim_sources":{}}"#).claimSources
        }
        #expect(throws: AuthClientError.invalidClaimSource(source: "s", reason: "it has neither a JWT nor an endpoint", cause: nil)) {
            _ = try info(#"{"sub":"a","_claim_names":{"x":"s"},"_claim_sources":{"s":{}}}"#).claimSources
        }
        #expect(try info(#"{"sub":"a"}"#).claimSources.isEmpty)
    }
}

extension ClaimSourceTests {
    @Test("a distributed endpoint off every trusted issuer's origin is never called (the userinfo response chose the URL)")
    func untrustedEndpointNotCalled() async throws {
        let fixture = try Self.fixture(aggregated: false)
        let user = try await fixture.login()
        let elsewhere = ClaimSourcePolicy(trustedIssuers: ["https://claims.elsewhere.example"])
        await #expect(throws: AuthClientError.untrustedClaimSource(source: "src2", issuer: "(not fetched)")) {
            _ = try await user.fetchProfile(resolvingClaimSourcesWith: elsewhere)
        }
        #expect(fixture.provider.claimsEndpointAuthorizations.isEmpty)
        // Listed as a trusted endpoint, it is called (and its JWT's issuer still has to be trusted).
        let listed = ClaimSourcePolicy(
            trustedIssuers: [fixture.provider.configuration.claimsProviderIssuer],
            trustedEndpoints: [fixture.provider.configuration.claimsProviderIssuer + "/claims/"])
        #expect(try await user.fetchProfile(resolvingClaimSourcesWith: listed).claims["credit_score"] == 650)
    }

    @Test("the endpoint trust refuses user information, dot segments and another port or scheme")
    func endpointTrustRules() {
        let policy = ClaimSourcePolicy(
            trustedIssuers: ["https://claims.example.com/tenant"], trustedEndpoints: ["https://api.example.net/claims/"])
        #expect(policy.trusts(endpoint: "https://claims.example.com/claims/src2"))
        #expect(policy.trusts(endpoint: "https://api.example.net/claims/src2"))
        for endpoint in [
            "https://claims.example.com.evil.example/claims", "https://evil.example@claims.example.com/claims",
            "https://claims.example.com:8443/claims", "http://claims.example.com/claims",
            "https://api.example.net/claims/../admin", "https://api.example.net/claims/%2E%2E/admin", "https://api.example.net/other",
        ] {
            #expect(!policy.trusts(endpoint: endpoint), "\(endpoint)")
        }
    }

    @Test("a source that maps _claim_names or _claim_sources is refused before anything is fetched")
    func reservedClaimNames() async throws {
        let fixture = try Self.fixture()
        let info = try UserInfo(
            json: Array(
                #"{"sub":"alice","_claim_names":{"_claim_sources":"src1"},"_claim_sources":{"src1":{"endpoint":"https://claims.example.com/c"}}}"#
                    .utf8))
        await #expect(
            throws: AuthClientError.invalidClaimSource(
                source: "src1", reason: "_claim_names maps the reserved member '_claim_sources'", cause: nil)
        ) {
            _ = try await fixture.client.resolvingClaimSources(
                of: info, policy: ClaimSourcePolicy(trustedIssuers: ["https://claims.example.com"]))
        }
        #expect(fixture.provider.claimsEndpointAuthorizations.isEmpty)
    }
}
