// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension AuthClient {
    /// Exchanges a token at the token endpoint (RFC 8693 §2.1) with this client's authentication, and
    /// reads the response (§2.2.1).
    ///
    /// ```swift
    /// let tokens = try #require(await user.tokens)
    /// let exchanged = try await client.exchangeToken(TokenExchangeRequest(
    ///     subjectToken: tokens.accessToken, subjectTokenType: .accessToken,
    ///     requestedTokenType: .accessToken, resources: ["https://backend.example.com/api"]))
    /// ```
    ///
    /// Checked: the resources are absolute URIs without a fragment (`invalidResource`); the response is
    /// valid (``TokenExchangeResponse``); when a `requested_token_type` was sent, `issued_token_type` is that
    /// type (`invalidTokenExchangeResponse`). A refusal (§2.2.2: `invalid_request`, `invalid_target`, …) is
    /// `tokenEndpoint` with the OAuth error as sent. Not retried; nothing is stored.
    public func exchangeToken(_ request: TokenExchangeRequest) async throws(AuthClientError) -> TokenExchangeResponse {
        try ResourceIndicator.check(request.resources)
        let receivedAt = clock.now()
        let response = try await send(form: request.formParameters, to: metadata.tokenEndpoint)
        guard response.status == 200 else {
            _ = try Self.readTokenResponse(response)  // throws the OAuth error, or the status
            throw .unexpectedResponse(endpoint: "token", status: response.status, reason: "expected 200")
        }
        let exchanged = try TokenExchangeResponse(json: response.body, receivedAt: receivedAt)
        if let requested = request.requestedTokenType, exchanged.issuedTokenType != requested {
            throw .invalidTokenExchangeResponse("issued_token_type is \(exchanged.issuedTokenType), not the requested \(requested)")
        }
        return exchanged
    }
}
