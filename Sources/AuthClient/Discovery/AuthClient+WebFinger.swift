// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension AuthClient {
    /// Finds the issuer of the OpenID Provider that serves `identifier` — an email-like `joe@example.com`, an
    /// `acct:` URI, a URL or a `host:port` the user typed — by WebFinger (OpenID Connect Discovery 1.0 §2,
    /// RFC 7033): normalizes it (``WebFingerQuery``), GETs `https://host/.well-known/webfinger?resource=…&rel=…`
    /// and reads the issuer link of the answer.
    ///
    /// ```swift
    /// let issuer = try await AuthClient.discoverIssuer(for: "joe@example.com", transport: URLSessionTransport())
    /// let configuration = try ClientConfiguration(issuer: issuer, clientID: "my-app", redirectURI: "com.example.app:/cb")
    /// let client = try await AuthClient.discover(configuration, transport: URLSessionTransport())
    /// ```
    ///
    /// The request is always https (RFC 7033 §4: a client must not fall back to http). The issuer found is
    /// only a suggestion the provider's own discovery document must confirm: ``discover(_:transport:store:clock:sleeper:logger:)``
    /// checks that its `issuer` is exactly the configured one. Throws ``AuthClientError/webFinger(_:)`` for
    /// input, status, JSON and link refusals, or the transport's error.
    public static func discoverIssuer(for identifier: String, transport: some HTTPTransport) async throws(AuthClientError) -> String {
        let query = try WebFingerQuery(normalizing: identifier)
        var request = TransportRequest(method: .get, url: query.url)
        request.setHeader("Accept", "application/jrd+json, application/json")
        let response = try await transport.exchange(request)
        guard response.status == 200 else { throw .webFinger(.status(response.status)) }
        return try query.issuer(fromResponse: response.body)
    }
}
