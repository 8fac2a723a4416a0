// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthClient
public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

extension TransportResponse {
    /// A `TransportResponse` for Foundation's `HTTPURLResponse` and the body that came with it.
    ///
    /// ```swift
    /// let (data, response) = try await URLSession.shared.data(for: urlRequest)
    /// if let http = response as? HTTPURLResponse { let transportResponse = TransportResponse(http, body: data) }
    /// ```
    ///
    /// `HTTPURLResponse` keeps header fields in a dictionary (fields of one name already joined by
    /// Foundation, RFC 9110 §5.3), so they come sorted by name.
    public init(_ response: HTTPURLResponse, body: Data) {
        var fields: [HeaderField] = []
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields.append(HeaderField(name: name, value: value)) }
        }
        fields.sort { $0.name < $1.name }
        self.init(status: response.statusCode, headerFields: fields, body: Array(body))
    }
}

extension HTTPURLResponse {
    /// Foundation's `HTTPURLResponse` for a `TransportResponse` received from `url` (the body goes beside
    /// it, as `Data(response.body)`); nil when Foundation refuses the status.
    ///
    /// ```swift
    /// let response = try await user.send(request)
    /// let http = HTTPURLResponse(response, url: url)
    /// ```
    ///
    /// Fields of one name are joined into one value with ", " (RFC 9110 §5.3), as a dictionary requires;
    /// the HTTP version is reported as HTTP/1.1.
    public convenience init?(_ response: TransportResponse, url: URL) {
        var fields: [String: String] = [:]
        var names: [String: String] = [:]  // lowercased name → the first spelling seen
        for field in response.headerFields {
            let key = field.name.lowercased()
            let name = names[key] ?? field.name
            names[key] = name
            fields[name] = fields[name].map { $0 + ", " + field.value } ?? field.value
        }
        self.init(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: fields)
    }
}
