// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
public import AuthCredentials
import AuthJSON
import AuthJWT
import AuthSession

extension AuthClient {
    /// Sends `request` with the access token of `tokens`: `Authorization: DPoP` and a `DPoP` proof with
    /// `ath` when the token is DPoP-bound (RFC 9449 §7.1), else `Authorization: Bearer` (RFC 6750 §2.1).
    ///
    /// ```swift
    /// let response = try await client.send(request, authorizedWith: tokens)   // User.send also refreshes
    /// ```
    ///
    /// A 401 whose `WWW-Authenticate: DPoP` challenge has `error="use_dpop_nonce"` and that carries a
    /// `DPoP-Nonce` (RFC 9449 §9) is retried exactly once with a proof holding that nonce; the nonce is kept
    /// per server for later proofs. Any other answer is returned as it is.
    ///
    /// A DPoP request goes to the URL normalized (RFC 3986 §6.2.2–§6.2.3: `HTTPS://API.example.com:443/a/../r`
    /// is sent as `https://api.example.com/r`), and that is the proof's `htu` (RFC 9449 §4.2, §4.3), so the
    /// server compares the URI it received with the one the proof names.
    ///
    /// The URL must be https, or http to a loopback host (`127.0.0.1`, `[::1]`, `localhost`) when the
    /// configuration allows an insecure loopback issuer: an access token is never sent in the clear (RFC 6750
    /// §5.3). Otherwise this throws ``AuthClientError/insecureURL(name:url:)`` and sends nothing. It is the
    /// one rule for every request that carries the user's token; ``User/send(_:)`` applies it too.
    public func send(_ request: TransportRequest, authorizedWith tokens: TokenSet) async throws(AuthClientError) -> TransportResponse {
        try await send(request, authorizedWith: tokens, tokenInBody: false)
    }

    /// ``send(_:authorizedWith:)``, with a Bearer token in the form body (RFC 6750 §2.2) when `tokenInBody`
    /// is true; a DPoP-bound token keeps the header form with its proof.
    func send(_ request: TransportRequest, authorizedWith tokens: TokenSet, tokenInBody: Bool) async throws(AuthClientError)
        -> TransportResponse
    {
        try checkTokenDestination(request.url)
        guard tokens.isDPoPBound else {
            let authorized = tokenInBody ? User.authorizedInBody(request, with: tokens) : User.authorized(request, with: tokens)
            return try await transport.exchange(authorized)
        }
        guard let key = tokens.dpopKey else { throw .unexpectedTokenType(tokens.tokenType ?? "DPoP") }
        // Sent to the normalized URL, so the server's target URI is the proof's htu (RFC 9449 §4.3).
        let url = DPoPProof.normalizedURL(request.url)
        var retried = false
        while true {
            var authorized = request
            authorized.url = url
            authorized.setHeader("Authorization", "DPoP " + tokens.accessToken)
            authorized.setHeader(
                "DPoP",
                try await DPoPProof.make(
                    key: key, method: request.method.rawValue, url: url, accessToken: tokens.accessToken, nonce: dpopNonce(for: url),
                    now: clock.now()))
            let response = try await transport.exchange(authorized)
            let nonce = remember(dpopNonceFrom: response, for: url)
            guard !retried, response.status == 401, nonce != nil, Self.challengesForDPoPNonce(response) else { return response }
            retried = true
        }
    }

    /// Where an access token may be sent (RFC 6750 §5.3): an https URL, or loopback http when the
    /// configuration allows an insecure loopback issuer. The one check behind ``send(_:authorizedWith:)`` and
    /// ``User/send(_:)`` (which makes it before it refreshes, so an insecure URL spends no refresh token).
    func checkTokenDestination(_ url: String) throws(AuthClientError) {
        try SecureURL.check(url, name: "request URL", allowsInsecureLoopback: configuration.allowsInsecureLoopbackIssuer)
    }

    /// Sends a token-endpoint (or other authorization-server) form with client authentication and, when
    /// `dpopKey` is given, a DPoP proof — to the endpoint normalized as the proof's `htu` is (RFC 9449 §4.3);
    /// an answer `400 error=use_dpop_nonce` with a `DPoP-Nonce` header (RFC 9449 §8) is retried exactly once
    /// with that nonce.
    func send(form parameters: [FormParameter], to endpoint: String, dpopKey: P256PrivateKey?) async throws(AuthClientError)
        -> TransportResponse
    {
        guard let dpopKey else { return try await send(form: parameters, to: endpoint) }
        let endpoint = DPoPProof.normalizedURL(endpoint)
        var retried = false
        while true {
            let proof = try await DPoPProof.make(
                key: dpopKey, method: "POST", url: endpoint, accessToken: nil, nonce: dpopNonce(for: endpoint), now: clock.now())
            let response = try await send(form: parameters, to: endpoint, headers: [HeaderField(name: "DPoP", value: proof)])
            let nonce = remember(dpopNonceFrom: response, for: endpoint)
            guard !retried, response.status == 400 || response.status == 401, nonce != nil,
                Self.oauthError(of: response) == "use_dpop_nonce"
            else { return response }
            retried = true
        }
    }

    /// The tokens of a token response to a request that proved `dpopKey` (or none) — every token-endpoint
    /// path that sends a DPoP proof (code exchange, refresh, device grant) reads its answer here: `token_type`
    /// DPoP is accepted only when a proof was sent (RFC 9449 §5). A Bearer answer to a DPoP request is kept
    /// as Bearer, with the key, which the refresh token may still be bound to — unless the configuration
    /// ``ClientConfiguration/requiresDPoPBoundTokens``: then it throws `dpopBindingRequired`. Its
    /// `authorization_details` are checked against those the request carried (`requested`, RFC 9396 §7:
    /// see `checkGrantedAuthorizationDetails(_:requested:event:)`) and kept in the set as granted.
    func tokenSet(
        _ response: TokenResponse, receivedAt: NumericDate, dpopKey: P256PrivateKey?, requested: [AuthorizationDetail] = [],
        event: AuthLogRecord.Event = .codeExchange
    ) throws(AuthClientError) -> TokenSet {
        try checkGrantedAuthorizationDetails(response, requested: requested, event: event)
        let set = TokenSet(response, receivedAt: receivedAt, dpopKey: dpopKey)
        if set.isDPoPBound && dpopKey == nil { throw .unexpectedTokenType(response.tokenType) }
        if dpopKey != nil, !set.isDPoPBound, configuration.requiresDPoPBoundTokens {
            throw .dpopBindingRequired(tokenType: response.tokenType)
        }
        return set
    }

    /// A fresh DPoP key from `generator` when the configuration asks for DPoP.
    func newDPoPKey(using generator: inout some RandomNumberGenerator) -> P256PrivateKey? {
        configuration.usesDPoP ? P256PrivateKey.generate(using: &generator) : nil
    }

    private func dpopNonce(for url: String) -> String? {
        let origin = DPoPProof.origin(url)
        return dpopNonces.withLock { $0[origin] }
    }

    /// Keeps the `DPoP-Nonce` of a response (any response may carry a fresh one, RFC 9449 §8.2, §9.1).
    private func remember(dpopNonceFrom response: TransportResponse, for url: String) -> String? {
        guard let nonce = response.header("DPoP-Nonce"), !nonce.isEmpty else { return nil }
        let origin = DPoPProof.origin(url)
        dpopNonces.withLock { $0[origin] = nonce }
        return nonce
    }

    /// The `error` of an OAuth error body (RFC 6749 §5.2), if the body is one.
    private static func oauthError(of response: TransportResponse) -> String? {
        guard let value = try? JSONValue(parsing: response.body) else { return nil }
        return value["error"]?.stringValue
    }

    /// Whether a 401 challenges with `DPoP error="use_dpop_nonce"` (RFC 9449 §9), read with the
    /// `WWW-Authenticate` parser (tolerant: an unreadable field is no challenge).
    static func challengesForDPoPNonce(_ response: TransportResponse) -> Bool {
        response.challenges.contains { $0.isScheme("DPoP") && $0.error == .useDPoPNonce }
    }
}
