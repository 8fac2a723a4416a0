// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthTesting
import Testing

@Suite("FakeOpenIDProvider request objects: refused unless signed by the client's key for this provider, now (RFC 9101 §6)")
struct FakeProviderRequestObjectTests {
    static let now: Int64 = 1_800_000_000
    static let key: P256PrivateKey = {
        var generator = SeededRandomNumberGenerator(seed: 5)
        return P256PrivateKey.generate(keyID: "jar-1", using: &generator)
    }()

    static func provider() -> FakeOpenIDProvider {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.requestObjectKeys = [configuration.clientID: [key.publicJWK]]
        return FakeOpenIDProvider(configuration, clock: .manual(ManualWallClock(NumericDate(secondsSince1970: now))))
    }

    /// The claims of a valid request object, with `change` applied.
    static func claims(_ change: (inout [String: JSONValue]) -> Void = { _ in }) -> JSONObject {
        var members: [String: JSONValue] = [
            "iss": "demo-app", "aud": "https://fake-provider.authflow.test", "client_id": "demo-app", "response_type": "code",
            "redirect_uri": "com.example.app:/oauth/callback", "scope": "openid", "state": "s", "nonce": "n",
            "code_challenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", "code_challenge_method": "S256",
            "jti": "j", "iat": .number(JSONNumber(now)), "nbf": .number(JSONNumber(now)), "exp": .number(JSONNumber(now + 300)),
        ]
        change(&members)
        var object = JSONObject()
        for (name, value) in members.sorted(by: { $0.key < $1.key }) { try? object.append(name, value) }
        return object
    }

    /// Pushes `requestObject` (RFC 9126 §3) as the public client `clientID`; the provider's answer.
    static func push(_ provider: FakeOpenIDProvider, _ requestObject: String, clientID: String = "demo-app") async throws -> (Int, String?)
    {
        let body = FormParameter.encode([
            FormParameter(name: "client_id", value: clientID), FormParameter(name: "request", value: requestObject),
        ])
        let response = try await provider.send(
            TransportRequest(
                method: .post, url: provider.url(of: .pushedAuthorization),
                headerFields: [HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded")], body: Array(body.utf8)))
        let object = try JSONValue(parsing: response.body).objectValue
        return (response.status, object?["error"]?.stringValue)
    }

    @Test("a valid request object is accepted")
    func accepted() async throws {
        let (status, error) = try await Self.push(Self.provider(), Self.key.signedJWT(claims: Self.claims()))
        #expect(status == 201)
        #expect(error == nil)
    }

    @Test(
        "wrong iss, wrong aud, expired, not yet valid, too long-lived, inner client_id not the outer one: invalid_request_object",
        arguments: [
            ("iss", JSONValue.string("someone-else")), ("aud", .string("https://other.example")),
            ("exp", .number(JSONNumber(now - 1))), ("nbf", .number(JSONNumber(now + 60))),
            ("exp", .number(JSONNumber(now + 7200))), ("client_id", .string("other-app")),
        ])
    func refusedClaims(name: String, value: JSONValue) async throws {
        let jwt = Self.key.signedJWT(claims: Self.claims { $0[name] = value })
        let (status, error) = try await Self.push(Self.provider(), jwt)
        #expect(status == 400)
        #expect(error == "invalid_request_object")
    }

    @Test("a bad signature, another key, and alg none are refused")
    func refusedSignatures() async throws {
        let provider = Self.provider()
        let good = Self.key.signedJWT(claims: Self.claims())
        let parts = good.split(separator: ".")
        let flipped = parts[0] + "." + parts[1] + "." + String(parts[2].reversed())
        var generator = SeededRandomNumberGenerator(seed: 6)
        let other = P256PrivateKey.generate(keyID: "jar-1", using: &generator).signedJWT(claims: Self.claims())
        let none =
            Base64URL.encode(Array(#"{"alg":"none"}"#.utf8)) + "." + Base64URL.encode(JSONValue.object(Self.claims()).serialized()) + "."
        for jwt in [String(flipped), other, none] {
            let (status, error) = try await Self.push(provider, jwt)
            #expect(status == 400)
            #expect(error == "invalid_request_object")
        }
    }

    @Test("a plain pushed request is refused when request objects are required")
    func requiredAtPAR() async throws {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.requiresSignedRequestObject = true
        let provider = FakeOpenIDProvider(configuration)
        let body = FormParameter.encode([
            FormParameter(name: "client_id", value: "demo-app"), FormParameter(name: "response_type", value: "code"),
            FormParameter(name: "redirect_uri", value: "com.example.app:/oauth/callback"),
        ])
        let response = try await provider.send(
            TransportRequest(
                method: .post, url: provider.url(of: .pushedAuthorization),
                headerFields: [HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded")], body: Array(body.utf8)))
        #expect(response.status == 400)
    }
}
