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

/// `AuthClient.introspect` against the fake provider (RFC 7662, RFC 9701).
@Suite("Token introspection as a client (RFC 7662, RFC 9701): active or not, plain or signed, and the answers it refuses")
struct IntrospectionTests {
    static let now = NumericDate(secondsSince1970: 1_900_000_000)

    static func client(
        _ configure: (inout FakeOpenIDProvider.Configuration) -> Void = { _ in }, metadata: ((inout ProviderMetadata) -> Void)? = nil
    ) throws -> (AuthClient, ClientCredentialsTests.Recorder) {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.clientAuthentication = .clientSecretBasic("s3cr3t")
        configure(&configuration)
        let provider = FakeOpenIDProvider(configuration, clock: .fixed(now))
        var providerMetadata = provider.metadata
        metadata?(&providerMetadata)
        let recorder = ClientCredentialsTests.Recorder(provider)
        var client = try provider.clientConfiguration
        client.retryPolicy = .none
        return (try AuthClient(configuration: client, metadata: providerMetadata, transport: recorder, clock: .fixed(now)), recorder)
    }

    @Test("an issued token is active with its client, scope and expiry; an unknown one is inactive, an answer and not an error")
    func activeAndInactive() async throws {
        let (client, recorder) = try Self.client()
        let tokens = try await client.requestClientCredentialsToken(scopes: [Scope(rawValue: "reports:read")])
        let answer = try await client.introspect(tokens.accessToken)
        #expect(answer.isActive && answer.clientID == "demo-app" && answer.scopes == ["reports:read"])
        #expect(answer.expiresAt == tokens.expiresAt && answer.tokenType == "Bearer")
        let request = try #require(recorder.sent.withLock { $0.last })
        #expect(request.url == "https://fake-provider.authflow.test/introspect")
        #expect(request.header("Authorization") == "Basic ZGVtby1hcHA6czNjcjN0")
        let form = try #require(recorder.forms.last)
        #expect(ClientCredentialsTests.value("token", in: form) == tokens.accessToken)
        #expect(ClientCredentialsTests.value("token_type_hint", in: form) == "access_token")
        let unknown = try await client.introspect("a-token-nobody-issued", hint: nil)
        #expect(!unknown.isActive)
        #expect(ClientCredentialsTests.value("token_type_hint", in: try #require(recorder.forms.last)) == nil)
    }

    @Test("a signed answer (RFC 9701) is verified with the provider's keys and read like a plain one")
    func signed() async throws {
        let (client, recorder) = try Self.client()
        let tokens = try await client.requestClientCredentialsToken()
        let answer = try await client.introspect(tokens.accessToken, signed: true)
        #expect(answer.isActive && answer.clientID == "demo-app")
        let introspection = recorder.sent.withLock { $0.last { $0.url.hasSuffix("/introspect") } }
        #expect(introspection?.header("Accept") == "application/token-introspection+jwt")
        #expect(try await client.introspect("unknown", signed: true).isActive == false)
    }

    @Test("a signed answer for another audience or signed by an unpublished key is refused")
    func signedRefusals() async throws {
        for (misbehaviour, reason) in [
            (FakeOpenIDProvider.IntrospectionMisbehaviour.signsForAnotherAudience, "aud"),
            (.signsWithUnpublishedKey, "signature"),
        ] {
            let (client, _) = try Self.client { $0.introspectionMisbehaviour = misbehaviour }
            await #expect {
                _ = try await client.introspect("any", signed: true)
            } throws: { error in
                guard case .invalidIntrospectionResponse(let message) = error as? AuthClientError else { return false }
                return message.contains(reason)
            }
        }
    }

    @Test("an answer without a boolean active is invalidIntrospectionResponse")
    func omitsActive() async throws {
        let (client, _) = try Self.client { $0.introspectionMisbehaviour = .omitsActive }
        await #expect(throws: AuthClientError.invalidIntrospectionResponse("the answer has no boolean 'active' (RFC 7662 §2.2)")) {
            _ = try await client.introspect("any")
        }
    }

    @Test("a client the endpoint refuses gets the OAuth error as sent (RFC 7662 §2.3)")
    func refusedClient() async throws {
        let (client, _) = try Self.client { $0.clientAuthentication = .none }
        await #expect {
            _ = try await client.introspect("any")
        } throws: { error in
            (error as? AuthClientError)?.oauthError == .invalidClient
        }
    }

    @Test("without introspection_endpoint in the client's metadata, the RFC 8414 document's is used, looked up once")
    func endpointFromAuthorizationServerMetadata() async throws {
        let (client, recorder) = try Self.client(metadata: { $0.introspectionEndpoint = nil })
        #expect(client.metadata.introspectionEndpoint == nil)
        _ = try await client.introspect("a")
        _ = try await client.introspect("b")
        let urls = recorder.sent.withLock { $0.map(\.url) }
        #expect(urls.filter { $0.contains("/.well-known/") }.count == 1)
        #expect(urls.filter { $0.hasSuffix("/introspect") }.count == 2)
    }
}
