// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJSON

/// One entry of `authorization_details` (RFC 9396 §2): a JSON object with a string `type` and whatever
/// members that type defines, kept exactly as written (member order included).
///
/// ```swift
/// var payment = JSONObject()
/// try payment.append("actions", ["initiate"])
/// try payment.append("instructedAmount", ["currency": "EUR", "amount": "123.50"])
/// let detail = AuthorizationDetail(type: "payment_initiation", payment)
/// var options = LoginOptions()
/// options.authorizationDetails = [detail]                          // sent as authorization_details
/// let granted = try response.authorizationDetails                  // a TokenResponse's (§7)
/// ```
///
/// Checked: each entry is an object with a non-empty string `type` (§2); when the provider lists
/// `authorization_details_types_supported` (§10), the request's types are among them. Not checked: the
/// members a type defines (`locations`, `actions`, …) — their meaning is the API's.
public struct AuthorizationDetail: Sendable, Hashable {
    /// `type`.
    public let type: String
    /// The whole entry, `type` included, as written.
    public let object: JSONObject

    /// An entry of `type` with `members` after it (a `type` among `members` is ignored).
    public init(type: String, _ members: JSONObject = JSONObject()) {
        var object = JSONObject()
        try? object.append("type", .string(type))
        for (name, value) in members.members where name != "type" { try? object.append(name, value) }
        self.type = type
        self.object = object
    }

    /// Reads one entry; throws ``AuthClientError/invalidAuthorizationDetails(_:)`` unless it is an object
    /// with a non-empty string `type`.
    public init(json value: JSONValue) throws(AuthClientError) {
        guard let object = value.objectValue else { throw .invalidAuthorizationDetails("an entry is not a JSON object") }
        guard let type = object["type"]?.stringValue, !type.isEmpty else {
            throw .invalidAuthorizationDetails("an entry has no string type")
        }
        self.type = type
        self.object = object
    }

    /// A member of the entry, as written.
    public subscript(name: String) -> JSONValue? { object[name] }

    /// Reads a JSON array of entries (the form parameter's value, RFC 9396 §2, or the token response
    /// member, §7).
    public static func array(json value: JSONValue) throws(AuthClientError) -> [AuthorizationDetail] {
        guard let array = value.arrayValue else { throw .invalidAuthorizationDetails("not a JSON array") }
        var details: [AuthorizationDetail] = []
        for element in array { details.append(try AuthorizationDetail(json: element)) }
        return details
    }

    /// Reads the JSON text of an array of entries.
    public static func array(json text: String) throws(AuthClientError) -> [AuthorizationDetail] {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: text)
        } catch {
            throw .invalidAuthorizationDetails("not JSON")
        }
        return try array(json: value)
    }

    /// The entries as the JSON text of the `authorization_details` form parameter (RFC 9396 §2).
    public static func serialized(_ details: [AuthorizationDetail]) -> String {
        String(decoding: JSONValue.array(details.map { .object($0.object) }).serialized(), as: UTF8.self)
    }
}
