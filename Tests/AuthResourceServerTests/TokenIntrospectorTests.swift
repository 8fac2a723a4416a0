// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthHTTP
import AuthJSON
import AuthJWT
import AuthResourceServer
import Foundation
import Synchronization
import Testing

@Suite("TokenIntrospector: RFC 7662 and RFC 9701 for opaque tokens, with a small cache")
struct TokenIntrospectorTests {
    static let endpoint = "https://as.example.com/introspect"
    static let opaque = "opaque-token-0123456789"

    static func answer(_ changes: [String: JSONValue?] = [:]) -> JSONValue {
        var object = Fixtures.claims(changes.merging(["active": .bool(true)]) { new, _ in new })
        if changes["active"] != nil, let active = changes["active"] ?? nil {
            var copy = JSONObject()
            for member in object.members where member.name != "active" { try? copy.append(member.name, member.value) }
            try? copy.append("active", active)
            object = copy
        }
        return .object(object)
    }

    func introspector(
        _ network: Network, clock: @escaping @Sendable () -> Int64 = { Fixtures.now },
        authentication: TokenIntrospector.ClientAuthentication = .clientSecretBasic(clientID: "mcp server", secret: "s3cr:t/+"),
        signed: Bool = false
    ) -> TokenIntrospector {
        var configuration = TokenIntrospector.Configuration(
            endpoint: Self.endpoint, issuer: Fixtures.issuer, clientAuthentication: authentication)
        if signed { configuration.signedResponseKeys = .keySet(Fixtures.keySet([Fixtures.signingKey])) }
        return TokenIntrospector(configuration: configuration, resource: Fixtures.resource, transport: network, now: clock)
    }

    func code(_ introspector: TokenIntrospector, _ token: String = Self.opaque) async -> Int? {
        do {
            _ = try await introspector.introspect(token)
            return nil
        } catch {
            return error.code
        }
    }

    @Test("an active answer gives the principal; the request is a form POST with client_secret_basic (RFC 6749 §2.3.1)")
    func active() async throws {
        let network = Network()
        network.route(Self.endpoint, json: Self.answer(["cnf": ["jkt": "abc"]]))
        let principal = try await introspector(network).introspect(Self.opaque)
        #expect(principal.subject == "user-42")
        #expect(principal.scopes == ["mcp:tools", "mcp:resources"])
        #expect(principal.confirmation == "abc")
        #expect(principal.issuer == Fixtures.issuer)
        let request = try #require(network.requests.first)
        #expect(request.method == .post)
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(String(decoding: request.body, as: UTF8.self) == "token=opaque-token-0123456789&token_type_hint=access_token")
        // Foundation's base64 of the form-encoded id and secret: an encoder that is not ours.
        let expected = "Basic " + Data("mcp%20server:s3cr%3At%2F%2B".utf8).base64EncodedString()
        #expect(request.header("Authorization") == expected)
    }

    @Test("client_secret_post puts the credentials in the body, no Authorization header")
    func clientSecretPost() async throws {
        let network = Network()
        network.route(Self.endpoint, json: Self.answer())
        _ = try await introspector(network, authentication: .clientSecretPost(clientID: "rs", secret: "pw")).introspect(Self.opaque)
        let request = try #require(network.requests.first)
        #expect(request.header("Authorization") == nil)
        #expect(String(decoding: request.body, as: UTF8.self).hasSuffix("&client_id=rs&client_secret=pw"))
    }

    @Test("active: false is tokenInactive (12016), kept in the cache like an active answer")
    func inactive() async {
        let network = Network()
        network.route(Self.endpoint, json: ["active": false])
        let introspector = introspector(network)
        #expect(await code(introspector) == 12016)
        #expect(await code(introspector) == 12016)
        #expect(network.requests.count == 1)
    }

    @Test("answers are cached by token for at most the TTL and never past exp")
    func cacheLifetime() async throws {
        let network = Network()
        network.route(Self.endpoint, json: Self.answer(["exp": .number(JSONNumber(Fixtures.now + 5))]))
        let time = Mutex(Fixtures.now)
        let introspector = introspector(network, clock: { time.withLock { $0 } })
        _ = try await introspector.introspect(Self.opaque)
        _ = try await introspector.introspect(Self.opaque)
        #expect(network.requests.count == 1)
        _ = try await introspector.introspect("another-token")
        #expect(network.requests.count == 2, "another token is asked about")
        time.withLock { $0 = Fixtures.now + 5 }
        #expect(await code(introspector) == nil)
        #expect(network.requests.count == 3, "kept until exp only, although the TTL is 60 s")
        network.route(Self.endpoint, json: Self.answer(["exp": .number(JSONNumber(Fixtures.now + 1000))]))
        time.withLock { $0 = Fixtures.now + 100 }
        _ = try await introspector.introspect(Self.opaque)
        time.withLock { $0 = Fixtures.now + 159 }
        _ = try await introspector.introspect(Self.opaque)
        #expect(network.requests.count == 4)
        time.withLock { $0 = Fixtures.now + 160 }
        _ = try await introspector.introspect(Self.opaque)
        #expect(network.requests.count == 5, "the TTL of 60 s ends the entry")
    }

    @Test("an active answer is checked: exp passed, nbf ahead (12016), another iss (12007), another aud (12008)")
    func activeChecks() async {
        for (changes, expected) in [
            (["exp": JSONValue.number(JSONNumber(Fixtures.now - 61))], 12016), (["nbf": .number(JSONNumber(Fixtures.now + 61))], 12016),
            (["iss": "https://evil.example.com"], 12007), (["aud": "https://other.example.com"], 12008),
            (["cnf": ["x5t#S256": "x"]], 12015),
        ] as [([String: JSONValue?], Int)] {
            let network = Network()
            network.route(Self.endpoint, json: Self.answer(changes))
            #expect(await code(introspector(network)) == expected, "\(changes)")
        }
    }

    @Test("requiresAudience: an active answer without aud is refused (12014); by default it is accepted (RFC 7662 §2.2)")
    func requiredAudience() async throws {
        let network = Network()
        network.route(Self.endpoint, json: Self.answer(["aud": nil]))
        #expect(try await introspector(network).introspect(Self.opaque).audiences.isEmpty)
        var configuration = TokenIntrospector.Configuration(
            endpoint: Self.endpoint, issuer: Fixtures.issuer, clientAuthentication: .clientSecretBasic(clientID: "mcp server", secret: "s"))
        configuration.requiresAudience = true
        let strict = TokenIntrospector(configuration: configuration, resource: Fixtures.resource, transport: network, now: { Fixtures.now })
        #expect(await code(strict) == ResourceServerError.missingClaim("aud").code)
        network.route(Self.endpoint, json: Self.answer())
        #expect(try await strict.introspect(Self.opaque).audiences == [Fixtures.resource])
    }

    @Test("no usable answer is introspectionFailed (12028): 500, no active member, not JSON, http endpoint is 12029")
    func failures() async {
        let network = Network()
        network.route(Self.endpoint, TransportResponse(status: 500))
        #expect(await code(introspector(network)) == 12028)
        network.route(Self.endpoint, json: ["sub": "x"])
        #expect(await code(introspector(network)) == 12028)
        network.route(Self.endpoint, TransportResponse(status: 200, body: Array("<html>".utf8)))
        #expect(await code(introspector(network)) == 12028)
        let insecure = TokenIntrospector(
            configuration: .init(endpoint: "http://as.example.com/introspect", issuer: Fixtures.issuer, clientAuthentication: .bearer("t")),
            resource: Fixtures.resource, transport: network, now: { Fixtures.now })
        #expect(await code(insecure) == 12029)
    }

    static func signedAnswer(
        typ: String = "token-introspection+jwt", iss: String = Fixtures.issuer, aud: String = "mcp server",
        key: P256PrivateKey = Fixtures.signingKey, active: Bool = true
    ) -> TransportResponse {
        var claims = JSONObject()
        try? claims.append("iss", .string(iss))
        try? claims.append("aud", .string(aud))
        try? claims.append("iat", .number(JSONNumber(Fixtures.now)))
        try? claims.append("token_introspection", active ? answer() : ["active": false])
        var header = JSONObject()
        try? header.append("typ", .string(typ))
        return TransportResponse(
            status: 200, headerFields: [HeaderField(name: "Content-Type", value: "application/token-introspection+jwt")],
            body: Array(key.signedJWT(claims: claims, header: header).utf8))
    }

    @Test("RFC 9701: a signed answer is verified (typ, signature, iss, aud) and asked for with its media type")
    func signedAnswers() async throws {
        let network = Network()
        network.route(Self.endpoint, Self.signedAnswer())
        let principal = try await introspector(network, signed: true).introspect(Self.opaque)
        #expect(principal.subject == "user-42")
        #expect(network.requests.first?.header("Accept") == "application/token-introspection+jwt")
        for response in [
            Self.signedAnswer(typ: "JWT"), Self.signedAnswer(iss: "https://evil.example.com"), Self.signedAnswer(aud: "someone-else"),
            Self.signedAnswer(key: Fixtures.key(9, keyID: "as-1")),
            TransportResponse(
                status: 200, headerFields: [HeaderField(name: "Content-Type", value: "application/json")], body: Self.signedAnswer().body),
        ] {
            network.route(Self.endpoint, response)
            #expect(await code(introspector(network, signed: true)) == 12028)
        }
        network.route(Self.endpoint, Self.signedAnswer(active: false))
        #expect(await code(introspector(network, signed: true)) == 12016)
    }

    @Test("the resource server introspects tokens that are not JWTs, and validates JWTs itself")
    func facade() async throws {
        let network = Network.standard()
        network.route(Self.endpoint, json: Self.answer())
        var configuration = Fixtures.configuration()
        configuration.introspection = .init(endpoint: Self.endpoint, issuer: Fixtures.issuer, clientAuthentication: .bearer("rs-token"))
        let server = Fixtures.server(configuration, network: network)
        let principal = try await server.authenticate(Fixtures.bearer(Self.opaque), requiring: ["mcp:tools"])
        #expect(principal.jwtID == "token-1")
        _ = try await server.authenticate(Fixtures.bearer(Fixtures.token()))
        #expect(network.count(Self.endpoint) == 1)
        #expect(network.count(Fixtures.jwksURL) == 1)
        network.route(Self.endpoint, json: ["active": false])
        #expect(await refusal(server, Fixtures.bearer("another-opaque-token"))?.code == 12016)
    }

    @Test("the client authentication's description and mirror never show the secret")
    func redaction() {
        let authentication = TokenIntrospector.ClientAuthentication.clientSecretBasic(clientID: "rs", secret: "very-secret")
        var dumped = ""
        dump(authentication, to: &dumped)
        #expect(!dumped.contains("very-secret"))
        #expect(!"\(authentication)".contains("very-secret"))
    }
}
