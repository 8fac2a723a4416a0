// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An HTTP response as a transport returns it: status, header fields and body.
///
/// ```swift
/// let response = TransportResponse(status: 200, headerFields: [HeaderField(name: "Content-Type", value: "application/json")], body: Array(json.utf8))
/// response.header("content-type")   // "application/json"
/// ```
public struct TransportResponse: Hashable, Sendable {
    /// The status code (RFC 9110 §15).
    public var status: Int
    /// Header fields, in the order received.
    public var headerFields: [HeaderField]
    /// The body.
    public var body: [UInt8]

    public init(status: Int, headerFields: [HeaderField] = [], body: [UInt8] = []) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
    }

    /// The value of the first field named `name`, in any case.
    public func header(_ name: String) -> String? {
        headerFields.first { $0.hasName(name) }?.value
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}

extension TransportResponse: CustomStringConvertible {
    /// The status and the body's size; never the body, which may hold tokens.
    public var description: String { "HTTP \(status), body: \(body.count) bytes" }
}
