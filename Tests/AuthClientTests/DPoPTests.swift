// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthClient
import AuthCredentials
import AuthDigest
import AuthJSON
import AuthJWT
import AuthTesting
import Foundation
import Testing

/// The fake provider, with every request recorded on the way.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    let provider: FakeOpenIDProvider
    private let lock = NSLock()
    private var recorded: [TransportRequest] = []

    init(_ provider: FakeOpenIDProvider) { self.provider = provider }

    var requests: [TransportRequest] { lock.withLock { recorded } }

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        lock.withLock { recorded.append(request) }
        return try await provider.send(request)
    }
}

/// The claims and header of a compact JWS, decoded by Foundation rather than by AuthJWT.
func decodedJWT(_ token: String) throws -> (header: [String: Any], claims: [String: Any]) {
    let parts = token.split(separator: ".").map(String.init)
    func object(_ part: String) throws -> [String: Any] {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        let data = try #require(Data(base64Encoded: text))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
    return (try object(parts[0]), try object(parts[1]))
}

@Suite("DPoP (RFC 9449): proofs, nonces, binding, persistence, and the fake provider's checks")
struct DPoPTests {
    struct Setup {
        let fixture: Fixture
        let transport: RecordingTransport
        let client: AuthClient

        init(
            configure: (inout FakeOpenIDProvider.Configuration) -> Void = { _ in },
            client configureClient: (inout ClientConfiguration) -> Void = { _ in }
        ) throws {
            fixture = try Fixture(configure: { configuration in
                configuration.requiresDPoP = true
                configure(&configuration)
            })
            transport = RecordingTransport(fixture.provider)
            var configuration = fixture.client.configuration
            configuration.usesDPoP = true
            configureClient(&configuration)
            client = try AuthClient(
                configuration: configuration, metadata: fixture.provider.metadata, transport: transport, store: fixture.store,
                clock: .manual(fixture.time), sleeper: fixture.sleeper)
        }

        func login(seed: UInt64 = 1) async throws -> User {
            var generator = SeededRandomNumberGenerator(seed: seed)
            return try await client.login(with: fixture.provider.browser(), using: &generator)
        }

        func requests(to endpoint: FakeOpenIDProvider.Endpoint) -> [TransportRequest] {
            transport.requests.filter { $0.url.hasPrefix(fixture.provider.url(of: endpoint)) }
        }
    }

    @Test("login sends dpop_jkt, proves the key at the token endpoint, and gets tokens bound to it (cnf.jkt)")
    func boundLogin() async throws {
        let setup = try Setup()
        var generator = SeededRandomNumberGenerator(seed: 1)
        let request = try setup.client.authorizationRequest(using: &generator)
        let key = try #require(request.dpopKey)
        #expect((try request.url.queryParameters()).first { $0.name == "dpop_jkt" }?.value == key.thumbprint)
        let user = try await setup.login()
        let tokens = try #require(await user.tokens)
        #expect(tokens.isDPoPBound && tokens.tokenType == "DPoP")
        #expect(tokens.dpopKey?.thumbprint == key.thumbprint)
        #expect(setup.fixture.provider.boundKeyThumbprint(ofAccessToken: tokens.accessToken) == key.thumbprint)
        let token = try #require(setup.requests(to: .token).first)
        let proof = try decodedJWT(try #require(token.header("DPoP")))
        #expect(proof.header["typ"] as? String == "dpop+jwt" && proof.header["alg"] as? String == "ES256")
        let jwk = try #require(proof.header["jwk"] as? [String: Any])
        #expect(jwk["d"] == nil && jwk["kty"] as? String == "EC" && jwk["crv"] as? String == "P-256")
        #expect(proof.claims["htm"] as? String == "POST" && proof.claims["htu"] as? String == setup.fixture.provider.url(of: .token))
        #expect(proof.claims["ath"] == nil && proof.claims["jti"] is String && proof.claims["iat"] as? Int == 1_800_000_000)
    }

    @Test("resource requests carry Authorization: DPoP and a proof with ath, htm and htu without the query")
    func resourceRequest() async throws {
        let setup = try Setup()
        let user = try await setup.login()
        let tokens = try #require(await user.tokens)
        let url = setup.fixture.provider.url(of: .userinfo) + "?schema=openid#top"
        let response = try await user.send(TransportRequest(method: .get, url: url))
        #expect(response.status == 200)
        let sent = try #require(setup.requests(to: .userinfo).last)
        #expect(sent.header("Authorization") == "DPoP " + tokens.accessToken)
        let proof = try decodedJWT(try #require(sent.header("DPoP")))
        #expect(proof.claims["htm"] as? String == "GET" && proof.claims["htu"] as? String == setup.fixture.provider.url(of: .userinfo))
        let hash = Data(SHA256.hash(data: Array(tokens.accessToken.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        #expect(proof.claims["ath"] as? String == hash)
    }

    @Test("use_dpop_nonce is answered with exactly one retry, at the token endpoint and at the resource")
    func nonces() async throws {
        let setup = try Setup { $0.requiresDPoPNonce = true }
        let user = try await setup.login()
        #expect(setup.requests(to: .token).count == 2)
        let first = try decodedJWT(try #require(setup.requests(to: .token)[0].header("DPoP")))
        let second = try decodedJWT(try #require(setup.requests(to: .token)[1].header("DPoP")))
        #expect(first.claims["nonce"] == nil)
        #expect(second.claims["nonce"] as? String != nil)
        // The nonce is kept: the resource (same server) accepts the next proof at once.
        _ = try await user.fetchProfile()
        #expect(setup.requests(to: .userinfo).count == 1)
        // A new nonce: one 401 use_dpop_nonce, one retry.
        setup.fixture.provider.rotateDPoPNonce()
        _ = try await user.fetchProfile()
        #expect(setup.requests(to: .userinfo).count == 3)
        let retried = try decodedJWT(try #require(setup.requests(to: .userinfo).last?.header("DPoP")))
        #expect(retried.claims["nonce"] as? String == setup.fixture.provider.currentDPoPNonce)
        #expect(await user.refreshCount == 0)
    }

    @Test("the provider refuses a replayed proof, another method, another endpoint, a wrong ath, and a bound token as Bearer")
    func providerChecks() async throws {
        let setup = try Setup()
        let user = try await setup.login()
        _ = try await user.fetchProfile()
        let sent = try #require(setup.requests(to: .userinfo).last)
        let provider = setup.fixture.provider
        func challenge(_ request: TransportRequest) async throws -> String? {
            let response = try await provider.send(request)
            #expect(response.status == 401)
            return response.header("WWW-Authenticate")
        }
        #expect(try await challenge(sent)?.contains("invalid_dpop_proof") == true)  // replay: same jti
        let token = try #require(await user.tokens).accessToken
        var post = sent
        post.method = .post
        #expect(try await challenge(post)?.contains("invalid_dpop_proof") == true)
        // The proof of a GET to userinfo, presented with a POST to the token endpoint: htu and htm differ.
        _ = try await user.fetchProfile()
        let fresh = try #require(setup.requests(to: .userinfo).last?.header("DPoP"))
        let secret = Data("\(provider.configuration.clientID):\(Fixture.secret)".utf8).base64EncodedString()
        let refresh = TransportRequest(
            method: .post, url: provider.url(of: .token),
            headerFields: [
                HeaderField(name: "Authorization", value: "Basic " + secret), HeaderField(name: "DPoP", value: fresh),
                HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded"),
            ],
            body: Array("grant_type=refresh_token&refresh_token=\(try #require(await user.tokens?.refreshToken))".utf8))
        let refused = try await provider.send(refresh)
        #expect(refused.status == 400 && String(decoding: refused.body, as: UTF8.self).contains("invalid_dpop_proof"))
        var bearer = sent
        bearer.setHeader("Authorization", "Bearer " + token)
        #expect(try await challenge(bearer)?.hasPrefix("Bearer") == true)
        // Fresh proofs made by the client, then spoiled: wrong ath (another token), stale iat.
        _ = try await user.fetchProfile()
        var wrongToken = try #require(setup.requests(to: .userinfo).last)
        wrongToken.setHeader("Authorization", "DPoP " + token + "x")
        #expect(try await challenge(wrongToken) != nil)
    }

    @Test("a stale iat is refused with invalid_dpop_proof")
    func staleProof() async throws {
        let setup = try Setup()
        let user = try await setup.login()
        setup.fixture.provider.clockSkewSeconds = 120
        let response = try await setup.client.send(
            TransportRequest(method: .get, url: setup.fixture.provider.url(of: .userinfo)), authorizedWith: try #require(await user.tokens))
        #expect(response.status == 401)
        #expect(response.header("WWW-Authenticate")?.contains("invalid_dpop_proof") == true)
    }

    @Test("the key is saved with the tokens: after a relaunch the refresh proves the same key; another key is refused")
    func persistence() async throws {
        let setup = try Setup()
        let user = try await setup.login()
        let original = try #require(await user.tokens)
        let stored = try #require(await setup.fixture.store.credential(for: "alice", grant: setup.fixture.client.grant)?.tokens)
        #expect(stored.dpopKey?.rawRepresentation == original.dpopKey?.rawRepresentation)
        // The saved JSON holds the key and reads back the same (the file store writes this encoding).
        let decoded = try JSONDecoder().decode(TokenSet.self, from: JSONEncoder().encode(stored))
        #expect(decoded == stored && decoded.dpopKey?.rawRepresentation == original.dpopKey?.rawRepresentation)
        let relaunched = try AuthClient(
            configuration: setup.client.configuration, metadata: setup.fixture.provider.metadata, transport: setup.transport,
            store: setup.fixture.store, clock: .manual(setup.fixture.time), sleeper: setup.fixture.sleeper)
        let resumed = try #require(try await relaunched.resumeLastUser())
        let refreshed = try await resumed.refreshTokens()
        #expect(refreshed.isDPoPBound && refreshed.dpopKey?.thumbprint == original.dpopKey?.thumbprint)
        #expect(setup.fixture.provider.boundKeyThumbprint(ofAccessToken: refreshed.accessToken) == original.dpopKey?.thumbprint)
        var stolen = refreshed
        var generator = SeededRandomNumberGenerator(seed: 99)
        stolen.dpopKey = P256PrivateKey.generate(using: &generator)
        await #expect(throws: AuthClientError.self) { _ = try await relaunched.refreshTokens(stolen) }
    }

    @Test("the device flow binds its tokens to a DPoP key too")
    func deviceFlow() async throws {
        let setup = try Setup()
        let authorization = try await setup.client.requestDeviceAuthorization()
        #expect(authorization.dpopKey != nil)
        #expect(setup.fixture.provider.approveDevice(userCode: authorization.userCode))
        let user = try await setup.client.pollDeviceAuthorization(authorization)
        let tokens = try #require(await user.tokens)
        #expect(tokens.isDPoPBound && tokens.dpopKey?.thumbprint == authorization.dpopKey?.thumbprint)
        _ = try await user.fetchProfile()
    }

    @Test("token_type DPoP for a request without a proof is refused (10352)")
    func unexpectedDPoP() async throws {
        let fixture = try Fixture()
        let body = #"{"access_token":"a","token_type":"DPoP","expires_in":60,"refresh_token":"r"}"#
        let script: ScriptedTransport = .scripted([TransportResponse(status: 200, body: Array(body.utf8))])
        let client = try AuthClient(
            configuration: fixture.client.configuration, metadata: fixture.provider.metadata, transport: script,
            clock: .manual(fixture.time))
        do {
            _ = try await client.refreshTokens(TokenSet(accessToken: "old", refreshToken: "r"))
            Issue.record("accepted a DPoP token it cannot use")
        } catch {
            #expect(error.code == 10352)
        }
    }

    @Test("by default a Bearer answer to a DPoP request is kept as Bearer, with the key (RFC 9449 §5 allows the server to)")
    func bearerAnswerIsKeptByDefault() async throws {
        let setup = try Setup()
        setup.fixture.provider.answerDPoPRequestsWithBearer()
        let user = try await setup.login()
        let tokens = try #require(await user.tokens)
        #expect(!tokens.isDPoPBound && tokens.dpopKey != nil)
        #expect(setup.fixture.provider.boundKeyThumbprint(ofAccessToken: tokens.accessToken) == nil)
    }

    @Test("requiresDPoPBoundTokens: a Bearer answer to the code exchange is dpopBindingRequired (10354), and nothing is saved")
    func requiredBindingAtLogin() async throws {
        let setup = try Setup(client: { $0.requiresDPoPBoundTokens = true })
        setup.fixture.provider.answerDPoPRequestsWithBearer()
        await #expect(throws: AuthClientError.dpopBindingRequired(tokenType: "Bearer")) { try await setup.login() }
        #expect(await setup.fixture.store.lastCredential(for: setup.client.grant) == nil)
        #expect(AuthClientError.dpopBindingRequired(tokenType: "Bearer").code == 10354)
        // With a bound answer the same client logs in.
        setup.fixture.provider.answerDPoPRequestsWithBearer(false)
        #expect(try await setup.login(seed: 2).tokens?.isDPoPBound == true)
    }

    @Test("requiresDPoPBoundTokens: a Bearer answer to a refresh is refused, and the session, in memory and stored, is unchanged")
    func requiredBindingAtRefresh() async throws {
        let setup = try Setup(configure: { $0.rotatesRefreshTokens = false }, client: { $0.requiresDPoPBoundTokens = true })
        let user = try await setup.login()
        let before = try #require(await user.tokens)
        #expect(before.isDPoPBound)
        setup.fixture.provider.answerDPoPRequestsWithBearer()
        await #expect(throws: AuthClientError.dpopBindingRequired(tokenType: "Bearer")) { try await user.refreshTokens() }
        #expect(await user.tokens == before)
        #expect(await user.isLoggedIn)
        #expect(await setup.fixture.store.credential(for: "alice", grant: setup.client.grant)?.tokens == before)
        // The server binds again: the kept session refreshes with its key.
        setup.fixture.provider.answerDPoPRequestsWithBearer(false)
        let refreshed = try await user.refreshTokens()
        #expect(refreshed.isDPoPBound && refreshed.accessToken != before.accessToken)
    }

    @Test("requiresDPoPBoundTokens: a Bearer answer to the device grant's poll is refused, and nothing is saved")
    func requiredBindingForDeviceGrant() async throws {
        let setup = try Setup(client: { $0.requiresDPoPBoundTokens = true })
        let authorization = try await setup.client.requestDeviceAuthorization()
        #expect(setup.fixture.provider.approveDevice(userCode: authorization.userCode))
        setup.fixture.provider.answerDPoPRequestsWithBearer()
        await #expect(throws: AuthClientError.dpopBindingRequired(tokenType: "Bearer")) {
            try await setup.client.pollDeviceAuthorization(authorization)
        }
        #expect(await setup.fixture.store.lastCredential(for: setup.client.grant) == nil)
    }

    @Test("requiresDPoPBoundTokens without usesDPoP is an invalid configuration: no token could ever satisfy it")
    func requiredBindingNeedsDPoP() throws {
        let fixture = try Fixture()
        var configuration = fixture.client.configuration
        configuration.requiresDPoPBoundTokens = true
        #expect { try AuthClient(configuration: configuration, metadata: fixture.provider.metadata, transport: fixture.provider) } throws: {
            ($0 as? AuthClientError)?.code == 10001
        }
    }

    @Test("a 401 invalid_dpop_proof throws dpopProofRefused (10353) without a refresh, which cannot fix a proof")
    func invalidProofIsNotRefreshed() async throws {
        let setup = try Setup()
        let user = try await setup.login()
        let tokens = try #require(await user.tokens)
        setup.fixture.provider.clockSkewSeconds = 120  // every proof's iat is now stale to the provider
        let url = setup.fixture.provider.url(of: .userinfo)
        do {
            _ = try await user.send(TransportRequest(method: .get, url: url))
            Issue.record("a refused proof was not thrown")
        } catch {
            guard case .dpopProofRefused(let reason) = error else { throw error }
            #expect(
                reason?.hasPrefix("AuthDPoPError 13020: ") == true && reason?.contains("older than the maximum age of 60 s") == true,
                "\(reason ?? "")")
            #expect(error.code == 10353 && error.description.contains("invalid_dpop_proof"))
        }
        #expect(await user.refreshCount == 0)
        #expect(setup.requests(to: .token).count == 1)  // the login's code exchange only
        #expect(await user.tokens == tokens)
        #expect(setup.requests(to: .userinfo).count == 1)
    }

    @Test("a 401 use_dpop_nonce is still retried once with the nonce, not refused and not refreshed")
    func nonceIsNotARefusal() async throws {
        let setup = try Setup { $0.requiresDPoPNonce = true }
        let user = try await setup.login()
        setup.fixture.provider.rotateDPoPNonce()
        let response = try await user.send(TransportRequest(method: .get, url: setup.fixture.provider.url(of: .userinfo)))
        #expect(response.status == 200 && setup.requests(to: .userinfo).count == 2)
        #expect(await user.refreshCount == 0)
    }

    @Test("HTTPS://HOST:443/a/../userinfo is sent normalized, the proof's htu names that URI, ath matches, and the provider accepts it")
    func normalizedTarget() async throws {
        let setup = try Setup()
        let user = try await setup.login()
        let tokens = try #require(await user.tokens)
        let provider = setup.fixture.provider
        let userinfo = provider.url(of: .userinfo)
        let given = userinfo.replacingOccurrences(
            of: "https://fake-provider.authflow.test", with: "HTTPS://Fake-Provider.AUTHFLOW.test:443/a/..")
        #expect(given != userinfo)
        let response = try await user.send(TransportRequest(method: .get, url: given + "?schema=%6fpenid"))
        #expect(response.status == 200)
        let sent = try #require(setup.requests(to: .userinfo).last)
        #expect(sent.url == userinfo + "?schema=openid")
        let proof = try decodedJWT(try #require(sent.header("DPoP")))
        #expect(proof.claims["htu"] as? String == userinfo)
        let hash = Data(SHA256.hash(data: Array(tokens.accessToken.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        #expect(proof.claims["ath"] as? String == hash)
        // The token endpoint too: a refresh to a token endpoint written another way is sent normalized.
        var metadata = provider.metadata
        metadata.tokenEndpoint = provider.url(of: .token).replacingOccurrences(of: "fake-provider", with: "FAKE-provider")
        let client = try AuthClient(
            configuration: setup.client.configuration, metadata: metadata, transport: setup.transport, clock: .manual(setup.fixture.time))
        _ = try await client.refreshTokens(tokens)
        let refresh = try #require(setup.requests(to: .token).last)
        #expect(try decodedJWT(try #require(refresh.header("DPoP"))).claims["htu"] as? String == provider.url(of: .token))
    }

    @Test("the provider compares htu after normalization (RFC 9449 §4.3), and still refuses another endpoint's htu")
    func providerNormalizesHTU() async throws {
        let setup = try Setup()
        let user = try await setup.login()
        let tokens = try #require(await user.tokens)
        let key = try #require(tokens.dpopKey)
        let provider = setup.fixture.provider
        func proof(htu: String) throws -> String {
            var header = JSONObject()
            try header.append("typ", "dpop+jwt")
            try header.append("jwk", .object(key.publicJWK))
            var claims = JSONObject()
            try claims.append("jti", .string(htu))  // unique: each proof here has another htu
            try claims.append("htm", "GET")
            try claims.append("htu", .string(htu))
            try claims.append("iat", .number(JSONNumber(Fixture.start.secondsSince1970)))
            let hash = Base64URL.encode(SHA256.hash(data: Array(tokens.accessToken.utf8)))
            try claims.append("ath", .string(hash))
            return key.signedJWT(claims: claims, header: header)
        }
        func status(htu: String) async throws -> Int {
            let request = TransportRequest(
                method: .get, url: provider.url(of: .userinfo),
                headerFields: [
                    HeaderField(name: "Authorization", value: "DPoP " + tokens.accessToken),
                    HeaderField(name: "DPoP", value: try proof(htu: htu)),
                ])
            return try await provider.send(request).status
        }
        #expect(try await status(htu: "HTTPS://FAKE-PROVIDER.authflow.test:443/x/./../%75serinfo") == 200)
        #expect(try await status(htu: provider.url(of: .token)) == 401)
    }
}
