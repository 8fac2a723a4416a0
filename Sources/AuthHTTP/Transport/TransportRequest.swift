// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An HTTP request as the client makes it: method, absolute URL, header fields and body.
///
/// ```swift
/// var request = TransportRequest(method: .get, url: "https://api.example.com/me")
/// request.setHeader("Accept", "application/json")
/// let response = try await user.send(request)        // the client adds Authorization: Bearer
/// ```
///
/// Header names are compared case-insensitively (RFC 9110 §5.1); setting a field replaces any field of the
/// same name. The description never shows header values or the body, which may carry credentials.
public struct TransportRequest: Hashable, Sendable {
    /// An HTTP method (RFC 9110 §9), open like `HTTPRequest.Method` in swift-http-types.
    public struct Method: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let get = Method(rawValue: "GET")
        public static let post = Method(rawValue: "POST")
        public static let put = Method(rawValue: "PUT")
        public static let patch = Method(rawValue: "PATCH")
        public static let delete = Method(rawValue: "DELETE")
    }

    /// The method.
    public var method: Method
    /// The absolute URL, query included.
    public var url: String
    /// Header fields, in the order set.
    public private(set) var headerFields: [HeaderField]
    /// The body, empty for none.
    public var body: [UInt8]

    /// A request with no header fields unless given.
    public init(method: Method, url: String, headerFields: [HeaderField] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headerFields = []
        self.body = body
        for field in headerFields { setHeader(field.name, field.value) }
    }

    /// The value of the field named `name`, in any case.
    public func header(_ name: String) -> String? {
        headerFields.first { $0.hasName(name) }?.value
    }

    /// Sets the field `name` to `value`, replacing a field of the same name.
    public mutating func setHeader(_ name: String, _ value: String) {
        headerFields.removeAll { $0.hasName(name) }
        headerFields.append(HeaderField(name: name, value: value))
    }
}

extension TransportRequest: CustomStringConvertible {
    /// Method, URL without its query (which may carry a code or state), and the header names only.
    public var description: String {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        return "\(method.rawValue) \(path) [\(headerFields.map(\.name).joined(separator: ", "))] body: \(body.count) bytes"
    }
}
