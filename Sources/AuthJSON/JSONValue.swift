// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A JSON value (RFC 8259), parsed strictly enough for JOSE and kept exactly as it was written.
///
/// ```swift
/// let header = try JSONValue(parsing: #"{"alg":"HS256","typ":"JWT"}"#)
/// header["alg"]?.stringValue              // "HS256"
/// header.serialized()                     // the same bytes back, compact
///
/// let claims: JSONValue = ["sub": "248289761001", "exp": 1311281970, "aud": ["s6BhdRkqt3"]]
/// ```
///
/// Numbers keep their literal text (``JSONNumber``), so an integer like `1311281970` is read back
/// exactly, never through a floating-point value. Objects keep their members in order and never hold
/// two members with the same name (``JSONObject``).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The Boolean, if this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The number, if this is a number.
    public var numberValue: JSONNumber? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The object, if this is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { value } else { nil }
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// The member named `name`, if this is an object that has one.
    public subscript(name: String) -> JSONValue? {
        objectValue?[name]
    }

    /// The name of this value's JSON type, for messages: `"null"`, `"boolean"`, `"number"`, `"string"`,
    /// `"array"` or `"object"`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let l), .bool(let r)): l == r
        case (.number(let l), .number(let r)): l == r
        case (.string(let l), .string(let r)): l.hasSameBytes(as: r)
        case (.array(let l), .array(let r)): l == r
        case (.object(let l), .object(let r)): l == r
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combineExactly(value)
        case .array(let value): hasher.combine(value)
        case .object(let value): hasher.combine(value)
        }
    }
}
