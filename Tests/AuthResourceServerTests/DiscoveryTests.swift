// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthHTTP
import AuthJSON
import AuthResourceServer
import Testing

@Suite("Keys by discovery: the issuer's RFC 8414 or OpenID metadata names jwks_uri, its issuer checked")
struct DiscoveryTests {
    static let rfc8414 = "https://as.example.com/.well-known/oauth-authorization-server"
    static let openID = "https://as.example.com/.well-known/openid-configuration"

    func server(_ network: Network, issuer: String = Fixtures.issuer) -> ResourceServer {
        var configuration = Fixtures.configuration(keys: .discover)
        configuration.authorizationServers = [issuer]
        return Fixtures.server(configuration, network: network)
    }

    @Test("RFC 8414 metadata first: its jwks_uri is fetched once, then kept")
    func rfc8414() async throws {
        let network = Network.standard()
        network.route(Self.rfc8414, json: ["issuer": .string(Fixtures.issuer), "jwks_uri": .string(Fixtures.jwksURL)])
        let server = server(network)
        _ = try await server.authenticate(Fixtures.bearer(Fixtures.token()))
        _ = try await server.authenticate(Fixtures.bearer(Fixtures.token()))
        #expect(network.count(Self.rfc8414) == 1)
        #expect(network.count(Self.openID) == 0)
        #expect(network.count(Fixtures.jwksURL) == 1)
    }

    @Test("no RFC 8414 metadata: OpenID Connect discovery; an issuer with a path gets both forms of URL")
    func openIDFallback() async throws {
        let issuer = "https://as.example.com/tenant"
        let network = Network.standard()
        network.route(
            "https://as.example.com/tenant/.well-known/openid-configuration",
            json: ["issuer": .string(issuer), "jwks_uri": .string(Fixtures.jwksURL)])
        let principal = try await server(network, issuer: issuer).authenticate(Fixtures.bearer(Fixtures.token(["iss": .string(issuer)])))
        #expect(principal.issuer == issuer)
        #expect(
            network.requests.map(\.url).prefix(2) == [
                "https://as.example.com/.well-known/oauth-authorization-server/tenant",
                "https://as.example.com/tenant/.well-known/openid-configuration",
            ])
    }

    @Test("metadata for another issuer is refused (RFC 8414 §3.3; 12027, 503) and its jwks_uri never fetched")
    func issuerMismatch() async throws {
        let network = Network.standard()
        network.route(Self.rfc8414, json: ["issuer": "https://evil.example.com", "jwks_uri": .string(Fixtures.jwksURL)])
        let server = server(network)
        let error = try #require(await refusal(server, Fixtures.bearer(Fixtures.token())))
        #expect(error.code == 12027)
        #expect(server.challenge(for: error).status == 503)
        #expect(network.count(Fixtures.jwksURL) == 0)
    }

    @Test("an http jwks_uri is refused (12027)")
    func insecureJWKSURI() async {
        let network = Network.standard()
        network.route(Self.rfc8414, json: ["issuer": .string(Fixtures.issuer), "jwks_uri": "http://as.example.com/jwks"])
        #expect(await refusal(server(network), Fixtures.bearer(Fixtures.token()))?.code == 12027)
    }

    @Test("a failed discovery is not retried for 30 s")
    func failureRemembered() async {
        let network = Network()
        let server = server(network)
        #expect(await refusal(server, Fixtures.bearer(Fixtures.token()))?.code == 12027)
        let count = network.requests.count
        #expect(count == 2)
        #expect(await refusal(server, Fixtures.bearer(Fixtures.token()))?.code == 12027)
        #expect(network.requests.count == count)
    }
}
