// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthPKCE
import AuthSession
import AuthTesting
import Testing

@Suite("Signed request objects (RFC 9101): by value and through PAR, verified by the provider, never downgraded")
struct RequestObjectTests {
    static let key: P256PrivateKey = {
        var generator = SeededRandomNumberGenerator(seed: 91_01)
        return P256PrivateKey.generate(keyID: "jar-1", using: &generator)
    }()

    /// A public client whose request objects `key` signs, registered with the provider.
    static func fixture(
        configure: @escaping (inout FakeOpenIDProvider.Configuration) -> Void = { _ in }, key: P256PrivateKey? = key
    ) throws -> Fixture {
        try Fixture(
            signingKey: .es256, authentication: .none,
            configure: { configuration in
                configuration.requestObjectKeys = [configuration.clientID: [RequestObjectTests.key.publicJWK]]
                configure(&configuration)
            },
            client: { $0.requestObjectSigningKey = key.map { ClientAssertionKey($0) } })
    }

    @Test("a login whose URL hides state (request object, pushed, JARM) tells the user agent its state and response form")
    func loginTellsTheUserAgentTheHiddenState() async throws {
        let fixture = try Self.fixture()
        let cases: [(AuthorizationRequest.Options, Bool)] = [
            (.init(requestObject: .always), false), (.init(pushedAuthorization: .always), false),
            (.init(pushedAuthorization: .always, requestObject: .always), false),
            (.init(requestObject: .always, responseMode: .jwt), true),
        ]
        for (seed, (options, isJWT)) in cases.enumerated() {
            var same = SeededRandomNumberGenerator(seed: UInt64(seed + 10))
            let expectedState = try await fixture.client.preparedAuthorizationRequest(options, using: &same).state.value
            let log = ScriptedUserAgent.Log()
            var generator = SeededRandomNumberGenerator(seed: UInt64(seed + 10))
            await #expect(throws: AuthClientError.self) {
                try await fixture.client.login(with: ScriptedUserAgent([.userCancels], log: log), options: options, using: &generator)
            }
            let presented = try #require(log.requests.first)
            #expect(!presented.url.text.contains("state="), "the URL shows no state")
            #expect(presented.expectedRedirect == ExpectedRedirect(state: expectedState, isResponseJWT: isJWT))
        }
    }

    @Test("by value: the URL carries client_id, response_type, scope and request; the claims are RFC 9101 §4's; the login completes")
    func byValue() async throws {
        let fixture = try Self.fixture()
        var generator = SeededRandomNumberGenerator(seed: 3)
        let request = try await fixture.client.preparedAuthorizationRequest(.init(requestObject: .always), using: &generator)
        let query = try request.url.queryParameters()
        #expect(query.map(\.name) == ["response_type", "client_id", "scope", "request"])
        #expect(query.last?.value == request.requestObject)
        let user = try await PushedAuthorizationTests.complete(request, fixture)
        #expect(user.subject == "alice")
        let (header, claims) = try #require(fixture.provider.lastRequestObject)
        #expect(header["alg"]?.stringValue == "ES256")
        #expect(header["kid"]?.stringValue == "jar-1")
        #expect(header["typ"]?.stringValue == "oauth-authz-req+jwt")
        #expect(claims["iss"]?.stringValue == fixture.provider.configuration.clientID)
        #expect(claims["aud"]?.stringValue == fixture.provider.configuration.issuer)
        #expect(claims["client_id"]?.stringValue == fixture.provider.configuration.clientID)
        #expect(claims["state"]?.stringValue == request.state.value)
        #expect(claims["nonce"]?.stringValue == request.nonce.value)
        #expect(claims["code_challenge"]?.stringValue == request.pkce.challenge.value)
        #expect(claims["redirect_uri"]?.stringValue == request.redirectURI)
        let now = Fixture.start.secondsSince1970
        #expect(claims["iat"]?.numberValue?.int64Value == now)
        #expect(claims["nbf"]?.numberValue?.int64Value == now)
        #expect(claims["exp"]?.numberValue?.int64Value == now + 300)
        #expect(claims["jti"]?.stringValue?.count == 22)
    }

    @Test("max_age is a JSON number and a repeated resource a JSON array inside the request object")
    func typedClaims() async throws {
        let fixture = try Self.fixture()
        var generator = SeededRandomNumberGenerator(seed: 3)
        let options = LoginOptions(
            maxAge: 600, resources: ["https://api.authflow.test/", "https://files.authflow.test/"], requestObject: .always)
        let request = try await fixture.client.preparedAuthorizationRequest(options, using: &generator)
        let jws = try JWS(compact: try #require(request.requestObject))
        let claims = try #require(try JSONValue(parsing: jws.payload).objectValue)
        #expect(claims["max_age"]?.numberValue?.int64Value == 600)
        #expect(
            claims["resource"]?.arrayValue?.compactMap(\.stringValue) == ["https://api.authflow.test/", "https://files.authflow.test/"])
        _ = try await PushedAuthorizationTests.complete(request, fixture)
    }

    @Test("through PAR: the request object is pushed as request (RFC 9126 §3); the browser carries client_id and request_uri")
    func pushed() async throws {
        let fixture = try Self.fixture()
        var generator = SeededRandomNumberGenerator(seed: 3)
        let options = LoginOptions(pushedAuthorization: .always, requestObject: .always)
        let request = try await fixture.client.preparedAuthorizationRequest(options, using: &generator)
        #expect(try request.url.queryParameters().map(\.name) == ["client_id", "request_uri"])
        #expect(request.requestObject != nil)
        let pushedClaims = try #require(fixture.provider.lastRequestObject?.claims)
        #expect(pushedClaims["state"]?.stringValue == request.state.value)
        let user = try await PushedAuthorizationTests.complete(request, fixture)
        #expect(user.subject == "alice")
    }

    @Test("a provider that requires request objects gets one under .automatic; .never and the synchronous builder refuse")
    func required() async throws {
        let fixture = try Self.fixture { $0.requiresSignedRequestObject = true }
        let user = try await fixture.login()
        #expect(user.subject == "alice")
        #expect(fixture.provider.lastRequestObject != nil)
        var generator = SeededRandomNumberGenerator(seed: 3)
        await #expect {
            _ = try await fixture.client.preparedAuthorizationRequest(.init(requestObject: .never), using: &generator)
        } throws: { ($0 as? AuthClientError)?.code == 10455 }
        #expect {
            _ = try fixture.client.authorizationRequest(using: &generator)
        } throws: { ($0 as? AuthClientError)?.code == 10455 }
    }

    @Test("the provider refuses a plain request when it requires request objects (RFC 9101 §10.5)")
    func providerRefusesPlain() async throws {
        let fixture = try Self.fixture { $0.requiresSignedRequestObject = true }
        var metadata = fixture.provider.metadata
        metadata.requiresSignedRequestObject = false
        let client = try AuthClient(
            configuration: fixture.client.configuration, metadata: metadata, transport: fixture.provider, clock: .manual(fixture.time))
        await #expect(throws: AuthClientError.self) { _ = try await client.login(with: fixture.provider.browser()) }
        #expect(fixture.provider.lastAuthorizationParameters.contains { $0.name == "request" } == false)
    }

    @Test("no common algorithm: requestObjectAlgorithmUnsupported, before anything is sent")
    func noCommonAlgorithm() async throws {
        let fixture = try Self.fixture { $0.requestObjectSigningAlgorithms = [.rs256, .ps256] }
        var generator = SeededRandomNumberGenerator(seed: 3)
        await #expect(throws: AuthClientError.requestObjectAlgorithmUnsupported(algorithm: "ES256", supported: ["RS256", "PS256"])) {
            _ = try await fixture.client.preparedAuthorizationRequest(
                .init(pushedAuthorization: .always, requestObject: .always), using: &generator)
        }
        #expect(fixture.provider.requestCount(.pushedAuthorization) == 0)
    }

    @Test("no key to sign with: requestObjectUnavailable; the private_key_jwt key signs when no other is set")
    func keys() async throws {
        let keyless = try Self.fixture(key: nil)
        var generator = SeededRandomNumberGenerator(seed: 3)
        await #expect {
            _ = try await keyless.client.preparedAuthorizationRequest(.init(requestObject: .always), using: &generator)
        } throws: { ($0 as? AuthClientError)?.code == 10455 }
        let assertionKey = ClientAssertionKey(Self.key)
        let fixture = try Fixture(signingKey: .es256, authentication: .privateKeyJWT(assertionKey))
        let request = try await fixture.client.preparedAuthorizationRequest(
            .init(pushedAuthorization: .always, requestObject: .always), using: &generator)
        #expect(request.requestObject != nil)
        #expect(fixture.provider.lastRequestObject?.header["kid"]?.stringValue == "jar-1")
        _ = try await PushedAuthorizationTests.complete(request, fixture)
    }

    @Test("a request object signed by a key the provider does not know is refused with invalid_request_object")
    func unknownKey() async throws {
        var generator = SeededRandomNumberGenerator(seed: 77)
        let stranger = P256PrivateKey.generate(keyID: "jar-1", using: &generator)
        let fixture = try Self.fixture(key: stranger)
        await #expect {
            _ = try await fixture.client.preparedAuthorizationRequest(
                .init(pushedAuthorization: .always, requestObject: .always), using: &generator)
        } throws: { ($0 as? AuthClientError)?.oauthError?.rawValue == "invalid_request_object" }
        let request = try await fixture.client.preparedAuthorizationRequest(.init(requestObject: .always), using: &generator)
        await #expect(throws: AuthClientError.self) { _ = try await PushedAuthorizationTests.complete(request, fixture) }
    }
}
