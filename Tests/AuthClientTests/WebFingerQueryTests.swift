// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthHTTP
import AuthTesting
import TestVectors
import Testing

/// `RFC/openid-discovery-webfinger-examples.json`: OpenID Connect Discovery 1.0 §2.1.2 and §2.2, transcribed.
struct WebFingerExamples: Decodable {
    struct Example: Decodable {
        let section: String
        let input: String
        let resource: String
        let host: String
        let request: String
        let response: String
        let issuer: String
    }
    struct Normalization: Decodable {
        let rule: String
        let input: String
        let resource: String
        let host: String
    }
    struct Refused: Decodable {
        let rule: String
        let input: String
    }
    let examples: [Example]
    let normalization: [Normalization]
    let refused: [Refused]
}

@Suite("WebFinger issuer discovery: the OpenID Connect Discovery §2.2 examples, request and answer")
struct WebFingerQueryTests {
    static let vectors: WebFingerExamples = {
        do { return try Vectors.json("RFC/openid-discovery-webfinger-examples.json") } catch { fatalError("\(error)") }
    }()

    @Test(
        "each §2.2 example normalizes to the spec's resource and host, and requests the spec's URL",
        arguments: vectors.examples.map(\.section))
    func example(section: String) throws {
        let example = try #require(Self.vectors.examples.first { $0.section == section })
        let query = try WebFingerQuery(normalizing: example.input)
        #expect(query.resource == example.resource)
        #expect(query.host == example.host)
        #expect(query.url == example.request)
        #expect(try query.issuer(fromResponse: Array(example.response.utf8)) == example.issuer)
    }

    @Test("each §2.1.2 rule normalizes as the text says", arguments: vectors.normalization.map(\.rule))
    func normalization(rule: String) throws {
        let vector = try #require(Self.vectors.normalization.first { $0.rule == rule })
        let query = try WebFingerQuery(normalizing: vector.input)
        #expect(query.resource == vector.resource)
        #expect(query.host == vector.host)
    }

    @Test("XRIs and empty input are refused as invalid input", arguments: vectors.refused.map(\.input))
    func refused(input: String) {
        #expect {
            try WebFingerQuery(normalizing: input)
        } throws: { error in
            guard case AuthClientError.webFinger(.invalidInput) = error else { return false }
            return true
        }
    }

    @Test("discoverIssuer asks over https and returns the issuer the answer links (§2.2.1 example)")
    func discover() async throws {
        let example = try #require(Self.vectors.examples.first)
        let transport = ScriptedTransport([TransportResponse(status: 200, body: Array(example.response.utf8))])
        #expect(try await AuthClient.discoverIssuer(for: example.input, transport: transport) == example.issuer)
        #expect(transport.requests.first?.url == example.request)
    }

    @Test("an http issuer, a missing link, bad JSON and a 404 are each refused with their own reason")
    func refusals() async throws {
        let query = try WebFingerQuery(normalizing: "joe@example.com")
        let http = #"{"links":[{"rel":"http://openid.net/specs/connect/1.0/issuer","href":"http://server.example.com"}]}"#
        #expect(throws: AuthClientError.webFinger(.insecureIssuer("http://server.example.com"))) {
            try query.issuer(fromResponse: Array(http.utf8))
        }
        #expect(throws: AuthClientError.webFinger(.noIssuerLink)) {
            try query.issuer(fromResponse: Array(#"{"links":[{"rel":"self","href":"https://x.example"}]}"#.utf8))
        }
        #expect {
            try query.issuer(fromResponse: Array("{not json".utf8))
        } throws: { error in
            guard case AuthClientError.webFinger(.invalidJSON) = error else { return false }
            return true
        }
        let transport = ScriptedTransport([TransportResponse(status: 404)])
        await #expect(throws: AuthClientError.webFinger(.status(404))) {
            try await AuthClient.discoverIssuer(for: "joe@example.com", transport: transport)
        }
    }

    @Test(
        "an acct host that is more than a host and port is refused, so the request cannot go elsewhere",
        arguments: [
            "acct:joe@evil.example/.corp.example.com", "acct:joe@corp.example.com?x", "acct:joe@corp.example.com:",
            "acct:joe@corp.example.com:0443", "acct:joe@corp.example.com/", "acct:joe@corp\\example.com",
            "joe@corp\\example.com",
        ])
    func acctHost(input: String) {
        #expect {
            try WebFingerQuery(normalizing: input)
        } throws: { error in
            guard case AuthClientError.webFinger(.invalidInput) = error else { return false }
            return true
        }
    }

    @Test("an acct host with a port is kept, and the request goes to it")
    func acctHostWithPort() throws {
        let query = try WebFingerQuery(normalizing: "acct:joe@example.com:8443")
        #expect(query.host == "example.com:8443")
        #expect(query.url.hasPrefix("https://example.com:8443/.well-known/webfinger?"))
    }

    @Test("an issuer link with userinfo is refused: its host is not the one it seems to name")
    func issuerWithUserinfo() throws {
        let query = try WebFingerQuery(normalizing: "joe@corp.example.com")
        let issuer = "https://login.corp.example.com@evil.example"
        let body = #"{"links":[{"rel":"http://openid.net/specs/connect/1.0/issuer","href":"\#(issuer)"}]}"#
        #expect(throws: AuthClientError.webFinger(.insecureIssuer(issuer))) {
            try query.issuer(fromResponse: Array(body.utf8))
        }
    }

    @Test("the fake provider answers WebFinger for its own accounts, and the issuer it names is its own")
    func fakeProvider() async throws {
        let provider = FakeOpenIDProvider()
        let issuer = try await AuthClient.discoverIssuer(for: "alice@fake-provider.authflow.test", transport: provider)
        #expect(issuer == provider.configuration.issuer)
        await #expect(throws: AuthClientError.webFinger(.status(404))) {
            try await AuthClient.discoverIssuer(for: "alice@elsewhere.example", transport: provider)
        }
    }
}
