// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension ClientIDMetadataDocument {
    /// Fetches the document at `url` and checks it as ``init(json:url:)`` does — above all that its
    /// `client_id` is `url` exactly. What an authorization server does with a URL-shaped `client_id`
    /// (draft-ietf-oauth-client-id-metadata-document §4); an app runs it against its own hosting before it
    /// sets ``MCPAuthorization/Options/clientIDMetadataDocumentURL``.
    ///
    /// ```swift
    /// let served = try await ClientIDMetadataDocument.fetch(from: "https://agent.example.com/oauth/client.json",
    ///                                                       transport: URLSessionTransport())
    /// ```
    ///
    /// A status other than 200 is ``AuthClientError/unexpectedResponse(endpoint:status:reason:)``. Not done:
    /// HTTP caching, and the server-side policy checks of the draft's §6 (which hosts to trust).
    public static func fetch(from url: String, transport: some HTTPTransport) async throws(AuthClientError) -> ClientIDMetadataDocument {
        try checkClientID(url)
        var request = TransportRequest(method: .get, url: url)
        request.setHeader("Accept", "application/json")
        let response = try await transport.exchange(request)
        guard response.status == 200 else {
            throw .unexpectedResponse(
                endpoint: "client ID metadata document", status: response.status,
                reason: "expected 200 with the client's metadata (draft-ietf-oauth-client-id-metadata-document §4)")
        }
        guard response.body.count <= maximumBodyBytes else {
            throw .unexpectedResponse(
                endpoint: "client ID metadata document", status: response.status,
                reason: "the document is \(response.body.count) bytes, over the limit of \(maximumBodyBytes)")
        }
        return try ClientIDMetadataDocument(json: response.body, url: url)
    }

    /// The largest document read (64 KiB; the draft suggests servers take about 5 KB).
    public static let maximumBodyBytes = 64 * 1024
}
