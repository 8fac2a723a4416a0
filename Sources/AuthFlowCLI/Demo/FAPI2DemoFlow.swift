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

/// `authflow demo --fapi2`: a FAPI 2.0 Message Signing login, offline against the fake provider — the
/// profile checked when the client is made, a signed request object pushed with PAR and bound to a DPoP
/// key, a JARM response with `iss`, and DPoP-bound tokens from a `private_key_jwt` code exchange. `--fail`
/// shows a client with a secret (refused when the client is made) and a response JWT without `iss`.
struct FAPI2DemoFlow: Sendable {
    /// What `--fail` can show in the FAPI 2.0 flow.
    enum Failure: String, CaseIterable, Sendable {
        case clientSecret = "client-secret"
        case responseWithoutIssuer = "response-without-iss"

        var explanation: String {
            switch self {
            case .clientSecret: "the client authenticates with a secret: FAPI 2.0 needs private_key_jwt (Security Profile §5.3.3.1)"
            case .responseWithoutIssuer: "the response JWT has no iss: refused before its code is read (JARM §2.4, RFC 9207)"
            }
        }
    }

    let failure: Failure?

    func run() async -> (text: String, asExpected: Bool) {
        var out = Narration()
        var generator = SeededRandomNumberGenerator(seed: 2025)
        let key = P256PrivateKey.generate(keyID: "demo-fapi2-key", using: &generator)
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.signingKey = .es256
        configuration.requiresDPoP = true
        configuration.clientAuthentication =
            failure == .clientSecret ? .clientSecretBasic("a-demo-secret") : .privateKeyJWT(ClientAssertionKey(key), audience: .issuer)
        if failure == .responseWithoutIssuer { configuration.misbehaviours = [.jarmWithoutIssuer] }
        let time = ManualWallClock(NumericDate(secondsSince1970: 1_800_000_000))
        let provider = FakeOpenIDProvider(configuration, clock: .manual(time))
        let wire = DemoTransport(provider)
        out.line("AuthFlow demo: a FAPI 2.0 Message Signing login — PAR, a signed request object (JAR), a signed response (JARM),")
        out.line("private_key_jwt and DPoP-bound tokens — offline, against AuthTesting's fake provider. Time is simulated.")
        if let failure { out.line("Showing: \(failure.rawValue) — \(failure.explanation).") }
        let asExpected = await out.conclude(flag: "--fapi2", failures: Failure.allCases.map(\.rawValue), expectingFailure: failure != nil) {
            out in
            try await flow(provider: provider, wire: wire, out: &out)
        }
        return (out.text, asExpected)
    }

    private func flow(provider: FakeOpenIDProvider, wire: DemoTransport, out: inout Narration) async throws {
        let demo = DemoFlow(failure: nil, verifierOctets: nil)
        out.step(
            1, "Discovery, and the profile's checks", "FAPI 2.0 Security Profile §5.3.3, §5.4; Message Signing",
            "ClientConfiguration.adopt, AuthClient.checkFAPI2 — Sources/AuthClient/Profiles/")
        var configuration = try provider.clientConfiguration
        configuration.adopt(.messageSigning)
        let adopted = configuration
        out.value("profile", adopted.fapi2Profile?.description ?? "", "adopt also set the values below")
        out.value("client authentication", adopted.clientAuthentication.description, "aud = the issuer")
        out.value("DPoP", "usesDPoP \(adopted.usesDPoP), requiresDPoPBoundTokens \(adopted.requiresDPoPBoundTokens)", "")
        out.value("algorithms", adopted.allowedAlgorithms.map(\.rawValue).joined(separator: " "), "ID tokens and JARM")
        let client = try await demo.attempt(1, &out, wire) {
            try await AuthClient.discover(adopted, transport: wire, clock: provider.clock)
        }
        out.exchanges(wire.takeExchanges())
        out.check("the provider has a PAR endpoint, sends iss (RFC 9207) and offers a JWT response mode")
        if case .privateKeyJWT(let key, _) = adopted.clientAuthentication {
            out.value("client public key", String(decoding: JSONValue.object(key.key.publicJWK).serialized(), as: UTF8.self), "registered")
        }

        out.step(
            2, "The request object, pushed", "Message Signing; RFC 9101 §4; RFC 9126 §3; RFC 9449 §10",
            "AuthClient.preparedAuthorizationRequest — Sources/AuthClient/Login/AuthClient+PushedAuthorization.swift")
        var generator = SystemRandomNumberGenerator()
        let request = try await demo.attempt(2, &out, wire) { try await client.preparedAuthorizationRequest(using: &generator) }
        out.exchanges(wire.takeExchanges())
        out.value("request object", request.requestObject ?? "", "")
        if let jws = try? JWS(compact: request.requestObject ?? "") {
            out.value("request object claims", String(decoding: jws.payload, as: UTF8.self), "")
        }
        out.check("no option asked for them: the profile pushed, signed, chose response_mode=jwt and sent dpop_jkt")

        out.step(3, "The browser", "RFC 9126 §4; JARM §2.3.4", "AuthenticationSession — Sources/AuthSession")
        out.value("authorization URL", request.url.text, "client_id and request_uri only")
        let redirect = try await demo.attempt(3, &out, wire) {
            try await AuthenticationSession(url: request.url, callback: request.callback, userAgent: provider.browser()).authenticate()
        }

        out.step(
            4, "Verifying the response JWT", "JARM §2.4; RFC 9207",
            "AuthClient.authorizationResponse(for:redirect:) — Sources/AuthClient/Login/AuthClient+JARM.swift")
        let response = try await demo.attempt(4, &out, wire) { try await client.authorizationResponse(for: request, redirect: redirect) }
        out.exchanges(wire.takeExchanges())
        out.check("ES256 by the provider's key, iss = the issuer, aud = the client id, exp not passed — then state")
        out.value("code", "<redacted: \(response.code.count) characters>", "")

        out.step(
            5, "Code exchange: private_key_jwt and a DPoP proof", "RFC 7523 §2.2; RFC 9449 §5",
            "AuthClient.completeLogin — Sources/AuthClient/Client/AuthClient.swift")
        let user = try await demo.attempt(5, &out, wire) { try await client.completeLogin(request, redirect: redirect) }
        out.exchanges(wire.takeExchanges())
        let tokenType = await user.tokens?.tokenType
        out.value("token_type", tokenType ?? "", "bound to the login's DPoP key; a Bearer answer would be refused")
        out.value("user", user.subject ?? "", "")
    }
}
