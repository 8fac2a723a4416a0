// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthClient
import AuthDigest
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

    /// Checks the `DPoP` header of `request` (RFC 9449 §4.3): one header, a JWS with `typ` dpop+jwt, an
    /// ES256 signature by the public `jwk` it carries, a `jti` not seen before, `htm` equal to the request's
    /// method, `htu` equal to its URL without query or fragment once both are normalized (RFC 9449 §4.3
    /// item 9 and its note: RFC 3986 §6.2.2–§6.2.3), `iat` within the allowed age either way,
    /// `ath` equal to the hash of `accessToken` when one is presented, and the current nonce when demanded.
    /// Returns the key's thumbprint, or nil when there is no DPoP header.
    func verifyDPoPProof(_ request: TransportRequest, accessToken: String?, state: inout ProviderState, now: Int64)
        -> Result<String, DPoPRefusal>?
    {
        let headers = request.headerFields.filter { $0.hasName("DPoP") }
        guard !headers.isEmpty else { return nil }
        guard headers.count == 1 else { return .failure(.invalid("more than one DPoP header")) }
        guard let jws = try? JWS(compact: headers[0].value) else { return .failure(.invalid("not a compact JWS")) }
        guard jws.header.type == "dpop+jwt" else { return .failure(.invalid("typ is not dpop+jwt")) }
        guard jws.header.algorithm == .es256 else { return .failure(.invalid("alg is not ES256")) }
        guard let jwkObject = jws.header.parameters["jwk"]?.objectValue, let jwk = try? JWK(jwkObject) else {
            return .failure(.invalid("jwk is missing, not a public key, or holds private members"))
        }
        guard (try? JWSVerifier.es256.isValidSignature(jws.signature, signingInput: jws.signingInput, key: jwk)) == true else {
            return .failure(.invalid("the signature does not verify with jwk"))
        }
        guard let claims = (try? JSONValue(parsing: jws.payload))?.objectValue else { return .failure(.invalid("claims are not JSON")) }
        guard let jti = claims["jti"]?.stringValue, !jti.isEmpty else { return .failure(.invalid("no jti")) }
        guard claims["htm"]?.stringValue == request.method.rawValue else { return .failure(.invalid("htm is not the request's method")) }
        guard let htu = claims["htu"]?.stringValue, Self.normalizedTarget(htu) == Self.normalizedTarget(request.url) else {
            return .failure(.invalid("htu is not the request's URL"))
        }
        guard let issuedAt = claims["iat"]?.numberValue?.int64Value else { return .failure(.invalid("no iat")) }
        let time = now + state.skew
        guard abs(time - issuedAt) <= configuration.dpopProofMaximumAgeSeconds else {
            return .failure(.invalid("iat is too far from the server's time"))
        }
        if let accessToken {
            let expected = Base64URL.encode(SHA256.hash(data: Array(accessToken.utf8)))
            guard claims["ath"]?.stringValue == expected else { return .failure(.invalid("ath is missing or not the access token's hash")) }
        }
        if configuration.requiresDPoPNonce {
            if state.dpopNonce == nil { state.dpopNonce = "nonce-\(state.token().prefix(16))" }
            guard claims["nonce"]?.stringValue == state.dpopNonce else { return .failure(.nonceRequired) }
        }
        guard !state.usedProofIDs.contains(jti) else { return .failure(.invalid("jti was used before (a replay)")) }
        state.usedProofIDs.insert(jti)
        guard let thumbprint = try? jwk.thumbprint() else { return .failure(.invalid("no thumbprint for jwk")) }
        return .success(thumbprint)
    }

    /// A URL as `htu` is compared (RFC 9449 §4.3): normalized (RFC 3986 §6.2.2–§6.2.3), without user
    /// information, query and fragment; cut at `?` or `#` when it does not parse.
    static func normalizedTarget(_ url: String) -> String {
        (try? URI(parsing: url))?.normalizedTarget ?? String(url.prefix { $0 != "?" && $0 != "#" })
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
        switch refusal {
        case .invalid(let reason):
            return TransportResponse(
                status: 401,
                headerFields: [
                    HeaderField(
                        name: "WWW-Authenticate",
                        value: "DPoP error=\"invalid_dpop_proof\", error_description=\"\(reason)\", algs=\"ES256\"")
                ])
        case .nonceRequired:
            return TransportResponse(
                status: 401,
                headerFields: [
                    HeaderField(
                        name: "WWW-Authenticate",
                        value: "DPoP error=\"use_dpop_nonce\", error_description=\"nonce required\", algs=\"ES256\""),
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
