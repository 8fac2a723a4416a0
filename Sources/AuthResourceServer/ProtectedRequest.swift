// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthHTTP

/// The parts of an incoming HTTP request a resource server checks: method, absolute URL and header fields.
///
/// ```swift
/// let request = ProtectedRequest(
///     method: "POST", url: "https://mcp.example.com/mcp",
///     headerFields: [HeaderField(name: "Authorization", value: "Bearer " + accessToken)])
/// ```
///
/// `url` must be the URL the client used — scheme, host and port as the client saw them, not as a proxy
/// forwarded them — since a DPoP proof's `htu` is compared with it (RFC 9449 §4.3). Every field is given,
/// repeated ones included: several `Authorization` or `DPoP` fields are refused, not reduced to one.
public struct ProtectedRequest: Sendable, Hashable {
    /// The method, as sent (`GET`, `POST`).
    public var method: String
    /// The absolute URL the client requested, query included.
    public var url: String
    /// Every header field, in order, repeated names included.
    public var headerFields: [HeaderField]

    public init(method: String, url: String, headerFields: [HeaderField]) {
        self.method = method
        self.url = url
        self.headerFields = headerFields
    }

    /// The values of every field named `name`, in any case, in order.
    public func values(of name: String) -> [String] {
        headerFields.filter { $0.hasName(name) }.map(\.value)
    }
}

extension ProtectedRequest: CustomStringConvertible {
    /// The method, the URL without its query and the header names: never a credential.
    public var description: String {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        return "\(method) \(path) [\(headerFields.map(\.name).joined(separator: ", "))]"
    }
}
