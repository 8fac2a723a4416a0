// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthClient

#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

extension URLRequest {
    /// Foundation's `URLRequest` for a `TransportRequest`: method, URL, header fields (in order) and body.
    ///
    /// ```swift
    /// let request = TransportRequest(method: .get, url: "https://api.example.com/me")
    /// let urlRequest = try URLRequest(request)
    /// ```
    ///
    /// Throws `AuthClientError.transportFailed(_:)` with `.invalidURL` when Foundation cannot read the URL.
    /// An empty body becomes no body (`httpBody` nil).
    public init(_ request: TransportRequest) throws(AuthClientError) {
        guard let url = URL(string: request.url) else { throw .transportFailed(TransportFailure(.invalidURL)) }
        self.init(url: url)
        httpMethod = request.method.rawValue
        for field in request.headerFields { setValue(field.value, forHTTPHeaderField: field.name) }
        httpBody = request.body.isEmpty ? nil : Data(request.body)
    }
}

extension TransportRequest {
    /// A `TransportRequest` for Foundation's `URLRequest`: its method (GET when none), absolute URL,
    /// header fields and `httpBody`.
    ///
    /// ```swift
    /// var urlRequest = URLRequest(url: URL(string: "https://api.example.com/orders")!)
    /// urlRequest.httpMethod = "POST"
    /// let response = try await user.send(TransportRequest(urlRequest))
    /// ```
    ///
    /// `URLRequest` keeps header fields in a dictionary, so their order is lost: they come sorted by name.
    /// Throws `AuthClientError.unsupportedURLRequest(_:)` for a request without a URL, or with an
    /// `httpBodyStream` (read it into `httpBody` first). Cache policy, timeout and the other
    /// `URLRequest` settings are not carried: the transport decides those.
    public init(_ request: URLRequest) throws(AuthClientError) {
        guard let url = request.url else { throw .unsupportedURLRequest("it has no URL") }
        guard request.httpBodyStream == nil else {
            throw .unsupportedURLRequest("it has an httpBodyStream; set httpBody instead")
        }
        let fields = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map { HeaderField(name: $0.key, value: $0.value) }
        self.init(
            method: Method(rawValue: request.httpMethod ?? "GET"), url: url.absoluteString, headerFields: fields,
            body: request.httpBody.map(Array.init) ?? [])
    }
}
