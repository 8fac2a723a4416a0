// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDPoP
import AuthHTTP
import AuthJSON
import AuthJWT
import AuthResourceServer
import Synchronization
import Testing

/// The code `authenticate` throws, nil when it succeeds.
func refusal(_ server: ResourceServer, _ request: ProtectedRequest, requiring scopes: [String] = []) async -> ResourceServerError? {
    do {
        _ = try await server.authenticate(request, requiring: scopes)
        return nil
    } catch {
        return error
    }
}

@Suite("ResourceServer.authenticate: credentials, keys, binding, scopes, step-up")
struct ResourceServerTests {
    @Test("a valid bearer token passes; the JWK Set is fetched once and kept")
    func valid() async throws {
        let network = Network.standard()
        let server = Fixtures.server(network: network)
        for _ in 0..<3 {
            let principal = try await server.authenticate(Fixtures.bearer(Fixtures.token()), requiring: ["mcp:tools"])
            #expect(principal.subject == "user-42")
            #expect(principal.dpop == nil)
        }
        #expect(network.count(Fixtures.jwksURL) == 1)
    }

    @Test("concurrent first requests make one JWK Set request (single flight)")
    func singleFlight() async throws {
        let network = Network.standard()
        network.hold()
        let server = Fixtures.server(network: network)
        let token = Fixtures.token()
        try await withThrowingTaskGroup(of: AccessPrincipal.self) { group in
            for _ in 0..<8 { group.addTask { try await server.authenticate(Fixtures.bearer(token)) } }
            while network.requests.isEmpty { await Task.yield() }
            try await Task.sleep(for: .milliseconds(20))
            network.release()
            for try await principal in group { #expect(principal.subject == "user-42") }
        }
        #expect(network.count(Fixtures.jwksURL) == 1)
    }

    @Test("an unknown kid refetches the set once (rotation); another unknown kid within the cooldown does not")
    func rotation() async throws {
        let network = Network.standard()
        let server = Fixtures.server(network: network)
        _ = try await server.authenticate(Fixtures.bearer(Fixtures.token()))
        network.route(Fixtures.jwksURL, TransportResponse(status: 200, body: Fixtures.jwks([Fixtures.signingKey, Fixtures.rotatedKey])))
        let rotated = try await server.authenticate(Fixtures.bearer(Fixtures.token(key: Fixtures.rotatedKey)))
        #expect(rotated.subject == "user-42")
        #expect(network.count(Fixtures.jwksURL) == 2)
        let unknown = Fixtures.token(key: Fixtures.key(7, keyID: "made-up"))
        #expect(await refusal(server, Fixtures.bearer(unknown))?.code == 12009)
        #expect(network.count(Fixtures.jwksURL) == 3)
        #expect(await refusal(server, Fixtures.bearer(Fixtures.token(key: Fixtures.key(8, keyID: "made-up-2"))))?.code == 12009)
        #expect(network.count(Fixtures.jwksURL) == 3, "within the cooldown, no refetch")
    }

    @Test("a key removed from the JWK Set stops verifying once the set is 10 minutes old; the set is fetched once per 10 minutes")
    func removedKeyStopsVerifying() async throws {
        let network = Network.standard(keys: [Fixtures.signingKey, Fixtures.rotatedKey])
        let clock = Mutex(Fixtures.now)
        let server = ResourceServer(configuration: Fixtures.configuration(), transport: network, now: { clock.withLock { $0 } })
        let longLived = Fixtures.token(["exp": .number(JSONNumber(Fixtures.now + 7200))])
        _ = try await server.authenticate(Fixtures.bearer(longLived))
        // The authorization server drops its first key (a compromised one).
        network.route(Fixtures.jwksURL, TransportResponse(status: 200, body: Fixtures.jwks([Fixtures.rotatedKey])))
        clock.withLock { $0 = Fixtures.now + 599 }
        _ = try await server.authenticate(Fixtures.bearer(longLived))
        #expect(network.count(Fixtures.jwksURL) == 1)
        clock.withLock { $0 = Fixtures.now + 600 }
        #expect(await refusal(server, Fixtures.bearer(longLived))?.code == 12009)
        #expect(network.count(Fixtures.jwksURL) == 2)
        // An hour later, tokens of the remaining key: one fetch per 10 minutes, not one per token.
        let current = Fixtures.token(["exp": .number(JSONNumber(Fixtures.now + 7200))], key: Fixtures.rotatedKey)
        for minute in stride(from: 60, through: 75, by: 1) {
            clock.withLock { $0 = Fixtures.now + Int64(minute) * 60 }
            _ = try await server.authenticate(Fixtures.bearer(current))
        }
        #expect(network.count(Fixtures.jwksURL) == 4)
    }

    @Test("keySetMaximumAgeSeconds nil keeps the set until an unknown kid; 0 is a configuration error (12029)")
    func maximumAgeSettings() async throws {
        let network = Network.standard()
        var configuration = Fixtures.configuration()
        configuration.keySetMaximumAgeSeconds = nil
        let clock = Mutex(Fixtures.now)
        let server = ResourceServer(configuration: configuration, transport: network, now: { clock.withLock { $0 } })
        let token = Fixtures.token(["exp": .number(JSONNumber(Fixtures.now + 86_400))])
        _ = try await server.authenticate(Fixtures.bearer(token))
        clock.withLock { $0 = Fixtures.now + 80_000 }
        _ = try await server.authenticate(Fixtures.bearer(token))
        #expect(network.count(Fixtures.jwksURL) == 1)
        configuration.keySetMaximumAgeSeconds = 0
        #expect(await refusal(Fixtures.server(configuration, network: network), Fixtures.bearer(Fixtures.token()))?.code == 12029)
    }

    @Test("an untrusted issuer is refused before any request is made")
    func untrustedIssuerFetchesNothing() async {
        let network = Network.standard()
        let server = Fixtures.server(Fixtures.configuration(keys: .discover), network: network)
        #expect(await refusal(server, Fixtures.bearer(Fixtures.token(["iss": "https://evil.example.com"])))?.code == 12007)
        #expect(network.requests.isEmpty)
    }

    @Test("a JWK Set that cannot be fetched is the server's trouble (12026, 503)")
    func keysUnavailable() async throws {
        let network = Network([Fixtures.jwksURL: TransportResponse(status: 500)])
        let server = Fixtures.server(network: network)
        let error = try #require(await refusal(server, Fixtures.bearer(Fixtures.token())))
        #expect(error.code == 12026)
        #expect(server.challenge(for: error).status == 503)
        #expect(server.challenge(for: error).challenges.isEmpty)
    }

    @Test("fixed keys: an unknown kid is refused without a request")
    func fixedKeys() async throws {
        let network = Network()
        let server = Fixtures.server(Fixtures.configuration(keys: .keySet(Fixtures.keySet([Fixtures.signingKey]))), network: network)
        _ = try await server.authenticate(Fixtures.bearer(Fixtures.token()))
        #expect(await refusal(server, Fixtures.bearer(Fixtures.token(key: Fixtures.rotatedKey)))?.code == 12009)
        #expect(network.requests.isEmpty)
    }

    @Test("an http JWK Set URL is refused as a configuration error (12029, 500)")
    func insecureJWKSURL() async throws {
        let server = Fixtures.server(Fixtures.configuration(keys: .jwksURL("http://as.example.com/jwks")))
        let error = try #require(await refusal(server, Fixtures.bearer(Fixtures.token())))
        #expect(error.code == 12029)
        #expect(server.challenge(for: error).status == 500)
    }

    @Test("Authorization: none is 12001; Basic is 12002; two fields, a query token, both, no token or a bad b64token are 400")
    func credentials() async {
        let server = Fixtures.server()
        let token = Fixtures.token()
        #expect(await refusal(server, Fixtures.request([]))?.code == 12001)
        #expect(await refusal(server, Fixtures.request([("Authorization", "Basic dXNlcjpwYXNz")]))?.code == 12002)
        #expect(
            await refusal(server, Fixtures.request([("Authorization", "Bearer " + token), ("authorization", "Bearer " + token)]))?.code
                == 12003)
        #expect(await refusal(server, Fixtures.request([], url: Fixtures.resource + "?access_token=" + token))?.code == 12003)
        #expect(
            await refusal(server, Fixtures.request([("Authorization", "Bearer " + token)], url: Fixtures.resource + "?a=1&access_token=x"))?
                .code == 12003)
        #expect(await refusal(server, Fixtures.request([("Authorization", "Bearer")]))?.code == 12003)
        #expect(await refusal(server, Fixtures.request([("Authorization", "Bearer " + token + " extra")]))?.code == 12003)
        #expect(await refusal(server, Fixtures.request([("Authorization", "Bearer ab=c")]))?.code == 12003)
        #expect(await refusal(server, Fixtures.request([("Authorization", "bearer  " + token + " ")])) == nil, "scheme in any case, spaces")
        // A value that is not "scheme credentials" (a bare token, `Bearer:token`) is not named in the error.
        for value in [token, "Bearer:" + token, "Token" + String(repeating: "x", count: 30) + " abc"] {
            let error = await refusal(server, Fixtures.request([("Authorization", value)]))
            #expect(error?.code == 12002)
            #expect(!"\(String(describing: error))".contains(String(token.prefix(16))) && !"\(String(describing: error))".contains("xxxx"))
        }
        #expect(await refusal(server, Fixtures.request([("Authorization", "Bearer " + token)], url: Fixtures.resource + "?page=2")) == nil)
    }

    @Test("scopes: a missing one is 403 insufficient_scope naming what is needed")
    func scopes() async throws {
        let server = Fixtures.server()
        let error = try #require(await refusal(server, Fixtures.bearer(Fixtures.token()), requiring: ["mcp:tools", "admin"]))
        guard case .insufficientScope(let required, let granted) = error else { throw error }
        #expect(required == ["mcp:tools", "admin"])
        #expect(granted == ["mcp:tools", "mcp:resources"])
        #expect(await refusal(server, Fixtures.bearer(Fixtures.token()), requiring: ["mcp:resources", "mcp:tools"]) == nil)
    }

    @Test("step-up (RFC 9470): acr among the values and auth_time within max_age, else insufficient_user_authentication")
    func stepUp() async throws {
        let server = Fixtures.server()
        let requirement = UserAuthenticationRequirement(acrValues: ["urn:mfa"], maxAge: 300)
        func code(_ changes: [String: JSONValue?]) async -> Int? {
            do {
                _ = try await server.authenticate(Fixtures.bearer(Fixtures.token(changes)), userAuthentication: requirement)
                return nil
            } catch {
                return error.code
            }
        }
        #expect(await code(["acr": "urn:mfa", "auth_time": .number(JSONNumber(Fixtures.now - 300))]) == nil)
        #expect(await code(["acr": "urn:pwd", "auth_time": .number(JSONNumber(Fixtures.now - 10))]) == 12025)
        #expect(await code(["auth_time": .number(JSONNumber(Fixtures.now - 10))]) == 12025)
        #expect(await code(["acr": "urn:mfa", "auth_time": .number(JSONNumber(Fixtures.now - 301))]) == 12025)
        #expect(await code(["acr": "urn:mfa"]) == 12025)
        #expect(await code(["acr": "urn:mfa", "auth_time": .number(JSONNumber(Int64.min))]) != nil, "refused, and no overflow")
        #expect(await code(["acr": "urn:mfa", "auth_time": .number(JSONNumber(Int64.max))]) == nil)
    }
}

@Suite("ResourceServer and DPoP (RFC 9449 §7): bound tokens only with a proof by their key")
struct ResourceServerDPoPTests {
    func dpop(_ token: String, proof: String?...) -> ProtectedRequest {
        Fixtures.request([("Authorization", "DPoP " + token)] + proof.compactMap { $0.map { ("DPoP", $0) } })
    }

    @Test("a bound token with the DPoP scheme and a proof by its key passes; the proof is in the principal")
    func valid() async throws {
        let token = Fixtures.boundToken()
        let principal = try await Fixtures.server().authenticate(dpop(token, proof: Fixtures.proof(accessToken: token)))
        #expect(principal.confirmation == Fixtures.proofKey.thumbprint)
        #expect(principal.dpop?.thumbprint == Fixtures.proofKey.thumbprint)
        #expect(principal.dpop?.jti == "proof-1")
    }

    @Test("a bound token sent as Bearer is refused (12017), even with a proof beside it")
    func downgrade() async {
        let token = Fixtures.boundToken()
        let server = Fixtures.server()
        #expect(await refusal(server, Fixtures.bearer(token))?.code == 12017)
        let withProof = Fixtures.request([("Authorization", "Bearer " + token), ("DPoP", Fixtures.proof(accessToken: token))])
        #expect(await refusal(server, withProof)?.code == 12017)
    }

    @Test("a proof by another key than cnf.jkt is refused (12018)")
    func otherKey() async {
        let token = Fixtures.boundToken()
        #expect(
            await refusal(Fixtures.server(), dpop(token, proof: Fixtures.proof(key: Fixtures.otherProofKey, accessToken: token)))?.code
                == 12018)
    }

    @Test("a proof by another key takes no place in the replay cache: a stolen token cannot fill it (RFC 9449 §11.1)")
    func otherKeyIsNotRemembered() async {
        let token = Fixtures.boundToken()
        var configuration = Fixtures.configuration()
        configuration.dpopReplayCache = InMemoryDPoPReplayCache(capacity: 1, now: { Fixtures.now })
        let server = Fixtures.server(configuration)
        for jti in ["stolen-1", "stolen-2"] {
            let proof = Fixtures.proof(key: Fixtures.otherProofKey, accessToken: token, jti: jti)
            #expect(await refusal(server, dpop(token, proof: proof))?.code == 12018)
        }
        #expect(await refusal(server, dpop(token, proof: Fixtures.proof(accessToken: token, jti: "honest"))) == nil)
    }

    @Test("the DPoP scheme with an unbound token is refused (12019)")
    func unbound() async {
        let token = Fixtures.token()
        #expect(await refusal(Fixtures.server(), dpop(token, proof: Fixtures.proof(accessToken: token)))?.code == 12019)
    }

    @Test("no proof (12020), two proofs (12021)")
    func proofCount() async {
        let token = Fixtures.boundToken()
        let server = Fixtures.server()
        #expect(await refusal(server, dpop(token))?.code == 12020)
        let proof = Fixtures.proof(accessToken: token)
        #expect(await refusal(server, dpop(token, proof: proof, proof))?.code == 12021)
    }

    @Test("a proof for another URL, method or token, or replayed, is refused by the verifier (12022)")
    func proofChecks() async throws {
        let token = Fixtures.boundToken()
        let server = Fixtures.server()
        for proof in [
            Fixtures.proof(url: "https://mcp.example.com/other", accessToken: token, jti: "a"),
            Fixtures.proof(method: "GET", accessToken: token, jti: "b"),
            Fixtures.proof(accessToken: Fixtures.token(), jti: "c"),
            Fixtures.proof(accessToken: nil, jti: "d"),
            Fixtures.proof(accessToken: token, jti: "e", iat: Fixtures.now - 3600),
        ] {
            #expect(await refusal(server, dpop(token, proof: proof))?.code == 12022)
        }
        let proof = Fixtures.proof(accessToken: token, jti: "once")
        #expect(await refusal(server, dpop(token, proof: proof)) == nil)
        #expect(await refusal(server, dpop(token, proof: proof))?.code == 12022, "replayed")
    }

    @Test("policy: required refuses Bearer (12023); disabled refuses the DPoP scheme (12002)")
    func policies() async {
        var configuration = Fixtures.configuration()
        configuration.dpop = .required
        #expect(await refusal(Fixtures.server(configuration), Fixtures.bearer(Fixtures.token()))?.code == 12023)
        configuration.dpop = .disabled
        let token = Fixtures.boundToken()
        #expect(await refusal(Fixtures.server(configuration), dpop(token, proof: Fixtures.proof(accessToken: token)))?.code == 12002)
    }

    @Test("server nonces: a proof without the nonce gets use_dpop_nonce and DPoP-Nonce; with it, passes")
    func nonces() async throws {
        var configuration = Fixtures.configuration()
        configuration.dpopVerification.requiresNonce = true
        configuration.dpopNonces = DPoPNonceSource(secret: Array(repeating: 7, count: 32), now: { Fixtures.now })
        let server = Fixtures.server(configuration)
        let token = Fixtures.boundToken()
        let error = try #require(await refusal(server, dpop(token, proof: Fixtures.proof(accessToken: token, jti: "n1"))))
        let challenge = server.challenge(for: error)
        #expect(challenge.status == 401)
        let nonce = try #require(challenge.headerFields.first { $0.hasName("DPoP-Nonce") }?.value)
        #expect(challenge.challenges.first { $0.isScheme("DPoP") }?.error == .useDPoPNonce)
        #expect(challenge.challenges.first { $0.isScheme("Bearer") }?.error == nil)
        #expect(await refusal(server, dpop(token, proof: Fixtures.proof(accessToken: token, jti: "n2", nonce: nonce))) == nil)
    }
}

@Suite("ResourceServer: what a request shows")
struct ProtectedRequestReflectionTests {
    @Test("dump shows the method, the URL without its query and the header names, never the token or the proof")
    func dumpHidesCredentials() {
        let token = Fixtures.boundToken()
        let proof = Fixtures.proof(accessToken: token)
        let request = Fixtures.request(
            [("Authorization", "DPoP " + token), ("DPoP", proof)], url: Fixtures.resource + "?access_token=" + token)
        var dumped = ""
        dump(request, to: &dumped)
        for secret in [token, proof, String(token.suffix(20)), String(proof.suffix(20))] { #expect(!dumped.contains(secret)) }
        #expect(dumped.contains("Authorization: <redacted>") && dumped.contains("?<redacted>"))
        #expect(!"\(request)".contains(String(token.suffix(20))))
    }
}
