// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession
import AuthTesting

/// `authflow demo --dpop`: a DPoP-bound login (RFC 9449) and a resource request, offline against the
/// fake provider, which requires DPoP and demands nonces, so both `use_dpop_nonce` retries are shown.
struct DPoPDemoFlow: Sendable {
    func run() async -> (text: String, asExpected: Bool) {
        var out = Narration()
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.signingKey = .es256
        configuration.requiresDPoP = true
        configuration.requiresDPoPNonce = true
        let time = ManualWallClock(NumericDate(secondsSince1970: 1_800_000_000))
        let provider = FakeOpenIDProvider(configuration, clock: .manual(time))
        let wire = DemoTransport(provider)
        out.line("AuthFlow demo: a DPoP-bound login (RFC 9449) and a resource request, offline, against AuthTesting's fake")
        out.line("provider, which requires DPoP proofs and demands nonces. Time is simulated.")
        do {
            try await flow(provider: provider, time: time, wire: wire, out: &out)
            out.line("\nDone. See Docs/DPoP.md.")
            return (out.text, true)
        } catch {
            out.line("\n✗ Unexpected error: \(error)")
            return (out.text, false)
        }
    }

    private func flow(provider: FakeOpenIDProvider, time: ManualWallClock, wire: DemoTransport, out: inout Narration) async throws {
        var clientConfiguration = try provider.clientConfiguration
        clientConfiguration.allowedAlgorithms = [.es256]
        clientConfiguration.usesDPoP = true
        let client = try AuthClient(configuration: clientConfiguration, metadata: provider.metadata, transport: wire, clock: .manual(time))

        out.step(
            1, "A DPoP key and the authorization request", "RFC 9449 §10, RFC 7638",
            "AuthorizationRequest — Sources/AuthClient/Login/AuthorizationRequest.swift; P256PrivateKey — Sources/AuthJWT")
        var generator = SystemRandomNumberGenerator()
        let request = try client.authorizationRequest(using: &generator)
        let key = try demoRequire(request.dpopKey)
        out.value("public key (jwk)", "x=\(Narration.shortened(Base64URLText.encode(key.x), limit: 20))…", "a fresh P-256 key, kept secret")
        out.value("dpop_jkt", key.thumbprint, "its RFC 7638 thumbprint, in the authorization URL: the code is bound to the key")

        out.step(2, "The browser", "RFC 6749 §4.1", "AuthenticationSession — Sources/AuthSession")
        let redirect = try await AuthenticationSession(url: request.url, callback: request.callback, userAgent: provider.browser())
            .authenticate()
        out.value("redirect", Narration.shortened(redirect.callbackURL.text, limit: 80), "")

        out.step(
            3, "Code exchange with a DPoP proof", "RFC 9449 §4, §5, §8",
            "AuthClient.exchangeCode — Sources/AuthClient/DPoP/AuthClient+DPoP.swift")
        let user = try await client.completeLogin(request, redirect: redirect)
        for (sent, response) in wire.takeExchanges() {
            out.exchanges([(sent, response)])
            if let proof = sent.header("DPoP") {
                out.line("        DPoP: \(Narration.shortened(proof, limit: 60)) (typ dpop+jwt, jwk, htm, htu, iat, jti)")
            }
            if let nonce = response?.header("DPoP-Nonce") { out.line("        ← DPoP-Nonce: \(nonce)") }
        }
        out.check("the first proof had no nonce: 400 use_dpop_nonce with a DPoP-Nonce; the client retried exactly once with it")
        let tokens = try demoRequire(await user.tokens)
        out.value("token_type", tokens.tokenType ?? "Bearer", "the access token is bound to the key")
        out.value("cnf.jkt", provider.boundKeyThumbprint(ofAccessToken: tokens.accessToken) ?? "none", "what the provider bound it to")

        out.step(
            4, "A resource request", "RFC 9449 §7, §9", "User.send — Sources/AuthClient/Session/User.swift, AuthClient+DPoP.swift")
        provider.rotateDPoPNonce()
        out.line("    … the provider rotates its nonce, as servers do")
        let profile = try await user.fetchProfile()
        for (sent, response) in wire.takeExchanges() {
            out.exchanges([(sent, response)])
            if sent.header("DPoP") != nil { out.line("        DPoP: a new proof with ath = base64url(SHA-256(access token))") }
            if let nonce = response?.header("DPoP-Nonce") { out.line("        ← DPoP-Nonce: \(nonce)") }
        }
        out.check("401 WWW-Authenticate: DPoP error=\"use_dpop_nonce\": one retry with the new nonce")
        out.value("sub", profile.subject, "the profile, fetched with a DPoP-bound token")
        out.check("a copy of the access token alone is useless: every request needs a proof signed by the key")
    }
}

/// The value, or an error when there is none.
private func demoRequire<T>(_ value: T?) throws -> T {
    guard let value else { throw DemoFlow.CaughtFailure(step: 0, message: "nothing to continue with") }
    return value
}

/// Base64url for the narration.
private enum Base64URLText {
    static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        var index = 0
        while index + 2 < bytes.count {
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int((n >> UInt32(shift)) & 63)]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
