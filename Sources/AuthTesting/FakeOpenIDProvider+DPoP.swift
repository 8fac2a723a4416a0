// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthDPoP
import AuthJSON
import AuthJWT
import AuthSession

/// DPoP (RFC 9449) and `private_key_jwt` (RFC 7523 §2.2) at the fake provider: proofs and client
/// assertions are verified with AuthJWT, tokens are bound to the proof's key (`cnf.jkt`, §6).
extension FakeOpenIDProvider {
    /// Why a DPoP proof was refused (RFC 9449 §4.3), so tests can name the check.
    enum DPoPRefusal: Error {
        case invalid(String)
        case nonceRequired
    }

    /// The thumbprint (`cnf.jkt`, RFC 9449 §6.1) an access token is bound to, or nil for a Bearer token.
    public func boundKeyThumbprint(ofAccessToken token: String) -> String? {
        state.withLock { $0.accessTokens[token]?.jkt }
    }

    /// The nonce the provider currently demands (RFC 9449 §8, §9), when ``FakeOpenIDProvider/Configuration/requiresDPoPNonce``.
    public var currentDPoPNonce: String? {
        state.withLock { $0.dpopNonce }
    }

    /// From now on (or, with `false`, no longer) answers token requests that prove a DPoP key with a
    /// **Bearer** access token (`token_type: Bearer`, not bound to the key), as RFC 9449 §5 allows a server
    /// to; the refresh token stays bound to the key. For testing a client that requires sender-constrained
    /// tokens (`ClientConfiguration.requiresDPoPBoundTokens`).
    ///
    /// ```swift
    /// provider.answerDPoPRequestsWithBearer()
    /// await #expect(throws: AuthClientError.dpopBindingRequired(tokenType: "Bearer")) { try await client.login(with: provider.browser()) }
    /// ```
    public func answerDPoPRequestsWithBearer(_ answers: Bool = true) {
        state.withLock { $0.answersDPoPWithBearer = answers }
    }

    /// Makes the provider demand a new nonce, as servers do from time to time (RFC 9449 §8.2).
    public func rotateDPoPNonce() {
        state.withLock { $0.dpopNonce = "nonce-\($0.token().prefix(16))" }
    }

    /// Checks the `DPoP` header of `request` (RFC 9449 §4.3) with AuthDPoP's ``DPoPProofVerifier``: one
    /// header, then every check of the verifier (typ, an asymmetric alg, a public `jwk`, the signature,
    /// `htm`, `htu` after normalization, `ath` when `accessToken` is presented) with `iat` allowed
    /// ``Configuration/dpopProofMaximumAgeSeconds`` either way of the provider's time (skew included). The
    /// provider's own state adds the rest: its current nonce when ``Configuration/requiresDPoPNonce``
    /// (rotated by ``rotateDPoPNonce()``), and the (key, `jti`) pairs it has seen, kept under its lock.
    /// Returns the key's thumbprint, or nil when there is no DPoP header.
    func verifyDPoPProof(_ request: TransportRequest, accessToken: String?, state: inout ProviderState, now: Int64)
        -> Result<String, DPoPRefusal>?
    {
        let headers = request.headerFields.filter { $0.hasName("DPoP") }
        guard !headers.isEmpty else { return nil }
        guard headers.count == 1 else { return .failure(.invalid("more than one DPoP header")) }
        let window = Int(configuration.dpopProofMaximumAgeSeconds)
        let time = now + state.skew
        let verifier = DPoPProofVerifier(
            configuration: DPoPProofVerifier.Configuration(maxAge: window, maxClockSkew: window), now: { time })
        let proof: VerifiedDPoPProof
        do {
            proof = try verifier.verifyWithoutReplayCheck(
                proof: headers[0].value, method: request.method.rawValue, url: request.url, accessToken: accessToken, now: time)
        } catch {
            return .failure(.invalid(Self.headerSafe(error)))
        }
        if configuration.requiresDPoPNonce {
            if state.dpopNonce == nil { state.dpopNonce = "nonce-\(state.token().prefix(16))" }
            guard proof.nonce == state.dpopNonce else { return .failure(.nonceRequired) }
        }
        guard state.usedProofIDs.insert(proof.thumbprint + " " + proof.jti).inserted else {
            return .failure(.invalid(Self.headerSafe(AuthDPoPError.replayed)))
        }
        return .success(proof.thumbprint)
    }

    /// The error's message as an `error_description` may carry it (RFC 6749 §5.2: printable ASCII, no `"` or `\`).
    static func headerSafe(_ error: AuthDPoPError) -> String {
        String(
            String.UnicodeScalarView("\(error)".unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" }))
    }

    /// The token endpoint's answer to a refused proof (RFC 9449 §5.1, §8): 400 `invalid_dpop_proof`, or
    /// 400 `use_dpop_nonce` with a `DPoP-Nonce` header.
    func tokenEndpointRefusal(_ refusal: DPoPRefusal) -> TransportResponse {
        switch refusal {
        case .invalid(let reason):
            return Self.json(400, ["error": "invalid_dpop_proof", "error_description": .string(reason)])
        case .nonceRequired:
            var response = Self.json(400, ["error": "use_dpop_nonce", "error_description": "the proof needs the server's nonce"])
            response.headerFields.append(HeaderField(name: "DPoP-Nonce", value: currentDPoPNonce ?? ""))
            return response
        }
    }

    /// A resource's answer to a refused proof (RFC 9449 §7.1, §9): 401 with a `DPoP` challenge.
    func resourceRefusal(_ refusal: DPoPRefusal) -> TransportResponse {
        let scheme = misbehaves(.resourceDPoPChallengeInMixedCase) ? "dPoP" : "DPoP"
        switch refusal {
        case .invalid(let reason):
            return TransportResponse(
                status: 401,
                headerFields: [
                    HeaderField(
                        name: "WWW-Authenticate",
                        value: "\(scheme) error=\"invalid_dpop_proof\", error_description=\"\(reason)\", algs=\"ES256\"")
                ])
        case .nonceRequired:
            return TransportResponse(
                status: 401,
                headerFields: [
                    HeaderField(
                        name: "WWW-Authenticate",
                        value: "\(scheme) error=\"use_dpop_nonce\", error_description=\"nonce required\", algs=\"ES256\""),
                    HeaderField(name: "DPoP-Nonce", value: currentDPoPNonce ?? ""),
                ])
        }
    }

    /// `private_key_jwt` (OpenID Connect Core §9, RFC 7523 §3): the assertion must be a JWS by the
    /// registered key's algorithm that verifies with its public JWK, with `iss` = `sub` = the client id
    /// (`clientID`: the configured client or an additional one), `aud` the token endpoint or the issuer, `exp` in
    /// the future, and a `jti` not seen before.
    func verifyClientAssertion(_ key: ClientAssertionKey, _ value: (String) -> String?, clientID: String) -> Bool {
        guard value("client_assertion_type") == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
            let assertion = value("client_assertion"), let jws = try? JWS(compact: assertion),
            jws.header.algorithm == key.key.algorithm, let jwk = try? JWK(key.key.publicJWK),
            let verifier = JWSVerifier.defaults.first(where: { $0.algorithm == jws.header.algorithm }),
            (try? verifier.isValidSignature(jws.signature, signingInput: jws.signingInput, key: jwk)) == true,
            let claims = (try? JSONValue(parsing: jws.payload))?.objectValue
        else { return false }
        let audiences = claims["aud"]?.stringValue.map { [$0] } ?? claims["aud"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let now = clock.now().secondsSince1970
        return state.withLock { state in
            guard claims["iss"]?.stringValue == clientID, claims["sub"]?.stringValue == clientID,
                value("client_id").map({ $0 == clientID }) ?? true,
                audiences.contains(url(of: .token)) || audiences.contains(configuration.issuer),
                let expiry = claims["exp"]?.numberValue?.int64Value, expiry > now + state.skew,
                let jti = claims["jti"]?.stringValue, !state.usedAssertionIDs.contains(jti)
            else { return false }
            state.usedAssertionIDs.insert(jti)
            return true
        }
    }
}
