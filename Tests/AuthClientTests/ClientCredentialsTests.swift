// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession
import AuthTesting
import Testing

/// The client credentials grant (RFC 6749 §4.4) against the fake provider.
@Suite("The client credentials grant (RFC 6749 §4.4): a token for the client itself, and its refusals")
struct ClientCredentialsTests {
    /// The fake provider, with every request the client sends kept.
    final class Recorder: HTTPTransport {
        let provider: FakeOpenIDProvider
        let sent = Locked<[TransportRequest]>([])
        init(_ provider: FakeOpenIDProvider) { self.provider = provider }
        func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
            sent.withLock { $0.append(request) }
            return try await provider.send(request)
        }
        var forms: [[FormParameter]] { sent.withLock { $0 }.compactMap { try? FormParameter.parse($0.body) } }
    }

    static func client(
        _ authentication: ClientAuthentication = .clientSecretBasic("s3cr3t"), dpop: Bool = false, secret: String = "s3cr3t"
    ) throws -> (AuthClient, Recorder, InMemoryCredentialStore) {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.clientAuthentication = authentication == .none ? .none : .clientSecretBasic(secret)
        let provider = FakeOpenIDProvider(configuration, clock: .fixed(NumericDate(secondsSince1970: 1_900_000_000)))
        var client = try provider.clientConfiguration
        client.clientAuthentication = authentication
        client.usesDPoP = dpop
        let recorder = Recorder(provider)
        let store = InMemoryCredentialStore()
        return (
            try AuthClient(
                configuration: client, metadata: provider.metadata, transport: recorder, store: store,
                clock: .fixed(NumericDate(secondsSince1970: 1_900_000_000))),
            recorder, store
        )
    }

    static func value(_ name: String, in form: [FormParameter]) -> String? { form.first { $0.name == name }?.value }

    @Test("a confidential client gets a token for itself, with the scope and resource it asked for, and nothing is stored")
    func grant() async throws {
        let (client, recorder, store) = try Self.client()
        let tokens = try await client.requestClientCredentialsToken(
            scopes: [Scope(rawValue: "reports:read")], resources: ["https://api.authflow.test/"])
        let form = try #require(recorder.forms.first)
        #expect(Self.value("grant_type", in: form) == "client_credentials")
        #expect(Self.value("scope", in: form) == "reports:read")
        #expect(Self.value("resource", in: form) == "https://api.authflow.test/")
        #expect(recorder.sent.withLock { $0.first?.header("Authorization") } == "Basic ZGVtby1hcHA6czNjcjN0")  // base64("demo-app:s3cr3t")
        #expect(!tokens.accessToken.isEmpty && tokens.refreshToken == nil && tokens.idToken == nil)
        #expect(tokens.scopes == ["reports:read"])
        #expect(recorder.provider.clientCredentialsGrantCount == 1)
        let saved = await store.lastCredential(for: client.grant)
        #expect(saved == nil)
    }

    @Test("a public client is refused before any request: the grant is for confidential clients")
    func publicClient() async throws {
        let (client, recorder, _) = try Self.client(.none)
        await #expect {
            _ = try await client.requestClientCredentialsToken()
        } throws: { error in
            guard case .invalidConfiguration(let message) = error as? AuthClientError else { return false }
            return message.contains("RFC 6749 §4.4")
        }
        #expect(recorder.sent.withLock { $0.isEmpty })
    }

    @Test("a resource the provider does not serve is invalid_target, and a wrong secret invalid_client, as sent")
    func refusals() async throws {
        let (client, _, _) = try Self.client()
        await #expect {
            _ = try await client.requestClientCredentialsToken(resources: ["https://elsewhere.example/"])
        } throws: { error in
            guard case .tokenEndpoint(.tokenErrorResponse(let response)) = error as? AuthClientError else { return false }
            return response.error == .invalidTarget
        }
        let (wrong, _, _) = try Self.client(.clientSecretBasic("wrong"), secret: "right")
        await #expect {
            _ = try await wrong.requestClientCredentialsToken()
        } throws: { error in
            guard case .tokenEndpoint(.tokenErrorResponse(let response)) = error as? AuthClientError else { return false }
            return response.error == .invalidClient
        }
        let (client2, recorder, _) = try Self.client()
        await #expect(throws: AuthClientError.self) { _ = try await client2.requestClientCredentialsToken(resources: ["no-scheme"]) }
        #expect(recorder.sent.withLock { $0.isEmpty })
    }

    @Test("with DPoP the request proves a key, and the token is bound to it; a given key is proved again")
    func dpop() async throws {
        let (client, recorder, _) = try Self.client(dpop: true)
        var generator = SeededRandomNumberGenerator(seed: 7)
        let tokens = try await client.requestClientCredentialsToken(using: &generator)
        let key = try #require(tokens.dpopKey)
        #expect(tokens.isDPoPBound)
        #expect(recorder.sent.withLock { $0.first?.header("DPoP") } != nil)
        let again = try await client.requestClientCredentialsToken(dpopKey: key)
        #expect(again.dpopKey?.thumbprint == key.thumbprint && again.isDPoPBound)
    }

    @Test("client_secret_post sends the secret in the form; client_secret_jwt an assertion and never the secret")
    func authenticationMethods() async throws {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.clientAuthentication = .clientSecretPost("s3cr3t")
        configuration.additionalClients = ["jwt-app": .clientSecretJWT("s3cr3t")]
        let provider = FakeOpenIDProvider(configuration, clock: .fixed(NumericDate(secondsSince1970: 1_900_000_000)))
        let recorder = Recorder(provider)
        let clock = WallClock.fixed(NumericDate(secondsSince1970: 1_900_000_000))
        let post = try AuthClient(
            configuration: try provider.clientConfiguration, metadata: provider.metadata, transport: recorder, clock: clock)
        _ = try await post.requestClientCredentialsToken()
        let postForm = try #require(recorder.forms.last)
        #expect(Self.value("client_secret", in: postForm) == "s3cr3t")
        let jwtConfiguration = try ClientConfiguration(
            issuer: configuration.issuer, clientID: "jwt-app", clientAuthentication: .clientSecretJWT("s3cr3t"),
            redirectURI: "com.example.app:/oauth/callback", scopes: [])
        let jwt = try AuthClient(configuration: jwtConfiguration, metadata: provider.metadata, transport: recorder, clock: clock)
        _ = try await jwt.requestClientCredentialsToken()
        let form = try #require(recorder.forms.last)
        #expect(Self.value("client_assertion", in: form) != nil && Self.value("client_secret", in: form) == nil)
        let body = String(decoding: recorder.sent.withLock { $0.last?.body ?? [] }, as: UTF8.self)
        #expect(!body.contains("s3cr3t"))
    }
}
