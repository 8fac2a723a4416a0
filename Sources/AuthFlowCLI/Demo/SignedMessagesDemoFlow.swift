// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting

/// `authflow demo --jar`: a login whose request is a signed request object (RFC 9101) pushed to the
/// provider (RFC 9126 §3), and whose response is a signed JWT (JARM, `response_mode=jwt`), offline against
/// the fake provider, which requires signed request objects. The client signs with its `private_key_jwt`
/// key (ES256). `--fail` shows a response JWT with the wrong audience, an expired one, or a provider that
/// accepts none of the client's algorithms.
struct SignedMessagesDemoFlow: Sendable {
    /// What `--fail` can show in the JAR/JARM flow.
    enum Failure: String, CaseIterable, Sendable {
        case wrongAudience = "response-audience"
        case expiredResponse = "response-expired"
        case noCommonAlgorithm = "no-common-alg"

        var explanation: String {
            switch self {
            case .wrongAudience: "the response JWT is for another client: refused before its code is read (JARM §2.4)"
            case .expiredResponse: "the response JWT expired an hour ago: refused before its code is read (JARM §2.4)"
            case .noCommonAlgorithm: "the provider takes RS256 request objects only; the client's key is ES256 (RFC 9101 §10.1)"
            }
        }
    }

    let failure: Failure?

    func run() async -> (text: String, asExpected: Bool) {
        var out = Narration()
        var generator = SeededRandomNumberGenerator(seed: 9101)
        let key = P256PrivateKey.generate(keyID: "demo-client-key", using: &generator)
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.signingKey = .es256
        configuration.clientAuthentication = .privateKeyJWT(ClientAssertionKey(key))
        configuration.requiresSignedRequestObject = true
        if failure == .noCommonAlgorithm { configuration.requestObjectSigningAlgorithms = [.rs256] }
        let time = ManualWallClock(NumericDate(secondsSince1970: 1_800_000_000))
        let provider = FakeOpenIDProvider(configuration, clock: .manual(time))
        let wire = DemoTransport(provider)
        out.line("AuthFlow demo: a signed request object (JAR, RFC 9101) pushed with PAR (RFC 9126), and a signed authorization")
        out.line("response (JARM), offline, against AuthTesting's fake provider. Time is simulated.")
        if let failure { out.line("Showing: \(failure.rawValue) — \(failure.explanation).") }
        let asExpected = await out.conclude(
            flag: "--jar", failures: Failure.allCases.map(\.rawValue), expectingFailure: failure != nil
        ) { out in
            try await flow(provider: provider, key: key, wire: wire, out: &out)
        }
        return (out.text, asExpected)
    }

    private func flow(provider: FakeOpenIDProvider, key: P256PrivateKey, wire: DemoTransport, out: inout Narration) async throws {
        let demo = DemoFlow(failure: nil, verifierOctets: nil)
        out.step(
            1, "Discovery", "OpenID Connect Discovery 1.0 §3, RFC 9101 §10, JARM §3",
            "AuthClient.discover — Sources/AuthClient/Client/AuthClient.swift")
        var clientConfiguration = try provider.clientConfiguration
        clientConfiguration.allowedAlgorithms = [.es256]
        let configuration = clientConfiguration
        let client = try await demo.attempt(1, &out, wire) {
            try await AuthClient.discover(configuration, transport: wire, clock: provider.clock)
        }
        out.exchanges(wire.takeExchanges())
        let metadata = client.metadata
        out.value("require_signed_request_object", "\(metadata.requiresSignedRequestObject)", "so every request is a signed request object")
        out.value(
            "request_object_signing_alg_values_supported", (metadata.requestObjectSigningAlgorithmsSupported ?? []).joined(separator: " "),
            "the client's key signs ES256")
        out.value(
            "authorization_signing_alg_values_supported", (metadata.authorizationSigningAlgorithmsSupported ?? []).joined(separator: " "),
            "what the response JWT may be signed with")
        out.value("client public key", String(decoding: JSONValue.object(key.publicJWK).serialized(), as: UTF8.self), "registered")

        out.step(
            2, "Signing and pushing the request object", "RFC 9101 §4, §5.2; RFC 9126 §3",
            "AuthClient.preparedAuthorizationRequest — Sources/AuthClient/Login/AuthClient+RequestObject.swift")
        var generator = SystemRandomNumberGenerator()
        let options = AuthorizationRequest.Options(pushedAuthorization: .always, responseMode: .jwt)
        let request = try await demo.attempt(2, &out, wire) { try await client.preparedAuthorizationRequest(options, using: &generator) }
        out.exchanges(wire.takeExchanges())
        let requestObject = request.requestObject ?? ""
        out.value("request object", requestObject, "")
        if let jws = try? JWS(compact: requestObject) {
            out.value("its header", String(decoding: JSONValue.object(jws.header.parameters).serialized(), as: UTF8.self), "")
            out.value("its claims", String(decoding: jws.payload, as: UTF8.self), "")
        }
        out.check("iss = the client id, aud = the issuer, a fresh jti, nbf = iat, exp five minutes later; ES256 with the client's key")
        out.check("the PAR body holds client_id, request and the client assertion; the provider verified the signature with the key")

        out.step(
            3, "The browser", "RFC 9126 §4; JARM §2.3.4",
            "AuthenticationSession — Sources/AuthSession; the fake's /authorize — FakeOpenIDProvider+JARM.swift")
        out.value("authorization URL", request.url.text, "client_id and request_uri only")
        switch failure {
        case .wrongAudience?: provider.spoilNextAuthorizationResponse(.wrongAudience)
        case .expiredResponse?: provider.spoilNextAuthorizationResponse(.expired)
        default: break
        }
        let redirect = try await demo.attempt(3, &out, wire) {
            try await AuthenticationSession(url: request.url, callback: request.callback, userAgent: provider.browser()).authenticate()
        }
        out.value("redirect", redirect.callbackURL.text, "one parameter: response, a JWT")

        out.step(
            4, "Verifying the response JWT", "JARM §2.4, §4.4",
            "AuthClient.authorizationResponse(for:redirect:) — Sources/AuthClient/Login/AuthClient+JARM.swift")
        let response = try await demo.attempt(4, &out, wire) { try await client.authorizationResponse(for: request, redirect: redirect) }
        out.exchanges(wire.takeExchanges())
        out.check("signature by a key of the provider's JWK Set, iss = the issuer, aud = the client id, exp not passed — then state")
        out.value("code", "<redacted: \(response.code.count) characters>", "read from the verified claims only")

        out.step(
            5, "Code exchange", "RFC 6749 §4.1.3, RFC 7523 §2.2", "AuthClient.completeLogin — Sources/AuthClient/Client/AuthClient.swift")
        let user = try await demo.attempt(5, &out, wire) { try await client.completeLogin(request, redirect: redirect) }
        out.exchanges(wire.takeExchanges())
        out.value("user", user.subject ?? "", "")
    }
}
