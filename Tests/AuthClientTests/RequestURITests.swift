// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthHTTP
import AuthJSON
import AuthJWT
import AuthPKCE
import AuthSession
import AuthTesting
import Testing

/// The app's server, as the provider sees it: it serves request objects at the URLs the app chose.
final class RequestObjectHost: HTTPTransport, Sendable {
    let objects = Locked<[String: String]>([:])
    func serve(_ object: String, at url: String) { objects.withLock { $0[url] = object } }
    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        guard let object = objects.withLock({ $0[request.url] }) else { return TransportResponse(status: 404) }
        return TransportResponse(
            status: 200, headerFields: [HeaderField(name: "Content-Type", value: "application/oauth-authz-req+jwt")],
            body: Array(object.utf8))
    }
}

@Suite("Request objects by reference (RFC 9101 §5.2) and unsigned (Core §6.1): rp-request_uri-unsigned, rp-request_uri-sig")
struct RequestURITests {
    static let requestURI = "https://app.example.com/requests/7f3a"

    static func fixture(host: RequestObjectHost, algorithms: [JWSAlgorithm] = [.none, .es256]) throws -> Fixture {
        try RequestObjectTests.fixture(configure: {
            $0.requestURIHost = host
            $0.requestObjectSigningAlgorithms = algorithms
        })
    }

    @Test("rp-request_uri-unsigned: an unsigned request object by reference, which the provider lists, logs in")
    func unsigned() async throws {
        let host = RequestObjectHost()
        let fixture = try Self.fixture(host: host)
        var generator = SeededRandomNumberGenerator(seed: 5)
        let plain = try fixture.client.authorizationRequest(using: &generator)
        let (request, object) = try await fixture.client.requestObjectByReference(
            plain, requestURI: Self.requestURI, unsigned: true, using: &generator)
        #expect(try request.url.queryParameters().map(\.name) == ["response_type", "client_id", "scope", "request_uri"])
        #expect(object.hasSuffix("."))
        host.serve(object, at: Self.requestURI)
        let user = try await PushedAuthorizationTests.complete(request, fixture)
        #expect(user.subject == "alice")
        #expect(fixture.provider.fetchedRequestURIs == [Self.requestURI])
        let (header, claims) = try #require(fixture.provider.lastRequestObject)
        #expect(header["alg"]?.stringValue == "none")
        #expect(claims["state"]?.stringValue == plain.state.value)
        #expect(claims["code_challenge"]?.stringValue == plain.pkce.challenge.value)
    }

    @Test("rp-request_uri-sig: a signed request object by reference is verified by the provider and logs in")
    func signed() async throws {
        let host = RequestObjectHost()
        let fixture = try Self.fixture(host: host)
        var generator = SeededRandomNumberGenerator(seed: 6)
        let plain = try fixture.client.authorizationRequest(using: &generator)
        let (request, object) = try await fixture.client.requestObjectByReference(plain, requestURI: Self.requestURI, using: &generator)
        host.serve(object, at: Self.requestURI)
        let user = try await PushedAuthorizationTests.complete(request, fixture)
        #expect(user.subject == "alice")
        let (header, _) = try #require(fixture.provider.lastRequestObject)
        #expect(header["alg"]?.stringValue == "ES256")
        #expect(header["typ"]?.stringValue == "oauth-authz-req+jwt")
    }

    @Test("an unsigned request object is refused when the provider does not list none, or requires signed ones")
    func unsignedRefused() async throws {
        let fixture = try Self.fixture(host: RequestObjectHost(), algorithms: [.es256])
        var generator = SeededRandomNumberGenerator(seed: 7)
        let plain = try fixture.client.authorizationRequest(using: &generator)
        await #expect(throws: AuthClientError.requestObjectAlgorithmUnsupported(algorithm: "none", supported: ["ES256"])) {
            try await fixture.client.requestObjectByReference(plain, requestURI: Self.requestURI, unsigned: true, using: &generator)
        }
    }

    @Test("no request_uri when the provider says request_uri_parameter_supported: false, nor to a non-https URL")
    func unavailable() async throws {
        let fixture = try Self.fixture(host: RequestObjectHost())
        var metadata = fixture.provider.metadata
        metadata.requestURIParameterSupported = false
        let client = try AuthClient(
            configuration: fixture.client.configuration, metadata: metadata, transport: fixture.provider, clock: .manual(fixture.time))
        var generator = SeededRandomNumberGenerator(seed: 8)
        let plain = try client.authorizationRequest(using: &generator)
        await #expect(throws: AuthClientError.requestURIUnavailable("the provider says request_uri_parameter_supported: false")) {
            try await client.requestObjectByReference(plain, requestURI: Self.requestURI, using: &generator)
        }
        await #expect(throws: AuthClientError.self) {
            try await fixture.client.requestObjectByReference(plain, requestURI: "http://app.example.com/r", using: &generator)
        }
    }

    @Test("a request_uri the provider cannot fetch is an error page, not a login")
    func unfetchable() async throws {
        let fixture = try Self.fixture(host: RequestObjectHost())
        var generator = SeededRandomNumberGenerator(seed: 9)
        let plain = try fixture.client.authorizationRequest(using: &generator)
        let (request, _) = try await fixture.client.requestObjectByReference(plain, requestURI: Self.requestURI, using: &generator)
        await #expect(throws: (any Error).self) { try await PushedAuthorizationTests.complete(request, fixture) }
    }
}
