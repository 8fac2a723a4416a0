// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthClient
import AuthCredentials
import AuthDigest
import AuthJSON
import AuthJWT
import AuthPKCE
import AuthSession
import AuthTesting

/// `authflow demo`: the whole OpenID Connect login, offline, against AuthTesting's fake provider, narrated
/// step by step with the real values and the section of the spec each step implements. With a failure
/// chosen, the flow stops where that failure is caught and shows the error a caller gets.
struct DemoFlow: Sendable {
    /// The failures `--fail` can show, each caught at one step.
    enum Failure: String, CaseIterable, Sendable {
        case state, denied, cancel, pkce, replay
        case tokenServer = "token-server"
        case nonce, signature, audience, issuer, expired
        case atHash = "at-hash"
        case unknownKey = "unknown-key"
        case refresh

        var explanation: String {
            switch self {
            case .state: "an attacker's redirect with another state arrives (CSRF, RFC 6749 §10.12)"
            case .denied: "the user denies access (RFC 6749 §4.1.2.1)"
            case .cancel: "the user closes the sign-in page (ASWebAuthenticationSessionError.canceledLogin, 1)"
            case .pkce: "someone redeems the code without the verifier (RFC 7636 §4.6)"
            case .replay: "the same code is redeemed twice (RFC 6749 §4.1.2, §10.5)"
            case .tokenServer: "the token endpoint fails with HTTP 500"
            case .nonce: "the ID token carries another nonce: a replayed token (OpenID Connect Core §3.1.3.7 step 11)"
            case .signature: "the ID token's signature is wrong (Core §3.1.3.7 step 6, RFC 7515 §5.2)"
            case .audience: "the ID token is for another client (Core §3.1.3.7 step 3)"
            case .issuer: "the ID token comes from another issuer (Core §3.1.3.7 step 2)"
            case .expired: "the ID token has expired (Core §3.1.3.7 step 9)"
            case .atHash: "the ID token's at_hash does not match the access token (Core §3.2.2.9)"
            case .unknownKey: "the ID token names a key the provider never published (RFC 7517 §4.5)"
            case .refresh: "the refresh token has been revoked, so the refresh fails and the user is logged out (RFC 6749 §6)"
            }
        }
    }

    let failure: Failure?
    /// RFC 7636 Appendix B's 32 octets, to make the verifier and challenge checkable against the RFC.
    let verifierOctets: [UInt8]?

    /// Runs the flow and returns the narration, and whether it went as asked (the login worked, or failed
    /// exactly where `failure` is caught).
    func run() async -> (text: String, asExpected: Bool) {
        var out = Narration()
        let provider = FakeOpenIDProvider()
        let wire = DemoTransport(provider)
        out.line("AuthFlow demo: an OpenID Connect login with PKCE, offline, against AuthTesting's fake provider")
        out.line("(FakeOpenIDProvider: discovery, authorize, token, userinfo, JWKS, revocation; RS256 ID tokens).")
        if let failure { out.line("Showing a failure: \(failure.rawValue) — \(failure.explanation).") }
        if verifierOctets != nil { out.line("The verifier uses the octets of RFC 7636 Appendix B, so it can be checked against the RFC.") }
        do {
            try await flow(provider: provider, wire: wire, out: &out)
            if let failure {
                out.line("\n✗ The failure '\(failure.rawValue)' was NOT caught: this is a bug.")
                return (out.text, false)
            }
            out.line(
                "\nDone: every step passed. Try `authflow demo --fail STEP` with one of: \(Failure.allCases.map(\.rawValue).joined(separator: ", "))."
            )
            return (out.text, true)
        } catch let error as CaughtFailure {
            out.line("\n✗ Caught at step \(error.step): \(error.message)")
            out.line("  That is the error your code gets. Nothing was stored or trusted after it.")
            return (out.text, failure != nil)
        } catch {
            out.line("\n✗ Unexpected error: \(error)")
            return (out.text, false)
        }
    }

    struct CaughtFailure: Error {
        let step: Int
        let message: String
    }

    /// Runs one step's operation; an error ends the flow as that step's failure.
    func attempt<T>(_ step: Int, _ out: inout Narration, _ wire: DemoTransport, _ operation: () async throws -> T) async throws -> T {
        do {
            return try await operation()
        } catch {
            out.exchanges(wire.takeExchanges())
            let code = (error as? AuthClientError)?.code ?? (error as? AuthCallbackError)?.code ?? 0
            throw CaughtFailure(step: step, message: "\(error)" + (code == 0 ? "" : " (code \(code))"))
        }
    }

    private func flow(provider: FakeOpenIDProvider, wire: DemoTransport, out: inout Narration) async throws {
        // 1. Discovery
        out.step(1, "Discovery", "OpenID Connect Discovery 1.0 §4", "AuthClient.discover — Sources/AuthClient/Client/AuthClient.swift")
        let client = try await attempt(1, &out, wire) { try await AuthClient.discover(provider.clientConfiguration, transport: wire) }
        out.exchanges(wire.takeExchanges())
        out.check("the document's issuer is exactly the configured one (§4.3): \(client.metadata.issuer)")
        out.check("every endpoint is https; code_challenge_methods_supported includes S256")

        // 2. Authorization request
        out.step(
            2, "Authorization request with PKCE, state and nonce",
            "RFC 6749 §4.1.1, RFC 7636 §4.1–4.3, OpenID Connect Core §3.1.2.1",
            "AuthorizationRequest — Sources/AuthClient/Login/AuthorizationRequest.swift; AuthPKCE")
        var generator = DemoGenerator(octets: verifierOctets ?? [])
        let request = try client.authorizationRequest(using: &generator)
        out.value("code_verifier", request.pkce.verifier.value, "43 characters from 32 random octets, kept secret until step 4")
        out.value("SHA-256(verifier)", SHA256.hash(data: request.pkce.verifier.value.utf8).description, "FIPS 180-4")
        out.value("code_challenge", request.pkce.challenge.value, "base64url of that digest, method S256")
        out.value("state", request.state.value, "must come back unchanged (CSRF)")
        out.value("nonce", request.nonce.value, "must come back inside the ID token (replay)")
        out.line("    authorization URL (the challenge travels, never the verifier):")
        out.line("      " + request.url.text.replacingPlaceholder("?", with: "\n        ?").replacingPlaceholder("&", with: "\n        &"))

        // 3. The user agent and the callback
        out.step(
            3, "The browser step and the callback", "RFC 6749 §4.1.2, RFC 8252 §7, RFC 9207",
            "AuthenticationSession — Sources/AuthSession; AuthorizationResponse — Sources/AuthCallback")
        let authorization: FakeOpenIDProvider.Authorization =
            switch failure {
            case .state: .forgedState
            case .denied: .deny
            case .cancel: .cancel
            default: .approve(subject: "alice")
            }
        let session = AuthenticationSession(url: request.url, callback: request.callback, userAgent: provider.browser(authorization))
        let redirect = try await attempt(3, &out, wire) { try await session.authenticate() }
        out.value("redirect", redirect.callbackURL.text, "matched the callback \(request.redirectURI)")
        let response = try await attempt(3, &out, wire) { try request.response(from: redirect) }
        out.check("state equals the one sent (compared in constant time)")
        out.check("iss equals the issuer (RFC 9207: the provider advertises authorization_response_iss_parameter_supported)")
        out.value("code", response.code, "single use, worthless without the verifier")

        // 4. Code exchange
        out.step(
            4, "Code exchange at the token endpoint", "RFC 6749 §4.1.3 and §5.1, RFC 7636 §4.5–4.6",
            "AuthClient.exchangeCode — Sources/AuthClient/Tokens/AuthClient+TokenEndpoint.swift")
        if failure == .tokenServer { provider.fail(.token, with: .status(500)) }
        if let defect = Self.defect(for: failure) { provider.spoilNextIDToken(defect) }
        let exchangeRequest: AuthorizationRequest
        if failure == .pkce {
            out.line("    (an interceptor redeems the code with a verifier of its own)")
            exchangeRequest = try client.authorizationRequest(using: &generator)
        } else {
            exchangeRequest = request
        }
        let tokens = try await attempt(4, &out, wire) { try await client.exchangeCode(response.code, for: exchangeRequest) }
        out.exchanges(wire.takeExchanges())
        out.check("the server recomputed BASE64URL(SHA256(code_verifier)) and found the challenge of step 2")
        if failure == .replay {
            out.line("    (the same code is sent again)")
            _ = try await attempt(4, &out, wire) { try await client.exchangeCode(response.code, for: request) }
        }

        // 5. ID token validation
        out.step(
            5, "ID token validation", "OpenID Connect Core §3.1.3.7, RFC 7515, RFC 7519",
            "AuthClient.validateIDToken, IDTokenValidator — Sources/AuthJWT/IDTokenValidator.swift")
        guard let compact = tokens.idToken else { throw CaughtFailure(step: 5, message: "\(AuthClientError.missingIDToken)") }
        let idToken = try await attempt(5, &out, wire) {
            try await client.validateIDToken(compact, nonce: request.nonce.value, accessToken: tokens.accessToken)
        }
        out.exchanges(wire.takeExchanges())
        out.value("header", String(decoding: JSONValue.object(idToken.jwt.jws.header.parameters).serialized(), as: UTF8.self), "")
        out.value("claims", String(decoding: JSONValue.object(idToken.claims.object).serialized(), as: UTF8.self), "")
        for check in [
            "signature: RS256 with the JWKS key named by kid (alg none never accepted)", "iss equals the issuer",
            "aud contains demo-app, no other audience", "exp is in the future, iat not in the future (60 s leeway)",
            "nonce equals the one sent in step 2", "at_hash is the left half of SHA-256(access_token)",
        ] { out.check(check) }

        // 6. Storage
        out.step(
            6, "Token storage", "RFC 6749 §10.3 (keep tokens confidential)",
            "CredentialStore — Sources/AuthCredentials (in memory here; FileCredentialStore writes 0600 files)")
        try await client.store.save(
            StoredCredential(user: idToken.subject, grant: client.grant, email: try? idToken.claims.email, tokens: tokens))
        guard let user = try await client.resumeLastUser() else { throw CaughtFailure(step: 6, message: "nothing was stored") }
        out.check(
            "saved as user '\(user.subject ?? "")' of grant \(user.grant); on the next launch resumeLastUser() returns them without a login"
        )

        // 7. A bearer request
        out.step(
            7, "A request with the access token", "RFC 6750 §2.1, OpenID Connect Core §5.3",
            "User.send and User.fetchProfile — Sources/AuthClient/Session/User.swift")
        let profile = try await attempt(7, &out, wire) { try await user.fetchProfile() }
        out.exchanges(wire.takeExchanges())
        out.check("userinfo's sub '\(profile.subject)' is the ID token's sub (§5.3.2)")

        // 8. 401 and the refresh
        out.step(
            8, "The access token stops working: 401, one refresh, one retry", "RFC 6750 §3.1, RFC 6749 §6",
            "User (single-flight refresh) — Sources/AuthClient/Session/User.swift")
        provider.expireAccessTokens()
        if failure == .refresh { provider.revokeRefreshTokens() }
        let logouts = client.logoutEvents()
        let before = await user.tokens
        do {
            _ = try await user.fetchProfile()
        } catch {
            out.exchanges(wire.takeExchanges())
            var events = logouts.makeAsyncIterator()
            if let event = await events.next() {
                out.check("logoutEvents() delivered: \(event.subject ?? "(no subject)") logged out, \(event.reason)")
            }
            throw CaughtFailure(step: 8, message: "\(error)")
        }
        out.exchanges(wire.takeExchanges())
        let after = await user.tokens
        out.check("one refresh request; the rotated refresh token was saved before the retry")
        out.check("refresh token rotated: \(before?.refreshToken != after?.refreshToken)")

        // 9. Logout
        out.step(
            9, "Logout", "RFC 7009 §2, OpenID Connect RP-Initiated Logout 1.0 §2",
            "User.logout — Sources/AuthClient/Session/User.swift")
        let result = try await attempt(9, &out, wire) { try await user.logout() }
        out.exchanges(wire.takeExchanges())
        out.check("refresh token revoked: \(result.didRevoke); user removed from the store, logoutEvents() told")
        if let endSession = result.endSessionURL {
            out.value("end-session URL", Narration.shortened(endSession.text, limit: 110), "open it to end the provider's session too")
        }
    }

    static func defect(for failure: Failure?) -> FakeOpenIDProvider.IDTokenDefect? {
        switch failure {
        case .nonce: .wrongNonce
        case .signature: .badSignature
        case .audience: .wrongAudience
        case .issuer: .wrongIssuer
        case .expired: .expired
        case .atHash: .wrongAccessTokenHash
        case .unknownKey: .unknownKey
        default: nil
        }
    }
}

/// Hands out the given octets first (RFC 7636's example), then the system's secure random numbers.
struct DemoGenerator: RandomNumberGenerator {
    var replay: ReplayRandomNumberGenerator
    var system = SystemRandomNumberGenerator()

    init(octets: [UInt8]) {
        replay = ReplayRandomNumberGenerator(octets: octets)
    }

    mutating func next() -> UInt64 {
        replay.remainingOctetCount >= 8 ? replay.next() : system.next()
    }
}
