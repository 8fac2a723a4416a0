// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthDigest
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import TestVectors
import Testing

/// `Python/jwt-bearer-assertions.json`: an RFC 6979 ES256 assertion made by pyca/cryptography, and assertions
/// signed by joserfc with their RFC 7523 §3 verdicts (see generate_jwt_bearer.py).
struct JWTBearerVectors: Decodable {
    struct Deterministic: Decodable {
        let d: String
        let kid: String
        let jws: String
    }
    struct Case: Decodable {
        let name: String
        let verdict: String
        let assertion: String
    }
    let deterministic: Deterministic
    let issuer: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    let issuer_jwk: [String: String]
    let assertions: [Case]

    static func load() throws -> JWTBearerVectors { try Vectors.json("Python/jwt-bearer-assertions.json") }

    /// The issuer's public JWK as a JSONObject.
    var issuerJWK: JSONObject {
        var object = JSONObject()
        for (name, value) in issuer_jwk.sorted(by: { $0.key < $1.key }) { try? object.append(name, .string(value)) }
        return object
    }
}

@Suite("The JWT bearer grant (RFC 7523 §2.1): a token for a signed assertion, made here or by another party")
struct JWTBearerGrantTests {
    static let now = NumericDate(secondsSince1970: 1_900_000_000)

    static func client(
        _ authentication: ClientAuthentication = .none, trusting vectors: JWTBearerVectors? = nil
    ) throws -> (AuthClient, ClientCredentialsTests.Recorder) {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.clientAuthentication = authentication
        if let vectors { configuration.jwtBearerIssuers = [vectors.issuer: vectors.issuerJWK] }
        let provider = FakeOpenIDProvider(configuration, clock: .fixed(now))
        let recorder = ClientCredentialsTests.Recorder(provider)
        return (
            try AuthClient(
                configuration: try provider.clientConfiguration, metadata: provider.metadata, transport: recorder, clock: .fixed(now)),
            recorder
        )
    }

    @Test("the assertion JWTBearerAssertion signs with a P-256 key is the one pyca/cryptography makes (RFC 6979)")
    func deterministicSignature() async throws {
        let vectors = try JWTBearerVectors.load()
        let key = try P256PrivateKey(rawRepresentation: try Hex.decode(vectors.deterministic.d), keyID: vectors.deterministic.kid)
        let assertion = JWTBearerAssertion(
            issuer: "https://workload.example", subject: "alice@example.com", audience: "https://fake-provider.authflow.test/token",
            jwtID: "a-fixed-jwt-id", issuedAt: Self.now, lifetimeSeconds: 300)
        #expect(try await assertion.signed(by: key) == vectors.deterministic.jws)
    }

    @Test("each joserfc-signed assertion is sent as is and gets the verdict RFC 7523 §3 requires")
    func joserfcAssertions() async throws {
        let vectors = try JWTBearerVectors.load()
        for vector in vectors.assertions {
            let (client, recorder) = try Self.client(trusting: vectors)
            switch await Self.result(client, vector.assertion) {
            case .success(let tokens):
                #expect(vector.verdict == "granted", "\(vector.name)")
                #expect(tokens.refreshToken == nil && tokens.idToken == nil && tokens.scopes == ["reports:read"])
            case .failure(let error):
                #expect(error.oauthError?.rawValue == vector.verdict, "\(vector.name): \(error)")
            }
            let form = try #require(recorder.forms.last)
            #expect(ClientCredentialsTests.value("grant_type", in: form) == "urn:ietf:params:oauth:grant-type:jwt-bearer")
            #expect(ClientCredentialsTests.value("assertion", in: form) == vector.assertion)
            #expect(ClientCredentialsTests.value("client_id", in: form) == "demo-app")  // a public client identifies itself
        }
    }

    static func result(_ client: AuthClient, _ assertion: String) async -> Result<TokenSet, AuthClientError> {
        do throws(AuthClientError) {
            return .success(try await client.requestJWTBearerToken(assertion: assertion, scopes: [Scope(rawValue: "reports:read")]))
        } catch {
            return .failure(error)
        }
    }

    @Test("an assertion signed here with a key the provider trusts gets a token for its subject; a replay is invalid_grant")
    func signedHere() async throws {
        var generator = SeededRandomNumberGenerator(seed: 31)
        let key = P256PrivateKey.generate(keyID: "w1", using: &generator)
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.clientAuthentication = .clientSecretBasic("s3cr3t")
        configuration.jwtBearerIssuers = ["https://workload.example": key.publicJWK]
        let provider = FakeOpenIDProvider(configuration, clock: .fixed(Self.now))
        let client = try AuthClient(
            configuration: try provider.clientConfiguration, metadata: provider.metadata, transport: provider, clock: .fixed(Self.now))
        let assertion = JWTBearerAssertion(
            issuer: "https://workload.example", subject: "alice", audience: provider.metadata.tokenEndpoint, issuedAt: Self.now,
            using: &generator)
        let jwt = try await assertion.signed(by: key)
        let tokens = try await client.requestJWTBearerToken(assertion: jwt)
        let answer = try await client.introspect(tokens.accessToken)
        #expect(answer.isActive && answer.subject == "alice")
        #expect(provider.jwtBearerGrantCount == 1)
        await #expect {
            _ = try await client.requestJWTBearerToken(assertion: jwt)
        } throws: { error in
            (error as? AuthClientError)?.oauthError == .invalidGrant
        }
    }

    @Test("something that is not a compact JWS is refused before any request, and never repeated in the error")
    func malformed() async throws {
        let (client, recorder) = try Self.client()
        for bad in ["", "not-a-jwt", "a.b", "..", "secret-looking-value.x"] {
            await #expect {
                _ = try await client.requestJWTBearerToken(assertion: bad)
            } throws: { error in
                guard case .invalidJWTBearerGrant(let reason) = error as? AuthClientError else { return false }
                return bad.isEmpty || !reason.contains(bad)
            }
        }
        #expect(recorder.sent.withLock { $0.isEmpty })
        let empty = JWTBearerAssertion(issuer: "", subject: "alice", audience: "https://as.example", jwtID: "j", issuedAt: Self.now)
        var generator = SeededRandomNumberGenerator(seed: 1)
        await #expect(throws: AuthClientError.invalidJWTBearerGrant("'iss' is empty (RFC 7523 §3)")) {
            _ = try await empty.signed(by: P256PrivateKey.generate(using: &generator))
        }
    }

    @Test("a provider that accepts no assertions answers unsupported_grant_type, kept as sent")
    func unsupported() async throws {
        let (client, _) = try Self.client()
        var generator = SeededRandomNumberGenerator(seed: 2)
        let key = P256PrivateKey.generate(using: &generator)
        let jwt = try await JWTBearerAssertion(
            issuer: "https://workload.example", subject: "alice", audience: client.metadata.tokenEndpoint, issuedAt: Self.now,
            using: &generator
        ).signed(by: key)
        await #expect {
            _ = try await client.requestJWTBearerToken(assertion: jwt)
        } throws: { error in
            (error as? AuthClientError)?.oauthError == .unsupportedGrantType
        }
    }
}
