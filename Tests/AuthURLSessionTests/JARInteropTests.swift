// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import AuthURLSession
import Foundation
import Testing

/// The Authlib server's issuer and the file it reads the client's JWK Set from; nil skips the suite.
let jarInteropIssuer = ProcessInfo.processInfo.environment["AUTHFLOW_JAR_ISSUER"]
let jarInteropJWKSFile = ProcessInfo.processInfo.environment["AUTHFLOW_JAR_JWKS_FILE"]

/// Signed request objects (RFC 9101) verified by Authlib's `JWTAuthenticationRequest`, an authorization
/// server extension nobody here wrote: `.ci/interop` starts `.ci/authlib-jar-provider.py` (Authlib's Flask
/// integration, the code grant with PKCE) with `require_signed_request_object` and runs this suite with
/// `AUTHFLOW_JAR_ISSUER` and `AUTHFLOW_JAR_JWKS_FILE` set. Without them the suite is skipped.
@Suite("Interop: request objects verified by Authlib (RFC 9101)", .enabled(if: jarInteropIssuer != nil), .serialized)
struct JARInteropTests {
    /// Registers `key`'s public JWK as the client's (the server reads the file at each request) and discovers.
    static func client(_ key: P256PrivateKey, register: Bool = true) async throws -> AuthClient {
        if register {
            var set = JSONObject()
            try set.append("keys", .array([.object(key.publicJWK)]))
            let jwks = JSONValue.object(set).serialized()
            try Data(jwks).write(to: URL(fileURLWithPath: try #require(jarInteropJWKSFile)))
        }
        var configuration = try ClientConfiguration(
            issuer: try #require(jarInteropIssuer), clientID: "authflow-jar", redirectURI: "com.example.authflow:/callback", scopes: [],
            allowsInsecureLoopbackIssuer: true)
        configuration.requestObjectSigningKey = ClientAssertionKey(key)
        return try await AuthClient.discoverAuthorizationServer(configuration, transport: URLSessionTransport(timeout: 10))
    }

    static func key(_ seed: UInt64) -> P256PrivateKey {
        var generator = SeededRandomNumberGenerator(seed: seed)
        return P256PrivateKey.generate(keyID: "authflow-jar-\(seed)", using: &generator)
    }

    @Test("the provider requires request objects; the client signs one by value and Authlib accepts it: code, PKCE, token")
    func byValue() async throws {
        let client = try await Self.client(Self.key(1))
        #expect(client.metadata.requiresSignedRequestObject)
        #expect(client.metadata.requestObjectSigningAlgorithmsSupported == ["ES256"])
        let user = try await client.login(with: FormPostUserAgent(form: "approve=yes"))
        #expect(try #require(await user.tokens).accessToken.isEmpty == false)
    }

    @Test("Authlib refuses a plain request (the client forced to .never against metadata that hides the requirement)")
    func plainRefused() async throws {
        let signed = try await Self.client(Self.key(2))
        var metadata = signed.metadata
        metadata.requiresSignedRequestObject = false
        let client = try AuthClient(configuration: signed.configuration, metadata: metadata, transport: URLSessionTransport(timeout: 10))
        await #expect {
            _ = try await client.login(with: FormPostUserAgent(form: "approve=yes"), options: .init(requestObject: .never))
        } throws: { ($0 as? AuthClientError)?.oauthError == .invalidRequest }
    }

    @Test("Authlib refuses a request object signed by a key the client did not register: invalid_request_object")
    func unregisteredKey() async throws {
        _ = try await Self.client(Self.key(3))
        let client = try await Self.client(Self.key(4), register: false)
        await #expect {
            _ = try await client.login(with: FormPostUserAgent(form: "approve=yes"))
        } throws: { ($0 as? AuthClientError)?.oauthError?.rawValue == "invalid_request_object" }
    }
}
